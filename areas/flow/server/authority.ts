// Who approves a node (spec §6 'Approval-node authority'), resolved when the node is reached:
// positions from master data `position` (holder, is-manager), the reporting line from the `org`
// tree, roles from the users' roles, and the initiator. docs/flow.md lists the meaning of each.
import { INITIATOR_AUTHORITIES, ROLE_AUTHORITIES, type FlowNode } from '@seamline/core';
import { and, eq, inArray, isNotNull, isUuid, role, userClient, userRole, type Tx } from '@seamline/server/api';
import { md_org, md_position } from '../../masterdata/server/schema';

type Col = Record<string, any>; // engine tables are keyed by field name
const pos = md_position as unknown as Col;
const org = md_org as unknown as Col;

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim()) : []);

/** The organizations of the positions a user holds. */
async function orgsOf(tx: Tx, clientId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ org: pos.org_id })
    .from(md_position)
    .where(and(eq(pos.client_id, clientId), eq(pos.user_id, userId), isNotNull(pos.org_id)));
  return [...new Set(rows.map((r) => r.org as string))];
}

/** parent of every org of the company. */
async function orgParents(tx: Tx, clientId: string): Promise<Map<string, string | null>> {
  const rows = await tx.select({ id: org.id, parent: org.parent_id }).from(md_org).where(eq(org.client_id, clientId));
  return new Map(rows.map((r) => [r.id as string, (r.parent as string | null) ?? null]));
}

/** An org and its ancestors, nearest first (a cycle cannot loop: each org is visited once). */
function upward(start: string, parents: Map<string, string | null>): string[] {
  const out: string[] = [];
  for (let at: string | null = start; at && !out.includes(at); at = parents.get(at) ?? null) out.push(at);
  return out;
}

async function positionHolders(tx: Tx, clientId: string, codes: string[], orgIds?: string[]): Promise<string[]> {
  if (codes.length === 0 || (orgIds && orgIds.length === 0)) return [];
  const rows = await tx
    .select({ user: pos.user_id })
    .from(md_position)
    .where(and(eq(pos.client_id, clientId), inArray(pos.code, codes), isNotNull(pos.user_id), orgIds ? inArray(pos.org_id, orgIds) : undefined));
  return rows.map((r) => r.user as string);
}

async function roleMembers(tx: Tx, clientId: string, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ user: userRole.userId })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.clientId, userRole.clientId)))
    .innerJoin(userClient, and(eq(userClient.userId, userRole.userId), eq(userClient.clientId, userRole.clientId)))
    .where(and(eq(userRole.clientId, clientId), inArray(role.code, codes)));
  return rows.map((r) => r.user);
}

/** The manager(s) of the initiator's organization, else of the nearest ancestor that has one other than the initiator. */
async function reportingManagers(tx: Tx, clientId: string, initiatorId: string): Promise<string[]> {
  const parents = await orgParents(tx, clientId);
  const managers = await tx
    .select({ user: pos.user_id, org: pos.org_id })
    .from(md_position)
    .where(and(eq(pos.client_id, clientId), eq(pos.is_manager, true), isNotNull(pos.user_id), isNotNull(pos.org_id)));
  for (const start of await orgsOf(tx, clientId, initiatorId)) {
    for (const at of upward(start, parents)) {
      const here = managers.filter((m) => m.org === at && m.user !== initiatorId).map((m) => m.user as string);
      if (here.length) return here;
    }
  }
  return [];
}

/** The node's approvers (user ids, no duplicates), plus `extra` users added to it. */
export async function resolveApprovers(tx: Tx, clientId: string, node: FlowNode, initiatorId: string, extra: string[] = []): Promise<string[]> {
  const authority = node.authority ?? 'INITIATOR';
  const out: string[] = [];
  if (INITIATOR_AUTHORITIES.includes(authority)) out.push(initiatorId);
  const positions = list(node.positions);
  if (authority === 'FIXED_POSITIONS') out.push(...(await positionHolders(tx, clientId, positions)));
  if (authority === 'POSITIONS' || authority === 'INITIATOR_POSITIONS') {
    // "Other positions": the named positions along the initiator's organization line.
    const own = await orgsOf(tx, clientId, initiatorId);
    const parents = own.length ? await orgParents(tx, clientId) : new Map<string, string | null>();
    const line = own.length ? [...new Set(own.flatMap((o) => upward(o, parents)))] : undefined;
    out.push(...(await positionHolders(tx, clientId, positions, line)).filter((u) => u !== initiatorId));
  }
  if (ROLE_AUTHORITIES.includes(authority)) out.push(...(await roleMembers(tx, clientId, list(node.roles))));
  if (authority === 'REPORTING_MANAGER') out.push(...(await reportingManagers(tx, clientId, initiatorId)));
  // Users named on the node count only while they are members of the company.
  const named = list(node.users).filter(isUuid);
  if (named.length) {
    const members = await tx
      .select({ user: userClient.userId })
      .from(userClient)
      .where(and(eq(userClient.clientId, clientId), inArray(userClient.userId, named)));
    out.push(...named.filter((u) => members.some((m) => m.user === u)));
  }
  out.push(...extra);
  return [...new Set(out)];
}

// The designer beyond the engine's generic endpoints: copying a flow under a new code, checking a
// flow without saving it, the flows as picker options, and the project type's check that its node
// status exists under its flow (CFG-15).
import { flowText, validateFlow, type FlowProcess } from '@seamline/core';
import {
  and, asc, BizError, eq, inArray, type Tx, readDocument, saveDocuments, usageHooks, type EntityHooks, type SaveContext, type UsageFinder,
  type Registry,
} from '@seamline/server/api';
import { cpm_process, cpm_process_nodes, cpm_project_type, cpmInstance } from './schema';

type Col = Record<string, any>;
const proc = cpm_process as unknown as Col;
const procNodes = cpm_process_nodes as unknown as Col;
const ptype = cpm_project_type as unknown as Col;

/** Copies a process (with its nodes) under a new code: 'flow copied', else 'flow copy failed'. */
export async function copyProcess(tx: Tx, registry: Registry, sourceId: string, code: string, name: string | undefined, ctx: SaveContext) {
  const newCode = code.trim().toUpperCase();
  if (newCode === '') throw new BizError('flow.copyCodeEmpty');
  const reg = registry.get('cpm-process')!;
  const source = await readDocument(tx, reg, sourceId, ctx);
  if (!source) throw new BizError('flow.copyFailed');
  const [taken] = await tx.select({ id: proc.id }).from(cpm_process).where(and(eq(proc.client_id, ctx.clientId), eq(proc.code, newCode)));
  if (taken) throw new BizError('flow.copyFailed');
  const strip = ({ id: _id, _labels: _l, ...rest }: Record<string, unknown>) => rest;
  const nodes = ((source.nodes as Record<string, unknown>[]) ?? []).map(strip);
  const doc = { code: newCode, name: name?.trim() || source.name, comment: source.comment, tag: source.tag, nodes };
  try {
    const [saved] = await saveDocuments(tx, reg, [doc], ctx);
    return readDocument(tx, reg, saved.id, ctx);
  } catch {
    throw new BizError('flow.copyFailed');
  }
}

/** validateFlow with the texts in the user's language (the designer's check button). */
export function checkProcess(process: FlowProcess, lang: string) {
  const problems = validateFlow(process).map((p) => ({ ...p, message: flowText(lang, p.key) }));
  return { ok: problems.length === 0, problems };
}

/** Every process of the company with its node statuses, for pickers (project types, forms' scenarios). */
export async function processOptions(tx: Tx, clientId: string) {
  const processes = await tx
    .select({ id: proc.id, code: proc.code, name: proc.name })
    .from(cpm_process)
    .where(eq(proc.client_id, clientId))
    .orderBy(asc(proc.code));
  if (processes.length === 0) return [];
  const nodes = await tx
    .select({ parent: procNodes.parent_id, seq: procNodes.node_seq, status_code: procNodes.status_code, text: procNodes.text, color: procNodes.color })
    .from(cpm_process_nodes)
    .where(and(eq(procNodes.client_id, clientId), inArray(procNodes.parent_id, processes.map((p) => p.id))))
    .orderBy(asc(procNodes.node_seq));
  return processes.map((p) => ({
    code: p.code,
    name: p.name,
    nodes: nodes.filter((n) => n.parent === p.id).map(({ parent: _p, ...n }) => n),
  }));
}

async function statusesOf(tx: Tx, clientId: string, code: string): Promise<string[] | null> {
  const [p] = await tx.select({ id: proc.id }).from(cpm_process).where(and(eq(proc.client_id, clientId), eq(proc.code, code)));
  if (!p) return null;
  const rows = await tx
    .select({ s: procNodes.status_code })
    .from(cpm_process_nodes)
    .where(and(eq(procNodes.client_id, clientId), eq(procNodes.parent_id, p.id)));
  return rows.map((r) => r.s as string);
}

/** CFG-15: a project type's flow must exist and its node status must be one of that flow's statuses. */
export const projectTypeHooks: EntityHooks = {
  async beforeWrite(tx, docs, ctx) {
    for (const doc of docs) {
      const flow = String(doc.merged.flow ?? '').trim();
      const status = String(doc.merged.node_status ?? '').trim();
      if (!flow) {
        if (status) doc.error('node_status', flowText(ctx.lang, 'flow.nodeStatusNotInFlow'));
        continue;
      }
      const statuses = await statusesOf(tx, ctx.clientId, flow);
      if (!statuses) doc.error('flow', flowText(ctx.lang, 'flow.flowMissing'));
      else if (status && !statuses.includes(status)) doc.error('node_status', flowText(ctx.lang, 'flow.nodeStatusNotInFlow'));
    }
  },
};

/** A project type's flow (other areas: sourcing reads which flow its projects run through). */
export async function projectTypeFlow(tx: Tx, clientId: string, code: string): Promise<{ flow: string | null; node_status: string | null } | null> {
  const [row] = await tx
    .select({ flow: ptype.flow, node_status: ptype.node_status })
    .from(cpm_project_type)
    .where(and(eq(ptype.client_id, clientId), eq(ptype.code, code)));
  return row ? { flow: (row.flow as string) || null, node_status: (row.node_status as string) || null } : null;
}

/**
 * A process is in use by the project types naming its code and by documents running through it
 * (spec §8 'process in use … still process'): deleting it or changing its code asks first.
 * Running documents keep the nodes they were submitted with, so going ahead strands nobody.
 */
const processUsage: UsageFinder = {
  async find(tx, ids, ctx) {
    const codes = (await tx.select({ code: proc.code }).from(cpm_process).where(and(eq(proc.client_id, ctx.clientId), inArray(proc.id, [...ids])))).map((r) => r.code as string);
    const types = codes.length
      ? await tx.select({ code: ptype.code }).from(cpm_project_type).where(and(eq(ptype.client_id, ctx.clientId), inArray(ptype.flow, codes)))
      : [];
    const running = await tx
      .select({ title: cpmInstance.title })
      .from(cpmInstance)
      .where(and(eq(cpmInstance.clientId, ctx.clientId), inArray(cpmInstance.processId, [...ids]), eq(cpmInstance.status, 'PENDING_ARRPOVE')));
    const count = types.length + running.length;
    if (count === 0) return null;
    return {
      count,
      where: [
        ...types.map((t) => flowText(ctx.lang, 'flow.usedByProjectType', { code: String(t.code) })),
        ...running.map((r) => flowText(ctx.lang, 'flow.usedByDocument', { title: r.title })),
      ],
    };
  },
};

export const processHooks: EntityHooks = usageHooks([processUsage], { fields: ['code'], message: 'flow.inUse' });

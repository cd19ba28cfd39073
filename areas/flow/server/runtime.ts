// The approval runtime (CPM, docs/flow.md): a document's instance walks the flow's nodes. Every
// operation runs in the caller's tenant transaction and starts by locking the instance row, so
// two approvers acting at once take turns: the second sees the node moved on (409) or, on an
// 'and' node, records its own approval. Each node visit has a number (`node_version`) that a push
// names, and a push's `request_id` is stored with its history row, so a retried request is
// answered without acting twice.
import {
  DOC_ACTION_LABELS,
  evalCondition,
  flowText,
  nextNode,
  nodeSequence,
  rollbackTargets,
  signDecision,
  t,
  validateFlow,
  type ApproverOutcome,
  type FlowNode,
  type TransitionDef,
} from '@seamline/core';
import {
  and, appUser, asc, BizError, conflict, eq, forbidden, gte, HttpError, inArray, isUuid, notFound, notify, sql, userClient, type Session,
  type Tx, auditLog, readDocument, type SaveContext, type Registered, type Registry, type FlowNodeStatus, type Row,
} from '@seamline/server/api';
import { resolveApprovers } from './authority';
import { boundProcessCode } from './binding';
import { cpm_process, cpm_process_nodes, cpmHistory, cpmInstance, cpmNodeUser, cpmTask } from './schema';

type Col = Record<string, any>; // engine tables are keyed by field name
const proc = cpm_process as unknown as Col;
const procNodes = cpm_process_nodes as unknown as Col;

export type Instance = typeof cpmInstance.$inferSelect;
export type PushAction = 'APPROVE' | 'RETURN' | 'ROLLBACK';

export const RUNNING = 'PENDING_ARRPOVE';

/** Who acts: the session's user in the session's company. */
export interface FlowActor {
  userId: string;
  clientId: string;
  isAdmin: boolean;
  lang: string;
}

export function actorOf(session: Session, lang: string): FlowActor {
  return { userId: session.userId, clientId: session.clientId, isAdmin: session.userType === 'ADMIN', lang };
}

/** Notifications gathered during an operation, sent at its end (same transaction). */
interface Note {
  to: string[];
  key: string;
  params: Record<string, string>;
  /** A `message` parameter that differs by language (a refused step's reason). */
  both?: { en: string; zh: string };
}

interface Run {
  tx: Tx;
  registry: Registry;
  inst: Instance;
  actor: FlowActor;
  notes: Note[];
}

// ---------------------------------------------------------------------------------------------
// Process definitions

export interface ProcessSnapshot {
  id: string;
  code: string;
  name: string;
  nodes: FlowNode[];
}

const NODE_FIELDS = [
  'node_seq', 'status_code', 'text', 'color', 'approve_type', 'reject_type', 'steps', 'launch_action', 'launch_text',
  'is_end', 'sign_type', 'authority', 'positions', 'roles', 'users', 'pre_rules',
] as const;

/** A company's process by code with its nodes in flow order, or null. */
export async function loadProcess(tx: Tx, clientId: string, code: string): Promise<ProcessSnapshot | null> {
  const [p] = await tx
    .select({ id: proc.id, code: proc.code, name: proc.name })
    .from(cpm_process)
    .where(and(eq(proc.client_id, clientId), eq(proc.code, code)));
  if (!p) return null;
  const rows = await tx
    .select(Object.fromEntries(NODE_FIELDS.map((f) => [f, procNodes[f]])))
    .from(cpm_process_nodes)
    .where(and(eq(procNodes.client_id, clientId), eq(procNodes.parent_id, p.id)))
    .orderBy(asc(procNodes.node_seq), asc(procNodes.seq));
  return { id: p.id, code: p.code, name: p.name, nodes: rows as unknown as FlowNode[] };
}

const nodesOf = (inst: Instance) => inst.nodes as FlowNode[];
const nodeAt = (inst: Instance, seq: number | null) => nodesOf(inst).find((n) => Number(n.node_seq) === seq);
const nodeName = (n: FlowNode | undefined) => String(n?.text || n?.status_code || '');

// ---------------------------------------------------------------------------------------------
// Writing

async function history(r: Run, action: string, extra: { seq?: number | null; comment?: string | null; target?: number | null; requestId?: string | null } = {}) {
  const node = nodeAt(r.inst, extra.seq ?? null);
  await r.tx.insert(cpmHistory).values({
    clientId: r.inst.clientId,
    instanceId: r.inst.id,
    seq: extra.seq ?? null,
    statusCode: node?.status_code ?? null,
    userId: r.actor.userId,
    action,
    comment: extra.comment ?? null,
    targetSeq: extra.target ?? null,
    requestId: extra.requestId ?? null,
    // clock_timestamp: several steps of one transaction keep their order.
    at: sql`clock_timestamp()`,
  });
}

async function saveInstance(r: Run, set: Partial<Instance>) {
  Object.assign(r.inst, set);
  await r.tx
    .update(cpmInstance)
    .set({ ...set, version: sql`${cpmInstance.version} + 1`, updatedBy: r.actor.userId, updatedAt: sql`now()` } as never)
    .where(eq(cpmInstance.id, r.inst.id));
}

/** Closes the open to-dos of the instance (an 'or' node decided, a return, a rollback). */
async function closePending(r: Run) {
  await r.tx
    .update(cpmTask)
    .set({ outcome: 'CANCELLED', actedAt: sql`now()` })
    .where(and(eq(cpmTask.instanceId, r.inst.id), eq(cpmTask.outcome, 'PENDING')));
}

/** Moves the document's lifecycle status (the engine's columns and audit trail). */
async function setDocStatus(r: Run, to: string, action: string) {
  const reg = r.registry.get(r.inst.entity);
  if (!reg) return;
  const t = reg.tables.main as unknown as Col;
  const [row] = await r.tx
    .select({ status: t.status })
    .from(reg.tables.main)
    .where(and(eq(t.client_id, r.inst.clientId), eq(t.id, r.inst.recordId)))
    .for('update');
  if (!row) return;
  await r.tx
    .update(reg.tables.main)
    .set({ status: to, version: sql`${t.version} + 1`, updated_by: r.actor.userId, updated_at: sql`now()` } as never)
    .where(and(eq(t.client_id, r.inst.clientId), eq(t.id, r.inst.recordId)));
  await r.tx.insert(auditLog).values({
    clientId: r.inst.clientId,
    entity: r.inst.entity,
    recordId: r.inst.recordId,
    action,
    userId: r.actor.userId,
    changes: row.status === to ? [] : [{ field: 'status', old: row.status, new: to }],
  });
}

/** Reaches a node: its approvers get their to-dos (an AUTO node passes at once). */
async function enterNode(r: Run, seq: number): Promise<void> {
  const node = nodeAt(r.inst, seq);
  if (!node) throw new BizError('cpm.noRollbackTarget');
  await saveInstance(r, { currentSeq: seq, nodeVersion: r.inst.nodeVersion + 1 });
  if (node.approve_type === 'AUTO') {
    await history(r, 'AUTO', { seq });
    return advance(r, seq);
  }
  const added = await r.tx
    .select({ user: cpmNodeUser.userId })
    .from(cpmNodeUser)
    .where(and(eq(cpmNodeUser.instanceId, r.inst.id), eq(cpmNodeUser.seq, seq)));
  const approvers = await resolveApprovers(r.tx, r.inst.clientId, node, r.inst.initiatorId, added.map((a) => a.user));
  if (approvers.length === 0) throw new BizError('cpm.noApprover', { node: nodeName(node) });
  await r.tx.insert(cpmTask).values(
    approvers.map((userId) => ({
      clientId: r.inst.clientId,
      instanceId: r.inst.id,
      seq,
      statusCode: String(node.status_code),
      nodeVersion: r.inst.nodeVersion,
      userId,
    })),
  );
  r.notes.push({ to: approvers, key: 'cpm.notifyPending', params: { doc: r.inst.title, node: nodeName(node) } });
}

/** A node was approved: on to the next one, or the flow ends (an end node, or the last). */
async function advance(r: Run, seq: number): Promise<void> {
  const node = nodeAt(r.inst, seq);
  const next = node?.is_end ? null : nextNode(nodesOf(r.inst), seq);
  if (next !== null) return enterNode(r, next);
  await saveInstance(r, { status: 'APPROVED', currentSeq: null, nodeVersion: r.inst.nodeVersion + 1 });
  await history(r, 'END', { seq });
  if (r.inst.action) return completeAction(r);
  await setDocStatus(r, 'APPROVED', 'approve');
  r.notes.push({ to: [r.inst.initiatorId], key: 'cpm.notifyApproved', params: { doc: r.inst.title } });
}

async function sendNotes(r: Run) {
  for (const n of r.notes) {
    // Nobody is told about their own step (an initiator who is also the next approver sees the to-do).
    const to = n.to.filter((u) => u !== r.actor.userId);
    if (to.length === 0) continue;
    await notify(r.tx, { userId: r.actor.userId, clientId: r.inst.clientId }, {
      type: 'APPR',
      toUserIds: to,
      toClientId: r.inst.clientId,
      module: 'CPM',
      functionSubarea: r.inst.entity,
      relatedKey: r.inst.recordId,
      content: {
        en: flowText('en', n.key, n.both ? { ...n.params, message: n.both.en } : n.params),
        zh: flowText('zh', n.key, n.both ? { ...n.params, message: n.both.zh } : n.params),
      },
      url: r.inst.url ?? undefined,
      menuId: 'COLLAB_MY_APPROVALS',
    });
  }
  r.notes = [];
}

// ---------------------------------------------------------------------------------------------
// Starting (the document's submit) and closing (its cancel)

/** The web route of a flow document (spec §2 /page/document/{opt}). */
export const documentUrl = (entity: string, id: string) => `/page/document/${entity}?id=${id}`;

/** Called by the engine after a transition of a flow entity (FlowRuntimeHooks). */
export async function afterTransition(tx: Tx, reg: Registered, tr: TransitionDef, row: Row, ctx: SaveContext): Promise<void> {
  const actor: FlowActor = { userId: ctx.userId ?? '', clientId: ctx.clientId, isAdmin: false, lang: ctx.lang };
  if (tr.action === 'submit') await startFlow(tx, ctx.registry, reg, row, actor);
  if (tr.action === 'cancel' || tr.action === 'rollback') {
    const [inst] = await tx
      .select()
      .from(cpmInstance)
      .where(and(eq(cpmInstance.clientId, ctx.clientId), eq(cpmInstance.entity, reg.def.name), eq(cpmInstance.recordId, row.id as string)))
      .for('update');
    if (inst && inst.status === RUNNING) {
      // Taking a document back from approval is the initiator's (or an administrator's) call.
      if (inst.initiatorId !== ctx.userId && ctx.session.user_type !== 'ADMIN') throw new HttpError(403, 'cpm.notInitiator');
      const r: Run = { tx, registry: ctx.registry, inst, actor, notes: [] };
      await closePending(r);
      await saveInstance(r, { status: 'CANCELLED', currentSeq: null, nodeVersion: inst.nodeVersion + 1 });
      await history(r, 'WITHDRAW');
    }
  }
}

async function startFlow(tx: Tx, registry: Registry, reg: Registered, row: Row, actor: FlowActor): Promise<void> {
  const flow = reg.def.flow!;
  const fromField = flow.processField ? String(row[flow.processField] ?? '').trim() : '';
  // The document's own choice, else the company's binding for its type, else the type's default.
  const code = fromField || (await boundProcessCode(tx, actor.clientId, reg.def.name)) || flow.process || '';
  const recordId = row.id as string;
  const title = String(row[reg.def.display] ?? '') || reg.def.label.en;
  await startInstance(tx, registry, { entity: reg.def.name, recordId, title, url: documentUrl(reg.def.name, recordId), action: null, payload: null }, code, actor);
}

interface InstanceKey {
  entity: string;
  recordId: string;
  title: string;
  url: string;
  action: string | null;
  payload: unknown;
}

/** Starts (or restarts, as a new round of the record's one instance) a run of process `code` at its first node. */
async function startInstance(tx: Tx, registry: Registry, key: InstanceKey, code: string, actor: FlowActor): Promise<Instance> {
  const process = code ? await loadProcess(tx, actor.clientId, code) : null;
  if (!process) throw new BizError('cpm.noProcess', { code });
  const problem = validateFlow(process)[0];
  if (problem) throw new BizError(problem.key);
  const { entity, recordId, title, url, action, payload } = key;
  const base = {
    processId: process.id,
    processCode: process.code,
    processName: process.name,
    nodes: process.nodes,
    title,
    url,
    status: RUNNING,
    currentSeq: null,
    initiatorId: actor.userId,
    action,
    payload,
  };
  const [existing] = await tx
    .select()
    .from(cpmInstance)
    .where(and(eq(cpmInstance.clientId, actor.clientId), eq(cpmInstance.entity, entity), eq(cpmInstance.recordId, recordId)))
    .for('update');
  // One running approval per record at a time (a document's, or one of its actions').
  if (existing && existing.status === RUNNING && existing.action !== action) throw new BizError('cpm.actionPending');
  let inst: Instance;
  if (existing) {
    inst = existing;
    const r: Run = { tx, registry, inst, actor, notes: [] };
    await closePending(r);
    await saveInstance(r, { ...base, round: existing.round + 1, roundVersion: existing.nodeVersion + 1 });
  } else {
    [inst] = await tx
      .insert(cpmInstance)
      .values({ ...base, clientId: actor.clientId, entity, recordId, roundVersion: 1, createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
  }
  const r: Run = { tx, registry, inst, actor, notes: [] };
  await history(r, 'SUBMIT');
  await enterNode(r, nodeSequence(process.nodes)[0]);
  await sendNotes(r);
  return inst;
}

// ---------------------------------------------------------------------------------------------
// Action approvals: a business step of a record (e.g. publishing a sourcing project) that an area
// puts through a flow instead of doing it at once. The area registers what the step does; the
// runtime calls it when the flow's last node approves. The record keeps its own state meanwhile
// (no lifecycle `status` is written), and a return simply leaves it as it was.

/** What the step does. It runs its own checks again (the record may have changed while waiting) and throws a BizError to refuse. */
export type FlowActionHandler = (tx: Tx, call: { clientId: string; recordId: string; payload: unknown; actor: FlowActor }) => Promise<void>;

const actionHandlers = new Map<string, FlowActionHandler>();
const handlerKey = (entity: string, action: string) => `${entity}#${action}`;

/** An area names a step of its entity that may run through an approval flow. */
export function registerFlowAction(entity: string, action: string, handler: FlowActionHandler): void {
  actionHandlers.set(handlerKey(entity, action), handler);
}

/** Whether the entity has action approvals (its instances may be looked up by record). */
export function hasFlowActions(entity: string): boolean {
  for (const k of actionHandlers.keys()) if (k.startsWith(`${entity}#`)) return true;
  return false;
}

export interface ActionApproval {
  entity: string;
  recordId: string;
  action: string;
  payload?: unknown;
  /** What to-dos and notifications call the record (e.g. its code) and where they lead. */
  title: string;
  url: string;
}

/** Starts the approval of a step with process `processCode`; 400 cpm.actionPending while another runs for the record. */
export async function startActionApproval(tx: Tx, registry: Registry, a: ActionApproval, processCode: string, actor: FlowActor): Promise<Instance> {
  if (!actionHandlers.has(handlerKey(a.entity, a.action))) throw new Error(`no flow action ${a.entity}/${a.action}`);
  const [running] = await tx
    .select({ id: cpmInstance.id })
    .from(cpmInstance)
    .where(and(eq(cpmInstance.clientId, actor.clientId), eq(cpmInstance.entity, a.entity), eq(cpmInstance.recordId, a.recordId), eq(cpmInstance.status, RUNNING)));
  if (running) throw new BizError('cpm.actionPending');
  return startInstance(tx, registry, { entity: a.entity, recordId: a.recordId, title: a.title, url: a.url, action: a.action, payload: a.payload ?? null }, processCode, actor);
}

/** The running action approval of a record, with its current node, or null. */
export async function runningAction(tx: Tx, clientId: string, entity: string, recordId: string) {
  const [inst] = await tx
    .select()
    .from(cpmInstance)
    .where(and(eq(cpmInstance.clientId, clientId), eq(cpmInstance.entity, entity), eq(cpmInstance.recordId, recordId), eq(cpmInstance.status, RUNNING)));
  if (!inst?.action) return null;
  const node = nodeAt(inst, inst.currentSeq);
  return { pid: inst.id, action: inst.action, payload: inst.payload, status_code: node?.status_code ?? null, text: node?.text ?? null, color: node?.color ?? null };
}

/**
 * The flow of an action approval ended approved: the step is carried out now. If it is refused
 * (a check fails at this moment) the approval stays recorded, the step's changes are rolled back
 * to a savepoint, the history says why and the initiator is told.
 */
async function completeAction(r: Run): Promise<void> {
  const handler = actionHandlers.get(handlerKey(r.inst.entity, r.inst.action!));
  const call = { clientId: r.inst.clientId, recordId: r.inst.recordId, payload: r.inst.payload, actor: r.actor };
  try {
    if (!handler) throw new BizError('cpm.badAction');
    await r.tx.transaction((sp) => handler(sp as unknown as Tx, call));
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 400) throw err;
    const message = { en: t('en', err.messageKey, err.params), zh: t('zh', err.messageKey, err.params) };
    await history(r, 'REFUSED', { comment: r.actor.lang === 'en' ? message.en : message.zh });
    r.notes.push({ to: [r.inst.initiatorId], key: 'cpm.notifyActionRefused', params: { doc: r.inst.title, message: message.en }, both: message });
    return;
  }
  await history(r, 'DONE');
  r.notes.push({ to: [r.inst.initiatorId], key: 'cpm.notifyApproved', params: { doc: r.inst.title } });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The instance of the company by id (locked for an operation), else 404. */
export async function instanceById(tx: Tx, clientId: string, pid: unknown, lock = false): Promise<Instance> {
  if (!isUuid(pid)) throw notFound();
  const q = tx.select().from(cpmInstance).where(and(eq(cpmInstance.clientId, clientId), eq(cpmInstance.id, pid)));
  const [inst] = await (lock ? q.for('update') : q);
  if (!inst) throw notFound();
  return inst;
}

/**
 * The instance, locked for an action that may move its document: the document's row first, then
 * the instance — the order the engine's own transitions (submit, the initiator's rollback) take —
 * so a push and a transition of the same document queue instead of deadlocking on PostgreSQL.
 */
async function lockForAction(tx: Tx, registry: Registry, clientId: string, pid: unknown): Promise<Instance> {
  const peek = await instanceById(tx, clientId, pid);
  const reg = registry.get(peek.entity);
  if (reg) {
    const t = reg.tables.main as unknown as Col;
    await tx.select({ id: t.id }).from(reg.tables.main).where(and(eq(t.client_id, clientId), eq(t.id, peek.recordId))).for('update');
  }
  return instanceById(tx, clientId, pid, true);
}

/** The current node of each running instance of `entity` among `ids` (engine hook currentNodes, FLOW-16). */
export async function currentNodes(tx: Tx, clientId: string, entity: string, ids: readonly string[]): Promise<Map<string, FlowNodeStatus>> {
  const valid = [...new Set(ids.filter(isUuid))];
  const out = new Map<string, FlowNodeStatus>();
  if (valid.length === 0) return out;
  const running = await tx
    .select()
    .from(cpmInstance)
    .where(and(eq(cpmInstance.clientId, clientId), eq(cpmInstance.entity, entity), inArray(cpmInstance.recordId, valid), eq(cpmInstance.status, RUNNING)));
  for (const inst of running) {
    const node = nodeAt(inst, inst.currentSeq);
    if (node) out.set(String(inst.recordId), { status_code: String(node.status_code), text: String(node.text ?? node.status_code), color: node.color ?? null });
  }
  return out;
}

export async function pidFromUi(tx: Tx, clientId: string, entity: string, recordId: unknown) {
  if (!isUuid(recordId)) return null;
  const [inst] = await tx
    .select()
    .from(cpmInstance)
    .where(and(eq(cpmInstance.clientId, clientId), eq(cpmInstance.entity, entity), eq(cpmInstance.recordId, recordId)));
  if (!inst) return null;
  // The current node's status with its text and colour (FLOW-16: shown wherever the status is).
  const node = inst.status === RUNNING ? nodeAt(inst, inst.currentSeq) : undefined;
  return { pid: inst.id, status: inst.status, status_code: node?.status_code ?? null, text: node?.text ?? null, color: node?.color ?? null };
}

async function userNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const uniq = [...new Set(ids.filter(isUuid))];
  if (uniq.length === 0) return new Map();
  const rows = await tx.select({ id: appUser.id, fullName: appUser.fullName, username: appUser.username }).from(appUser).where(inArray(appUser.id, uniq));
  return new Map(rows.map((u) => [u.id, u.fullName || u.username]));
}

async function roundTasks(tx: Tx, inst: Instance) {
  return tx
    .select()
    .from(cpmTask)
    .where(and(eq(cpmTask.instanceId, inst.id), gte(cpmTask.nodeVersion, inst.roundVersion)))
    .orderBy(asc(cpmTask.createdAt), asc(cpmTask.id));
}

/** Nodes approved in this round, in the order they were decided (for 'return to previous approver'). */
async function passedNodes(tx: Tx, inst: Instance): Promise<number[]> {
  const rows = await tx
    .select({ seq: cpmHistory.seq, action: cpmHistory.action })
    .from(cpmHistory)
    .where(and(eq(cpmHistory.instanceId, inst.id), inArray(cpmHistory.action, ['NODE_APPROVED', 'AUTO', 'SUBMIT'])))
    .orderBy(asc(cpmHistory.at), asc(cpmHistory.id));
  const lastSubmit = rows.map((x) => x.action).lastIndexOf('SUBMIT');
  return rows.slice(lastSubmit + 1).map((x) => Number(x.seq));
}

export async function allowedRollbackNodes(tx: Tx, inst: Instance) {
  if (inst.status !== RUNNING || inst.currentSeq === null) return [];
  const node = nodeAt(inst, inst.currentSeq);
  const seqs = rollbackTargets(nodesOf(inst), inst.currentSeq, node?.reject_type, await passedNodes(tx, inst));
  return seqs.map((s) => {
    const n = nodeAt(inst, s)!;
    return { seq: s, status_code: n.status_code, text: n.text ?? '', color: n.color ?? '' };
  });
}

export async function cpmView(tx: Tx, registry: Registry, inst: Instance) {
  const tasks = await roundTasks(tx, inst);
  const hist = await tx.select().from(cpmHistory).where(eq(cpmHistory.instanceId, inst.id)).orderBy(asc(cpmHistory.at), asc(cpmHistory.id));
  const names = await userNames(tx, [inst.initiatorId, ...tasks.map((t) => t.userId), ...hist.map((h) => h.userId ?? '')]);
  const who = (id: string | null) => (id ? { id, full_name: names.get(id) ?? '' } : null);
  const running = inst.status === RUNNING;
  const order = nodeSequence(nodesOf(inst));
  const currentAt = running && inst.currentSeq !== null ? order.indexOf(inst.currentSeq) : -1;
  const autoPassed = new Set(hist.filter((h) => h.action === 'AUTO').map((h) => h.seq));
  const reg = registry.get(inst.entity);
  let docStatus: string | null = null;
  if (reg && !inst.action) {
    const t = reg.tables.main as unknown as Col;
    const [d] = await tx.select({ s: t.status }).from(reg.tables.main).where(and(eq(t.client_id, inst.clientId), eq(t.id, inst.recordId)));
    docStatus = (d?.s as string) ?? null;
  }
  const nodes = order.map((seq, at) => {
    const node = nodeAt(inst, seq)!;
    const mine = tasks.filter((t) => t.seq === seq);
    const lastVisit = Math.max(-1, ...mine.map((t) => t.nodeVersion));
    const visit = mine.filter((t) => t.nodeVersion === lastVisit);
    const current = at === currentAt;
    // A node after the current one is still ahead — also when a rollback passed back over it: it
    // is visited again, so it is pending (not 'rejected'), with no approvers yet.
    const ahead = currentAt >= 0 && at > currentAt;
    let outcome: 'APPROVE' | 'REJECT' | 'PENDING' = 'PENDING';
    if (!current && !ahead) {
      if (visit.some((t) => t.outcome === 'REJECT')) outcome = 'REJECT';
      else if (visit.length && signDecision(node.sign_type, visit.map((t) => t.outcome as ApproverOutcome)) === 'APPROVED') outcome = 'APPROVE';
      else if (node.approve_type === 'AUTO' && autoPassed.has(seq) && (inst.status === 'APPROVED' || at < currentAt)) outcome = 'APPROVE';
    }
    return {
      seq,
      status_code: node.status_code,
      text: node.text ?? '',
      color: node.color ?? '',
      sign_type: node.sign_type ?? 'OR',
      is_end: node.is_end === true,
      launch_action: node.launch_action ?? '',
      launch_text: node.launch_text ?? '',
      current,
      outcome,
      // A to-do closed because the node was decided without it (an 'or' node, a return, a
      // rollback) was not needed: NOT_NEEDED, never 'pending' once the node is done.
      approvers: ahead ? [] : visit.map((t) => ({ id: t.userId, full_name: names.get(t.userId) ?? '', outcome: t.outcome === 'CANCELLED' ? 'NOT_NEEDED' : t.outcome })),
    };
  });
  const cur = nodeAt(inst, inst.currentSeq);
  return {
    pid: inst.id,
    entity: inst.entity,
    record_id: inst.recordId,
    title: inst.title,
    url: inst.url,
    status: inst.status,
    round: inst.round,
    current_seq: running ? inst.currentSeq : null,
    current_status_code: running ? (cur?.status_code ?? null) : null,
    node_version: inst.nodeVersion,
    initiator: who(inst.initiatorId),
    doc_status: docStatus,
    process: { code: inst.processCode, name: inst.processName },
    action: inst.action ?? null,
    nodes,
    history: hist.map((h) => ({
      at: h.at.toISOString(),
      user: who(h.userId),
      action: h.action,
      seq: h.seq,
      status_code: h.statusCode,
      target_seq: h.targetSeq,
      comment: h.comment,
    })),
  };
}

/** The initiator, or anyone who has (had) a to-do in the instance. */
export async function takesPart(tx: Tx, inst: Instance, userId: string): Promise<boolean> {
  if (inst.initiatorId === userId) return true;
  const [task] = await tx
    .select({ id: cpmTask.id })
    .from(cpmTask)
    .where(and(eq(cpmTask.instanceId, inst.id), eq(cpmTask.userId, userId)))
    .limit(1);
  return !!task;
}

async function myPendingTask(tx: Tx, inst: Instance, userId: string) {
  const [task] = await tx
    .select()
    .from(cpmTask)
    .where(and(eq(cpmTask.instanceId, inst.id), eq(cpmTask.nodeVersion, inst.nodeVersion), eq(cpmTask.userId, userId), eq(cpmTask.outcome, 'PENDING')));
  return task ?? null;
}

/**
 * Where REJECT sends the document from `node`, or null where the node allows no REJECT: a node
 * whose reject type names one place (PREVIOUS: the previous approver's node, FIRST: the first
 * node) rejects back to it; a node without a reject type, with CHOSEN (the approver picks the
 * node: ROLLBACK) or with nothing before it offers no REJECT, and refuses one sent anyway.
 */
function rejectTarget(node: FlowNode | undefined, targets: ReadonlyArray<{ seq: number }>): number | null {
  const type = node?.reject_type;
  if ((type !== 'PREVIOUS' && type !== 'FIRST') || targets.length !== 1) return null;
  return targets[0]!.seq;
}

/** The actions this user may take now (CPM-03). */
export async function nodeActions(tx: Tx, inst: Instance, actor: FlowActor) {
  if (inst.status !== RUNNING) return [];
  const label = (key: string) => ({ en: flowText('en', key), zh: flowText('zh', key) });
  const add = { action: 'ADD_APPROVER', label: label('cpm.addApprover') };
  if (!(await myPendingTask(tx, inst, actor.userId))) return inst.initiatorId === actor.userId || actor.isAdmin ? [add] : [];
  const node = nodeAt(inst, inst.currentSeq)!;
  // Buttons keep the spec's labels (DOC-02); the node's launch text says where Approve leads.
  const out: Array<{ action: string; label: { en: string; zh: string }; text?: string }> = [
    { action: 'APPROVE', label: DOC_ACTION_LABELS.APPROVE, text: node.launch_text ?? '' },
    { action: 'RETURN', label: DOC_ACTION_LABELS.RETURN },
  ];
  const targets = await allowedRollbackNodes(tx, inst);
  if (rejectTarget(node, targets) !== null) out.push({ action: 'REJECT', label: label('cpm.reject') });
  if (targets.length) out.push({ action: 'ROLLBACK', label: DOC_ACTION_LABELS.ROLLBACK });
  out.push(add);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Acting

/** The node's rules before an approval (dmn-bus/push-before): the messages of the rules that fail. */
export async function failedRules(tx: Tx, registry: Registry, inst: Instance, lang: string): Promise<string[]> {
  const node = nodeAt(inst, inst.currentSeq);
  const rules = Array.isArray(node?.pre_rules) ? node!.pre_rules! : [];
  if (rules.length === 0) return [];
  const reg = registry.get(inst.entity);
  const doc = reg ? await readDocument(tx, reg, inst.recordId, { registry, clientId: inst.clientId, rules: [] }) : null;
  const values = (doc ?? {}) as Record<string, unknown>;
  return rules
    .filter((rule) => !evalCondition(rule.expression, { values }, true))
    .map((rule) => (lang === 'en' ? rule.message?.en : rule.message?.zh) || rule.message?.en || rule.expression);
}

export interface PushInput {
  action: string;
  statusCode?: string;
  nodeVersion?: number | null;
  comment?: string | null;
  target?: number | null;
  requestId?: string | null;
}

/** Approve, return or roll back at the current node (cpm-bus/push, cpm-bus/rollback-node). */
export async function push(tx: Tx, registry: Registry, pid: unknown, input: PushInput, actor: FlowActor) {
  const inst = await lockForAction(tx, registry, actor.clientId, pid);
  const r: Run = { tx, registry, inst, actor, notes: [] };
  if (input.requestId) {
    const [done] = await tx
      .select({ id: cpmHistory.id })
      .from(cpmHistory)
      .where(and(eq(cpmHistory.instanceId, inst.id), eq(cpmHistory.requestId, input.requestId)));
    if (done) return cpmView(tx, registry, inst); // a retry of a push already made
  }
  const action = input.action.toUpperCase();
  if (!['APPROVE', 'RETURN', 'ROLLBACK', 'REJECT'].includes(action)) throw new BizError('cpm.badAction');
  const stale =
    inst.status !== RUNNING ||
    (input.statusCode !== undefined && input.statusCode !== '' && input.statusCode !== nodeAt(inst, inst.currentSeq)?.status_code) ||
    (input.nodeVersion !== undefined && input.nodeVersion !== null && input.nodeVersion !== inst.nodeVersion);
  const task = stale ? null : await myPendingTask(tx, inst, actor.userId);
  if (!task) {
    // Someone moved the node on, or this user's to-do was already settled: the screen is stale.
    if (stale) throw conflict();
    const [had] = await tx
      .select({ id: cpmTask.id })
      .from(cpmTask)
      .where(and(eq(cpmTask.instanceId, inst.id), eq(cpmTask.nodeVersion, inst.nodeVersion), eq(cpmTask.userId, actor.userId)));
    if (had) throw conflict();
    throw new HttpError(403, 'cpm.notApprover');
  }
  const seq = inst.currentSeq!;
  const comment = input.comment?.trim() || null;
  const settle = (outcome: ApproverOutcome) =>
    tx.update(cpmTask).set({ outcome, comment, actedAt: sql`now()` }).where(eq(cpmTask.id, task.id));

  if (action === 'APPROVE') {
    const failed = await failedRules(tx, registry, inst, actor.lang);
    if (failed.length) throw new BizError('cpm.ruleFailed', { message: failed.join('; ') });
    await settle('APPROVE');
    await history(r, 'APPROVE', { seq, comment, requestId: input.requestId });
    const visit = await tx
      .select({ outcome: cpmTask.outcome })
      .from(cpmTask)
      .where(and(eq(cpmTask.instanceId, inst.id), eq(cpmTask.nodeVersion, inst.nodeVersion)));
    const node = nodeAt(inst, seq)!;
    if (signDecision(node.sign_type, visit.map((v) => v.outcome as ApproverOutcome)) === 'APPROVED') {
      await closePending(r);
      await history(r, 'NODE_APPROVED', { seq });
      await advance(r, seq);
    } else {
      await saveInstance(r, {}); // the instance's version records the step
    }
  } else if (action === 'RETURN') {
    await settle('REJECT');
    await closePending(r);
    await history(r, 'RETURN', { seq, comment, requestId: input.requestId });
    await saveInstance(r, { status: 'REJECTED', currentSeq: null, nodeVersion: inst.nodeVersion + 1 });
    // An action approval leaves its record as it was: the step simply does not happen.
    if (!inst.action) await setDocStatus(r, 'ONGOING', 'return');
    r.notes.push({ to: [inst.initiatorId], key: 'cpm.notifyReturned', params: { doc: inst.title, comment: comment ?? '' } });
  } else if (action === 'REJECT') {
    const target = rejectTarget(nodeAt(inst, seq), await allowedRollbackNodes(tx, inst));
    if (target === null) throw new BizError('cpm.rejectNotAllowed');
    await settle('REJECT');
    await closePending(r);
    await history(r, 'REJECT', { seq, comment, target, requestId: input.requestId });
    await enterNode(r, target);
  } else {
    const allowed = (await allowedRollbackNodes(tx, inst)).map((n) => n.seq);
    const target = input.target ?? (allowed.length === 1 ? allowed[0] : null);
    if (target === null || !allowed.includes(target)) throw new BizError('cpm.noRollbackTarget');
    await settle('REJECT');
    await closePending(r);
    await history(r, 'ROLLBACK', { seq, comment, target, requestId: input.requestId });
    await enterNode(r, target);
  }
  await sendNotes(r);
  return cpmView(tx, registry, inst);
}

/** Adds an approver to the current or a later node (superdesignapi/cpm-process/insert-user-into-node). */
export async function insertUserIntoNode(tx: Tx, registry: Registry, pid: unknown, seq: number, userId: unknown, actor: FlowActor) {
  const inst = await instanceById(tx, actor.clientId, pid, true);
  if (inst.status !== RUNNING || inst.currentSeq === null) throw new BizError('cpm.notRunning');
  const mayAdd = actor.isAdmin || inst.initiatorId === actor.userId || (await myPendingTask(tx, inst, actor.userId)) !== null;
  if (!mayAdd) throw new HttpError(403, 'cpm.notApprover');
  const order = nodeSequence(nodesOf(inst));
  if (!order.includes(seq) || order.indexOf(seq) < order.indexOf(inst.currentSeq)) throw new BizError('cpm.nodePassed');
  if (!isUuid(userId)) throw new BizError('engine.refMissing');
  const [member] = await tx
    .select({ id: userClient.userId })
    .from(userClient)
    .where(and(eq(userClient.clientId, inst.clientId), eq(userClient.userId, userId)));
  if (!member) throw new BizError('engine.refMissing');
  const r: Run = { tx, registry, inst, actor, notes: [] };
  const node = nodeAt(inst, seq)!;
  if (seq === inst.currentSeq) {
    const added = await tx
      .insert(cpmTask)
      .values({ clientId: inst.clientId, instanceId: inst.id, seq, statusCode: String(node.status_code), nodeVersion: inst.nodeVersion, userId, addedBy: actor.userId })
      .onConflictDoNothing()
      .returning({ id: cpmTask.id });
    if (added.length === 0) throw new BizError('cpm.userAlreadyApprover');
    r.notes.push({ to: [userId], key: 'cpm.notifyPending', params: { doc: inst.title, node: nodeName(node) } });
  } else {
    const added = await tx
      .insert(cpmNodeUser)
      .values({ clientId: inst.clientId, instanceId: inst.id, seq, userId, addedBy: actor.userId })
      .onConflictDoNothing()
      .returning({ id: cpmNodeUser.id });
    if (added.length === 0) throw new BizError('cpm.userAlreadyApprover');
  }
  const names = await userNames(tx, [userId]);
  await history(r, 'ADD_APPROVER', { seq, target: seq, comment: names.get(userId) ?? null });
  await saveInstance(r, {});
  await sendNotes(r);
  return cpmView(tx, registry, inst);
}

// The approval-flow area's server part (docs/flow.md): the designer's entities on the engine
// (process definition, project type) (the demo flow document, the purchase requirement, is the orders area's), the
// designer's extra calls, and the CPM runtime under crossapi/ccommonapi.
import { flowMessages, flowText } from '@seamline/core';
import {
  R, S,
  BizError, defineArea, dataObject, forbidden, MissingParam, notFound, registerWorkCounter, type Api, type AuthedContext, type Tx, canRead,
  canWrite, loadActor, loadRows, readContext, registerEntities, registryOf, saveContext, type Registry,
} from '@seamline/server/api';
import { scenarioForm } from '../../forms/server/store';
import { flowEntities } from '../meta';
import { checkProcess, copyProcess, processHooks, processOptions, projectTypeHooks } from './designer';
import {
  actorOf,
  afterTransition,
  allowedRollbackNodes,
  cpmView,
  failedRules,
  hasFlowActions,
  insertUserIntoNode,
  instanceById,
  nodeActions,
  currentNodes,
  pidFromUi,
  push,
  RUNNING,
  takesPart,
  type Instance,
  type PushInput,
} from './runtime';
import { myApprovals, pendingCount } from './todo';
import { seedFlow } from './seed';

export { projectTypeFlow } from './designer';
export { actorOf, documentUrl, registerFlowAction, runningAction, startActionApproval, type FlowActionHandler, type FlowActor } from './runtime';

export const flowModule = registerEntities(flowEntities, {
  hooks: { 'cpm-process': processHooks, 'project-type': projectTypeHooks },
});

const CPM = 'crossapi/ccommonapi';
/** The web's 'my approvals' list (menu COLLAB_MY_APPROVALS). */
const MY_APPROVALS_URL = '/collab/page/my-approvals';
const DESIGN = 'crossapi/superdesignapi/cpm-process';

/** Query, plain form fields and DATA, later ones winning: the calls accept each (docs/flow.md). */
function input(ctx: AuthedContext): Record<string, unknown> {
  const { DATA: _d, ...plain } = ctx.body;
  return { ...ctx.query, ...plain, ...dataObject(ctx.body) };
}

const intOf = (v: unknown): number | null => (v === undefined || v === null || v === '' || !/^-?\d+$/.test(String(v)) ? null : Number(v));
const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * The instance, when the user may read the document it belongs to: another company's is not found,
 * and so is one the user's data rules hide — unless the user takes part (initiator, an approver).
 */
async function readable(tx: Tx, ctx: AuthedContext, registry: Registry, pid: unknown): Promise<Instance> {
  // No pid is a missing field (400 / 11000), not an instance that does not exist (404).
  if (pid === undefined || pid === null || pid === '') throw new MissingParam('pid');
  const inst = await instanceById(tx, ctx.session.clientId, pid);
  const reg = registry.get(inst.entity);
  if (reg) {
    const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
    if (!canRead(reg.def, actor)) throw forbidden();
    const visible = (await loadRows(tx, reg, [inst.recordId], readContext(registry, actor))).length > 0;
    if (!visible && !(await takesPart(tx, inst, ctx.session.userId))) throw notFound();
  }
  return inst;
}

function pushInput(data: Record<string, unknown>, action: string): PushInput {
  return {
    action,
    statusCode: textOf(data.status_code),
    nodeVersion: intOf(data.node_version),
    comment: textOf(data.comment) ?? null,
    target: intOf(data.target ?? data.target_seq),
    requestId: textOf(data.request_id) || null,
  };
}

function routes(api: Api): void {
  flowModule.routes(api);
  const registry = registryOf(api);
  registry.flow = { afterTransition, currentNodes };

  // Designer ------------------------------------------------------------------------------------
  const processReg = () => registry.get('cpm-process')!;
  api.post(`${DESIGN}/copy`, { schema: R.post('Copy a process definition under a new code', { id: S.uuid(), code: S.string(), name: S.string() }, { required: ['id', 'code'] }), auth: true }, (ctx) => {
    const data = input(ctx);
    return ctx.tenant(async (tx) => {
      const actor = await loadActor(tx, ctx.session, ctx.lang, processReg());
      if (!canWrite(processReg().def, actor)) throw forbidden();
      const code = textOf(data.code) ?? '';
      if (code.trim() === '') throw new BizError('flow.copyCodeEmpty');
      const id = textOf(data.id) ?? '';
      const copied = await copyProcess(tx, registry, id, code, textOf(data.name), saveContext(registry, actor));
      ctx.reply.header('x-seamline-message', encodeURIComponent(flowText(ctx.lang, 'flow.copied')));
      return { ...copied, _message: flowText(ctx.lang, 'flow.copied') };
    });
  });
  api.post(`${DESIGN}/validate`, { schema: R.save('Check a process definition without saving it', S.map({}, 'The process document')), auth: true, guest: true }, (ctx) => checkProcess(dataObject(ctx.body), ctx.lang));
  api.get(`${DESIGN}/options`, { schema: R.get('Process definitions of my company for a picker'), auth: true }, (ctx) => ctx.tenant((tx) => processOptions(tx, ctx.session.clientId)));
  api.post(`${DESIGN}/insert-user-into-node`, { schema: R.post("Add a person to a running flow's node", { pid: S.uuid('The flow instance'), seq: S.integer('The node'), user_id: S.uuid() }, { required: ['pid', 'seq', 'user_id'] }), auth: true }, (ctx) => {
    const data = input(ctx);
    return ctx.tenant(async (tx) => {
      await readable(tx, ctx, registry, data.pid);
      const seq = intOf(data.seq ?? data.node_seq);
      if (seq === null) throw new BizError('cpm.nodePassed');
      return insertUserIntoNode(tx, registry, data.pid, seq, data.user_id, actorOf(ctx.session, ctx.lang));
    });
  });

  // Runtime -------------------------------------------------------------------------------------
  api.get(`${CPM}/cpm-bus/pid-from-ui`, { schema: R.get("The flow instance of a record, if any", { query: { entity: S.string(), id: S.uuid(), record_id: S.uuid(), q: S.jsonText(S.map()) } }), auth: true }, (ctx) => {
    const q = { ...(parseJson(ctx.query.q) ?? {}), ...ctx.query };
    const entity = textOf(q.entity) ?? '';
    const reg = registry.get(entity);
    return ctx.tenant(async (tx) => {
      if (!reg || (!reg.def.flow && !hasFlowActions(entity))) return null;
      const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
      if (!canRead(reg.def, actor)) throw forbidden();
      return pidFromUi(tx, ctx.session.clientId, entity, q.id ?? q.record_id);
    });
  });
  api.get(`${CPM}/cpm-bus/cpm-view`, { schema: R.get('A flow instance: nodes, people, history', { query: { pid: S.uuid() }, required: ['pid'] }), auth: true }, (ctx) =>
    ctx.tenant(async (tx) => cpmView(tx, registry, await readable(tx, ctx, registry, ctx.query.pid))),
  );
  api.get(`${CPM}/cpm-bus/cpm-node-actions`, { schema: R.get('What I may do on the current node', { query: { pid: S.uuid() }, required: ['pid'] }), auth: true }, (ctx) =>
    ctx.tenant(async (tx) => nodeActions(tx, await readable(tx, ctx, registry, ctx.query.pid), actorOf(ctx.session, ctx.lang))),
  );
  api.get(`${CPM}/cpm-bus/cpm-allowed-rollback-nodes`, { schema: R.get('Nodes a rollback may go back to', { query: { pid: S.uuid() }, required: ['pid'] }), auth: true }, (ctx) =>
    ctx.tenant(async (tx) => allowedRollbackNodes(tx, await readable(tx, ctx, registry, ctx.query.pid))),
  );
  api.post(`${CPM}/cpm-bus/push`, { schema: R.post('Act on the current node (approve, reject, …)', { pid: S.uuid(), action: S.string(), comment: S.string(), node_version: S.integer(), request_id: S.string('Makes a retry harmless'), status_code: S.string(), target: S.string(), target_seq: S.integer() }, { required: ['pid', 'action'] }), auth: true }, (ctx) => {
    const data = input(ctx);
    return ctx.tenant(async (tx) => {
      await readable(tx, ctx, registry, data.pid);
      return push(tx, registry, data.pid, pushInput(data, textOf(data.action) ?? ''), actorOf(ctx.session, ctx.lang));
    });
  });
  api.post(`${CPM}/cpm-bus/rollback-node`, { schema: R.post('Send the flow back to an earlier node', { pid: S.uuid(), comment: S.string(), node_version: S.integer(), request_id: S.string(), target_seq: S.integer('The node to go back to') }, { required: ['pid'] }), auth: true }, (ctx) => {
    const data = input(ctx);
    return ctx.tenant(async (tx) => {
      await readable(tx, ctx, registry, data.pid);
      return push(tx, registry, data.pid, pushInput(data, 'ROLLBACK'), actorOf(ctx.session, ctx.lang));
    });
  });
  api.post(`${CPM}/dmn-bus/push-before`, { schema: R.post('Whether the decision rules let an approval through', { pid: S.uuid(), action: S.string('Default APPROVE') }, { required: ['pid'], response: S.object({ ok: S.boolean(), messages: S.list(S.string()) }) }), auth: true }, (ctx) => {
    const data = input(ctx);
    return ctx.tenant(async (tx) => {
      const inst = await readable(tx, ctx, registry, data.pid);
      const action = (textOf(data.action) ?? 'APPROVE').toUpperCase();
      if (inst.status !== RUNNING || action !== 'APPROVE') return { ok: true, messages: [] };
      const messages = await failedRules(tx, registry, inst, ctx.lang);
      return { ok: messages.length === 0, messages };
    });
  });
  api.get(`${CPM}/cpm-ot/scenario`, { schema: R.get("The form the current node shows", { query: { pid: S.uuid() }, required: ['pid'] }), auth: true }, (ctx) =>
    ctx.tenant(async (tx) => {
      const inst = await readable(tx, ctx, registry, ctx.query.pid);
      const node = (inst.nodes as Array<{ node_seq: number; status_code: string }>).find((n) => Number(n.node_seq) === inst.currentSeq);
      if (!node) return null;
      return scenarioForm(tx, ctx.session.clientId, { contextType: 'FLOW_NODE', contextKey: `${inst.processCode}:${node.status_code}` });
    }),
  );
  api.get(`${CPM}/cpm-bus/my-approvals`, { schema: R.list('Flows waiting for me'), auth: true }, (ctx) =>
    ctx.tenant((tx) => myApprovals(tx, ctx.session, parseJson(ctx.query.q) ?? {}, parseJson(ctx.query.p) ?? {})),
  );

  registerWorkCounter({
    key: 'flow.approvals',
    label: { en: flowMessages.en['cpm.approvalsWaiting'], zh: flowMessages.zh['cpm.approvalsWaiting'] },
    url: MY_APPROVALS_URL,
    // The 'My approvals' menu counts what waits for the user's decision, not unread messages.
    menu: 'COLLAB_MY_APPROVALS',
    count: (tx, session) => pendingCount(tx, session),
  });
}

function parseJson(v: unknown): Record<string, unknown> | null {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v !== 'string' || v.trim() === '') return null;
  try {
    const parsed = JSON.parse(v);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    throw new BizError('http.badRequest');
  }
}

export const flowArea = defineArea({
  name: 'flow',
  messages: flowMessages,
  routes,
  seed: seedFlow,
});

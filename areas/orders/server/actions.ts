// The one action route of the orders documents: POST scmapi/<entity>/<action> with
// {id, version, …} runs a row of the entity's action table (../meta/actions.ts) — the side that
// may take it, the states it starts from, the state it leads to — plus the action's own effect
// (a reason, a confirmation, work orders planned or dropped, the other company told). The
// document is read through row-level security, so the counterpart company reaches exactly the
// documents it shares and any other company gets 404.
import { type Lang, type MessageParams } from '@seamline/core';
import {
  S, transitionSchema, and, BizError, conflict, dataObject, eq, forbidden, isUuid, notFound, sql, type Api, type AuthedContext, type Tx, canTransition, loadActor,
  readDocument, registryOf, type Actor, auditLog, type Registered, type Registry, type Row,
} from '@seamline/server/api';
import { actionLabel, type ActionSide, type OrderAction } from '../meta';

/** What an effect gets: the locked row, the posted body, who acts. */
export interface ActionContext {
  tx: Tx;
  row: Row;
  data: Record<string, unknown>;
  actor: Actor;
  lang: Lang;
  registry: Registry;
  side: ActionSide;
}

/** The extra columns the action writes (besides status), or nothing. */
export type Effect = (c: ActionContext) => Promise<Row | void>;

export interface ActionSpec {
  entity: string;
  table: readonly OrderAction[];
  /** The column naming the counterpart company (text uuid), if the document has one. */
  counterpart?: string;
  /** Menu codes one of which the caller must open (route permission). */
  menu: string[];
  effects?: Record<string, Effect>;
  /** Runs after every action of the entity (live updates, notifications). */
  after?: (c: ActionContext, action: OrderAction, before: Row) => Promise<void>;
}

/** The status label of a row's state in the user's language (for refusals). */
function stateLabel(reg: Registered, status: unknown, lang: Lang): string {
  const v = reg.def.status?.values.find((x) => x.value === String(status));
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status ?? '');
}

/** The document row as the caller may see it (RLS), locked for the action. */
export async function lockVisible(tx: Tx, reg: Registered, id: unknown): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const t = reg.tables.main;
  const [row] = (await tx.select().from(t).where(eq(t.id, id)).for('update')) as Row[];
  if (!row) throw notFound();
  return row;
}

export function sideOf(row: Row, me: string, counterpart?: string): ActionSide | null {
  if (row.client_id === me) return 'owner';
  if (counterpart && row[counterpart] === me) return 'counterpart';
  return null;
}

/** The document as its owner stores it, for either side (the counterpart reads it under RLS). */
export async function viewShared(tx: Tx, registry: Registry, reg: Registered, row: Row): Promise<Row> {
  const doc = await readDocument(tx, reg, String(row.id), { registry, clientId: String(row.client_id), rules: [] });
  if (!doc) throw notFound();
  return doc;
}

export function refuse(key: string, params?: MessageParams, data?: Record<string, unknown>): never {
  throw new BizError(key, params, data);
}

export function actionRoutes(api: Api, spec: ActionSpec): void {
  const registry = registryOf(api);
  // The entity's routes were registered first (its module), so its definition is known here.
  const def = registry.get(spec.entity)!.def;
  for (const action of spec.table) {
    const extra = {
      ...(action.needsReason ? { reason: S.string('Why (required)') } : {}),
      ...(action.needsDate ? { confirmed_date: S.date('The date (required)') } : {}),
    };
    const schema = transitionSchema(def, action, extra);
    api.post(`scmapi/${spec.entity}/${action.action}`, { auth: true, menu: spec.menu, params: ['id'], schema: { ...schema, description: `${schema.description}; the ${action.side} takes it.` } }, (ctx: AuthedContext) =>
      ctx.tenant(async (tx) => {
        const reg = registry.get(spec.entity)!;
        const data = dataObject(ctx.body);
        const row = await lockVisible(tx, reg, data.id);
        const me = ctx.session.clientId;
        const side = sideOf(row, me, spec.counterpart);
        if (!side) throw notFound();
        const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
        if (side !== action.side) throw forbidden(side === 'owner' ? 'orders.counterpartOnly' : 'orders.ownerOnly');
        if (!canTransition(reg.def, action, actor)) throw forbidden();
        const version = typeof data.version === 'number' ? data.version : /^\d+$/.test(String(data.version ?? '')) ? Number(data.version) : null;
        if (version !== Number(row.version)) throw conflict();
        const status = String(row.status ?? '');
        if (!action.from.includes(status)) {
          refuse(action.refusedIn?.[status] ?? 'orders.badState', { action: actionLabel(action, ctx.lang), status: stateLabel(reg, status, ctx.lang) });
        }
        const c: ActionContext = { tx, row, data, actor, lang: ctx.lang, registry, side };
        const patch = (await spec.effects?.[action.action]?.(c)) ?? {};
        const t = reg.tables.main;
        await tx
          .update(t)
          .set({ ...patch, status: action.to, version: sql`${t.version} + 1`, updated_by: ctx.session.userId, updated_at: sql`now()` } as never)
          .where(and(eq(t.id, row.id as string)));
        // The trail is the acting company's (audit rows are tenant rows).
        await tx.insert(auditLog).values({
          clientId: me,
          entity: spec.entity,
          recordId: row.id as string,
          action: action.action,
          userId: ctx.session.userId,
          changes: [{ field: 'status', old: status, new: action.to }, ...Object.keys(patch).map((f) => ({ field: f, old: row[f] ?? null, new: patch[f] ?? null }))],
        });
        const [after] = (await tx.select().from(t).where(eq(t.id, row.id as string))) as Row[];
        await spec.after?.({ ...c, row: after }, action, row);
        const doc = await viewShared(tx, registry, reg, after);
        return { ...doc, _notice: (c.data._notice as string | undefined) ?? null };
      }),
    );
  }
}

// registerEntities(defs, options): the generic endpoints of API.md for every definition.
//   GET  P/ENTITY/page-list?q=&p=    GET P/ENTITY/view?id=    POST P/ENTITY/save (DATA = document)
//   POST P/ENTITY/delete (DATA = ids) POST P/ENTITY/<action> (DATA = {id, version})   GET P/ENTITY/audit?id=
// Every handler runs in the caller's tenant transaction (RLS behind it) and also filters by the
// company itself; another company's id is simply not found (404).
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { isReadOnlyStatus, pickLabel, type EntityDef, type TransitionDef } from '@seamline/core';
import { dataList, dataObject } from '../body';
import { isUuid, type TenantOptions, type Tx } from '../db';
import { appUser } from '../db/tables/tenancy';
import { BizError, conflict, forbidden, HttpError, notFound, ValidationError } from '../errors';
import type { Api, AuthedContext } from '../routes';
import { canRead, canTransition, canWrite, loadActor, type Actor } from './actor';
import { loadRows, readDocument, type ReadContext } from './documents';
import { pageList } from './pageList';
import { auditLog } from './platformTables';
import { registryOf, rememberRegistration, type Registered, type RegisterOptions, type Registry } from './registry';
import { refuseInUse } from './inUse';
import { DocumentsInvalid, saveDocuments, uniqueViolation, type SaveContext } from './save';
import { comparable, sameValue, type Row } from './values';
import { storedFields } from './entityTables';
import { entityRouteSchemas } from '../openapi/entities';

export interface EntityModule {
  defs: readonly EntityDef[];
  options: RegisterOptions;
  /** Registers the endpoints on an app (call it from the area's `routes`). */
  routes(api: Api): void;
}

/** The definitions' generic endpoints, for an area's `routes` (see docs/server.md 'Engine'). */
export function registerEntities(defs: readonly EntityDef[], options: RegisterOptions = {}): EntityModule {
  for (const def of defs) rememberRegistration(def, options);
  return {
    defs,
    options,
    routes(api) {
      const registry = registryOf(api);
      for (const def of defs) entityRoutes(api, registry, registry.add(def, options));
    },
  };
}

export function readContext(registry: Registry, actor: Actor): ReadContext {
  return { registry, clientId: actor.session.clientId, rules: actor.rules };
}

export function saveContext(registry: Registry, actor: Actor): SaveContext {
  return { ...readContext(registry, actor), userId: actor.session.userId, lang: actor.lang, session: actor.context };
}

/** `force=1` (a form field or the query): the user chose 'still process' on the in-use warning. */
function forced(ctx: AuthedContext): boolean {
  const yes = (v: unknown) => v === '1' || v === 1 || v === true || v === 'true';
  return yes(ctx.body.force) || yes(ctx.query.force);
}

const idOf = (v: unknown): string => {
  if (!isUuid(v)) throw notFound();
  return v;
};

/** Runs fn in the tenant with the actor loaded; `need` is checked before anything is read. */
function withActor<T>(
  ctx: AuthedContext,
  reg: Registered,
  need: ((actor: Actor) => boolean) | null,
  fn: (tx: Tx, actor: Actor) => Promise<T>,
  options?: TenantOptions,
) {
  return ctx.tenant(async (tx) => {
    const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
    if (need && !need(actor)) throw forbidden();
    return fn(tx, actor);
  }, options);
}

function entityRoutes(api: Api, registry: Registry, reg: Registered): void {
  const { def, base } = reg;
  // The wire shapes for the OpenAPI document, from the definition (server/src/openapi).
  const schema = entityRouteSchemas(def);

  api.get(`${base}/page-list`, { auth: true, schema: schema.pageList }, (ctx) =>
    withActor(ctx, reg, (a) => canRead(def, a), (tx, actor) => pageList(tx, reg, ctx.query.q, ctx.query.p, readContext(registry, actor)), {
      customPlans: true, // a page's best plan depends on its filter values (db.ts TenantOptions)
    }),
  );

  api.get(`${base}/view`, { auth: true, params: ['id'], schema: schema.view }, (ctx) =>
    withActor(ctx, reg, (a) => canRead(def, a), async (tx, actor) => {
      const doc = await readDocument(tx, reg, idOf(ctx.query.id), readContext(registry, actor));
      if (!doc) throw notFound();
      return doc;
    }),
  );

  api.post(`${base}/save`, { auth: true, schema: schema.save }, async (ctx) => {
    const doc = dataObject(ctx.body);
    try {
      return await withActor(ctx, reg, (a) => canWrite(def, a), async (tx, actor) => {
        const sctx: SaveContext = { ...saveContext(registry, actor), force: forced(ctx) };
        const [saved] = await saveDocuments(tx, reg, [doc], sctx);
        return readDocument(tx, reg, saved.id, sctx);
      });
    } catch (err) {
      if (err instanceof DocumentsInvalid) throw new ValidationError(err.errors.get(0) ?? {});
      throw uniqueViolation(err, reg, ctx.lang) ?? err;
    }
  });

  api.post(`${base}/delete`, { auth: true, schema: schema.delete }, (ctx) => {
    const ids = [...new Set(dataList(ctx.body).map(idOf))];
    // Deleting nothing is a malformed call, not a success (issue 23).
    if (ids.length === 0) throw new HttpError(400, 'http.missingParam', { name: 'DATA' });
    return withActor(ctx, reg, (a) => canWrite(def, a), (tx, actor) =>
      deleteDocuments(tx, reg, ids, { ...saveContext(registry, actor), force: forced(ctx) }),
    );
  });

  api.get(`${base}/audit`, { auth: true, params: ['id'], schema: schema.audit }, (ctx) =>
    withActor(ctx, reg, (a) => canRead(def, a), (tx, actor) => auditTrail(tx, reg, idOf(ctx.query.id), readContext(registry, actor))),
  );

  for (const tr of def.transitions ?? []) {
    api.post(`${base}/${tr.action}`, { auth: true, params: ['id'], schema: schema.transition(tr) }, (ctx) => {
      const data = dataObject(ctx.body);
      const id = idOf(data.id);
      return withActor(ctx, reg, (a) => canTransition(def, tr, a), async (tx, actor) => {
        const sctx = saveContext(registry, actor);
        await transition(tx, reg, tr, id, data.version, sctx);
        return readDocument(tx, reg, id, sctx);
      });
    });
  }
}

/**
 * All or nothing: every id must be a visible document of the company, none may be in use (the
 * entity's `inUse` hook; unless `ctx.force`, which first lets the uses go) and none may be referenced.
 */
export async function deleteDocuments(tx: Tx, reg: Registered, ids: readonly string[], ctx: SaveContext): Promise<{ deleted: number }> {
  if (ids.length === 0) return { deleted: 0 };
  // Lock first, then look for references: a concurrent save that references one of these rows
  // either committed before (and is seen) or waits for this transaction (and then finds nothing).
  const rows = await loadRows(tx, reg, ids, ctx, true);
  if (rows.length !== ids.length) throw notFound();
  if (reg.def.flow && rows.some((r) => isReadOnlyStatus(r.status))) throw new BizError('engine.readOnlyStatus');
  if (!ctx.force) await refuseInUse(tx, reg, ids, ctx);
  else await reg.hooks.releaseInUse?.(tx, ids, ctx);
  for (const site of ctx.registry.referencesTo(reg.def.name)) {
    const self = site.from === reg;
    const t = site.child ? site.from.tables.children[site.child.name] : site.from.tables.main;
    const exclude = self ? (site.child ? notInArray(t.parent_id, [...ids]) : notInArray(t.id, [...ids])) : undefined;
    const hit = await tx
      .select({ one: sql`1` })
      .from(t)
      .where(and(eq(t.client_id, ctx.clientId), inArray(t[site.field.name], [...ids]), exclude))
      .limit(1);
    if (hit.length > 0) throw new BizError('engine.referenced', { entity: pickLabel(site.from.def.label, ctx.lang) });
  }
  const t = reg.tables.main;
  await tx.delete(t).where(and(eq(t.client_id, ctx.clientId), inArray(t.id, [...ids])));
  const fields = storedFields(reg.def.fields);
  await tx.insert(auditLog).values(
    rows.map((r) => ({
      clientId: ctx.clientId,
      entity: reg.def.name,
      recordId: r.id as string,
      action: 'delete',
      userId: ctx.userId,
      changes: fields.filter((f) => r[f.name] !== null && r[f.name] !== undefined).map((f) => ({ field: f.name, old: comparable(r[f.name]), new: null })),
    })),
  );
  return { deleted: rows.length };
}

/** A state transition: the document must be in one of `from` (else 400) at the given version (else 409). */
export async function transition(tx: Tx, reg: Registered, tr: TransitionDef, id: string, version: unknown, ctx: SaveContext): Promise<void> {
  const [row] = await loadRows(tx, reg, [id], ctx, true);
  if (!row) throw notFound();
  const v = typeof version === 'number' ? version : typeof version === 'string' && /^\d+$/.test(version) ? Number(version) : null;
  if (v !== Number(row.version)) throw conflict();
  const field = reg.def.status!.field;
  const from = row[field] === null || row[field] === undefined ? '' : String(row[field]);
  if (!tr.from.includes(from)) throw new BizError('engine.badState');
  const t = reg.tables.main;
  await tx
    .update(t)
    .set({ [field]: tr.to, version: sql`${t.version} + 1`, updated_by: ctx.userId, updated_at: sql`now()` } as never)
    .where(and(eq(t.id, id), eq(t.client_id, ctx.clientId)));
  await tx.insert(auditLog).values({
    clientId: ctx.clientId,
    entity: reg.def.name,
    recordId: id,
    action: tr.action,
    userId: ctx.userId,
    changes: sameValue(row[field], tr.to) ? [] : [{ field, old: comparable(row[field]), new: tr.to }],
  });
  // A flow document's submit starts its approval (areas/flow); a refusal there undoes the transition.
  if (reg.def.flow) await ctx.registry.flow?.afterTransition(tx, reg, tr, { ...row, [field]: tr.to }, ctx);
}

export interface AuditEntry {
  id: string;
  action: string;
  at: string;
  user: { id: string; username: string; full_name: string } | null;
  changes: Array<{ field: string; old: unknown; new: unknown }>;
}

/**
 * The audit trail of a document, newest first (at most 500 entries). A document that still exists
 * must be visible to the user; the trail of a deleted one stays readable to whoever may read the entity.
 */
export async function auditTrail(tx: Tx, reg: Registered, id: string, ctx: ReadContext): Promise<AuditEntry[]> {
  const [stored] = await tx
    .select({ id: reg.tables.main.id })
    .from(reg.tables.main)
    .where(and(eq(reg.tables.main.client_id, ctx.clientId), eq(reg.tables.main.id, id)));
  if (stored && (await loadRows(tx, reg, [id], ctx)).length === 0) throw notFound();
  const rows = await tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.at,
      userId: auditLog.userId,
      username: appUser.username,
      fullName: appUser.fullName,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(appUser, eq(appUser.id, auditLog.userId))
    .where(and(eq(auditLog.clientId, ctx.clientId), eq(auditLog.entity, reg.def.name), eq(auditLog.recordId, id)))
    .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`)
    .limit(500);
  if (!stored && rows.length === 0) throw notFound();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    at: r.at.toISOString(),
    user: r.userId ? { id: r.userId, username: r.username ?? '', full_name: r.fullName ?? r.username ?? '' } : null,
    changes: (r.changes ?? []) as AuditEntry['changes'],
  }));
}

export type { Row };

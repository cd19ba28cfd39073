// Saving documents: the one write path of the engine (the save endpoint, the seed and the
// coming batch import all use saveDocuments). Everything runs in the caller's transaction, so a
// refused save leaves the data exactly as it was:
// 1. load the stored rows being updated (FOR UPDATE, within the user's data rules: else 404) and
//    check their `version` (missing or stale: 409);
// 2. merge: a create starts from the defaults, an update from the stored document; fields absent
//    from the body keep their stored value; read-only fields are the server's;
// 3. core checkDocument (routeAction 'edit', the user's dashroles; dictionary options of the company)
//    plus the column limits, then serial numbers for empty numbering fields, references that must
//    exist in the company, unique-within-company values and tree cycles — every problem of every
//    document is collected and reported together (11000);
// 4. write in batches (~1,000 rows a statement), child tables replaced as a set, and the audit trail.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  checkDocument,
  defaultOf,
  defaultValues,
  et,
  isEmptyValue,
  isReadOnlyStatus,
  t,
  type ChildTableDef,
  type EntityDef,
  type FieldDef,
  type FieldErrors,
  type Lang,
  type RefFilter,
  type SessionContext,
  type ValidateContext,
} from '@seamline/core';
import { isUuid, type Tx } from '../db';
import { BizError, conflict, notFound, ValidationError } from '../errors';
import { dictionaryOptions, dictionaryTypes } from './dictionary';
import { loadChildren, loadRows, type ReadContext } from './documents';
import { storedFields, varcharLength, type AnyTable } from './entityTables';
import { auditLog } from './platformTables';
import { referenceTarget } from './references';
import type { HookDocument } from './hooks';
import { refuseInUse } from './inUse';
import type { Registered } from './registry';
import { allocateSerials, serialConfig } from './serial';
import { insertRows } from './bulkInsert';
import { childSelection, comparable, mainSelection, sameValue, toColumn, wireRow, type Row } from './values';

export interface SaveContext extends ReadContext {
  /** The acting user (created_by / updated_by / audit); null for system writes. */
  userId: string | null;
  lang: Lang;
  /** What conditions and role checks read: dashroles, license_type, … */
  session: SessionContext;
  now?: Date;
  /** Record every field of a created document in the audit trail (default true); a bulk import may record just the action. */
  auditCreateDetail?: boolean;
  /** Rows per INSERT (default 1,000). */
  batchSize?: number;
  /**
   * System writes only (the seed, an admin's import of states): store read-only fields the
   * documents give (status, …) when creating, instead of their defaults.
   */
  trustReadOnly?: boolean;
  /**
   * The user confirmed the in-use warning ('still process', `force=1`): a save changing an
   * `inUseFields` field of a row in use, or a delete of rows in use, goes ahead.
   */
  force?: boolean;
}

export interface SavedDocument {
  /** Position in the input list. */
  index: number;
  id: string;
  version: number;
  created: boolean;
}

/** Field errors of several documents, by their position in the input list. */
export class DocumentsInvalid extends Error {
  constructor(readonly errors: Map<number, FieldErrors>) {
    super(`${errors.size} document(s) are not valid`);
    this.name = 'DocumentsInvalid';
  }
}

export const DEFAULT_BATCH = 1000;

interface ChildWrite {
  /** Rows as their columns take them (without id/parent/seq). */
  rows: Row[];
  /** Ids to keep for rows that name one of the stored rows. */
  ids: Array<string | undefined>;
}

interface Plan {
  index: number;
  body: Row;
  id: string;
  created: boolean;
  existing?: Row;
  storedChildren: Record<string, Row[]>;
  merged: Row;
  write: Row;
  children: Record<string, ChildWrite>;
  errors: FieldErrors;
}

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isRecord = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

function addError(errors: FieldErrors, field: string, msg: string, child?: { name: string; index: number; count: number }): void {
  if (!child) {
    const list = (errors[field] ??= []) as string[];
    if (!list.includes(msg)) list.push(msg);
    return;
  }
  let rows = errors[child.name] as Array<Record<string, string[]> | null> | undefined;
  if (rows !== undefined && rows.some((r) => typeof r === 'string')) return; // the rows themselves are unreadable
  rows ??= Array.from({ length: child.count }, () => null);
  while (rows.length <= child.index) rows.push(null);
  const row = (rows[child.index] ??= {});
  const list = (row[field] ??= []);
  if (!list.includes(msg)) list.push(msg);
  errors[child.name] = rows;
}

function hasFieldError(errors: FieldErrors, field: string, child?: { name: string; index: number }): boolean {
  if (!child) return has(errors, field);
  const rows = errors[child.name];
  if (!Array.isArray(rows)) return false;
  const row = rows[child.index];
  return isRecord(row) && has(row, field);
}

/** Column values of the fields a row writes: posted fields, plus read-only fields on a new row (their defaults). */
function columnsOf(fields: readonly FieldDef[], prepared: Row, merged: Row, opts: { isNew: boolean; onlyKeys?: Row }): Row {
  const out: Row = {};
  for (const f of storedFields(fields)) {
    if (f.readOnly) {
      if (opts.isNew && merged[f.name] !== undefined) out[f.name] = toColumn(f, merged[f.name]);
      continue;
    }
    if (!has(prepared, f.name)) continue;
    if (opts.onlyKeys && !has(opts.onlyKeys, f.name)) continue;
    out[f.name] = toColumn(f, prepared[f.name]);
  }
  return out;
}

/** Limits of the columns themselves that the definition does not state: uuid references, varchar length, NUL characters. */
function columnProblems(field: FieldDef, value: unknown, lang: Lang): string | null {
  if (value === null || value === undefined) return null;
  if (field.type === 'reference') return isUuid(value) ? null : et(lang, 'entity.invalidValue');
  const texts = Array.isArray(value) ? value : [value];
  if (texts.some((v) => typeof v === 'string' && v.includes('\u0000'))) return et(lang, 'entity.invalidValue');
  const max = varcharLength(field);
  if (max !== undefined && typeof value === 'string' && Array.from(value).length > max) return et(lang, 'entity.maxLength', { max });
  return null;
}

function readOnlyDefaults(fields: readonly FieldDef[], row: Row, now: Date): void {
  for (const f of fields) {
    if (!f.readOnly) continue;
    const dv = defaultOf(f, now);
    if (dv === undefined) delete row[f.name];
    else row[f.name] = dv;
  }
}

/** A new child row: the child's defaults, the posted values, read-only fields from their defaults. */
function newChildRow(child: ChildTableDef, row: unknown, now: Date): unknown {
  if (!isRecord(row)) return row;
  const out: Row = { ...defaultValues(child.fields, now), ...row };
  readOnlyDefaults(child.fields, out, now);
  return out;
}

function mergeDocument(def: EntityDef, plan: Plan, now: Date, trustReadOnly: boolean): Row {
  const body = plan.body;
  let merged: Row;
  if (plan.existing) {
    merged = { ...plan.existing, ...plan.storedChildren };
    for (const [k, v] of Object.entries(body)) merged[k] = v;
    for (const f of def.fields) if (f.readOnly) merged[f.name] = plan.existing[f.name];
  } else {
    merged = { ...defaultValues(def, now), ...body };
    readOnlyDefaults(def.fields, merged, now);
    if (trustReadOnly) for (const f of def.fields) if (f.readOnly && has(body, f.name)) merged[f.name] = body[f.name];
    delete merged.id;
  }
  for (const c of def.children ?? []) {
    if (!has(body, c.name)) continue;
    const rows = body[c.name];
    if (rows === null || rows === '') merged[c.name] = [];
    else if (Array.isArray(rows)) merged[c.name] = rows.map((r) => newChildRow(c, r, now));
  }
  return merged;
}

const versionOf = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
};

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const childWire = (rows: readonly Row[]) => rows.map(({ id: _id, ...r }) => r);

/**
 * Validates every document and then writes them all, in the caller's transaction (`entity`: the
 * registered entity, or its definition, looked up in ctx.registry). A document
 * without `id` is created; one with an `id` updates that document (404 when the company does not
 * have it or the user's data rules hide it; 409 when `version` is missing or stale). Throws
 * DocumentsInvalid (errors by input position) before writing anything when any is invalid.
 */
export async function saveDocuments(tx: Tx, entity: Registered | EntityDef, docs: readonly Row[], ctx: SaveContext): Promise<SavedDocument[]> {
  const reg = 'tables' in entity ? entity : ctx.registry.get(entity.name);
  if (!reg) throw new Error(`entity '${(entity as EntityDef).name}' is not registered`);
  const def = reg.def;
  const now = ctx.now ?? new Date();
  const lang = ctx.lang;
  const batch = ctx.batchSize ?? DEFAULT_BATCH;

  // 1. Stored documents being updated.
  const updateIds: string[] = [];
  for (const doc of docs) {
    if (!isRecord(doc)) throw new ValidationError({ _document: [et(lang, 'entity.invalidValue')] });
    if (!isEmptyValue(doc.id)) {
      if (!isUuid(doc.id)) throw notFound();
      updateIds.push(doc.id);
    }
  }
  if (new Set(updateIds).size !== updateIds.length) throw conflict();
  const stored = new Map((await loadRows(tx, reg, updateIds, ctx, true)).map((r) => [r.id as string, wireRow(r)]));
  if (stored.size !== updateIds.length) throw notFound();
  // A flow document under approval or in a final state cannot change (docs/flow.md, DOC-05).
  if (def.flow && [...stored.values()].some((r) => isReadOnlyStatus(r.status))) throw new BizError('engine.readOnlyStatus');
  const storedChildren = await loadChildren(tx, reg, updateIds);

  // 2. Merge and check.
  const dictionary = await dictionaryOptions(tx, ctx.registry, ctx.clientId, dictionaryTypes(def), lang);
  const vctx: ValidateContext = {
    session: ctx.session,
    lang,
    routeAction: 'edit',
    optionsOf: (field) => {
      const o = field.options;
      if (!o || Array.isArray(o) || !('dictionary' in o)) return undefined;
      // A type the company has not filled in yet accepts any value.
      return dictionary.get(o.dictionary)?.map((x) => x.value);
    },
  };

  const plans: Plan[] = docs.map((body, index) => {
    const existing = isEmptyValue(body.id) ? undefined : stored.get(body.id as string);
    if (existing && versionOf(body.version) !== Number(existing.version)) throw conflict();
    const id = existing ? (existing.id as string) : randomUUID();
    const kids: Record<string, Row[]> = {};
    for (const c of def.children ?? []) kids[c.name] = (storedChildren.get(c.name)?.get(id) ?? []).map(wireRow);
    const plan: Plan = { index, body, id, created: !existing, existing, storedChildren: kids, merged: {}, write: {}, children: {}, errors: {} };
    plan.merged = mergeDocument(def, plan, now, ctx.trustReadOnly === true);
    const { values, errors } = checkDocument(def, plan.merged, vctx);
    plan.errors = errors;
    plan.write = columnsOf(def.fields, values, plan.merged, { isNew: !existing, onlyKeys: existing ? body : undefined });
    for (const f of storedFields(def.fields)) {
      if (!has(plan.write, f.name) || hasFieldError(errors, f.name)) continue;
      const msg = columnProblems(f, plan.write[f.name], lang);
      if (msg) addError(errors, f.name, msg);
    }
    for (const c of def.children ?? []) {
      if (existing && !has(body, c.name)) continue;
      const rows = Array.isArray(values[c.name]) ? (values[c.name] as unknown[]) : [];
      const mergedRows = Array.isArray(plan.merged[c.name]) ? (plan.merged[c.name] as unknown[]) : [];
      const storedIds = new Set(kids[c.name].map((r) => r.id as string));
      const write: ChildWrite = { rows: [], ids: [] };
      rows.forEach((row, i) => {
        if (!isRecord(row)) return;
        const cols = columnsOf(c.fields, row, isRecord(mergedRows[i]) ? mergedRows[i] : row, { isNew: true });
        for (const f of storedFields(c.fields)) {
          const where = { name: c.name, index: i, count: rows.length };
          if (!has(cols, f.name) || hasFieldError(errors, f.name, where)) continue;
          const msg = columnProblems(f, cols[f.name], lang);
          if (msg) addError(errors, f.name, msg, where);
        }
        write.rows.push(cols);
        write.ids.push(isUuid(row.id) && storedIds.has(row.id) ? row.id : undefined);
      });
      plan.children[c.name] = write;
    }
    return plan;
  });

  await number(tx, reg, plans, ctx, now);
  await checkReferences(tx, reg, plans, ctx);
  await checkUnique(tx, reg, plans, ctx);
  await checkTree(tx, reg, plans, ctx);
  if (reg.hooks.beforeWrite) await reg.hooks.beforeWrite(tx, plans.map(hookDocument), ctx);

  const invalid = new Map<number, FieldErrors>();
  for (const p of plans) if (Object.keys(p.errors).length > 0) invalid.set(p.index, p.errors);
  if (invalid.size > 0) throw new DocumentsInvalid(invalid);

  // 3b. Changing a row in use asks first (spec §8 'still process'): a valid save only.
  const watched = reg.hooks.inUseFields ?? [];
  if (!ctx.force && watched.length > 0) {
    const changing = plans.filter((p) => !p.created && watched.some((f) => has(p.write, f) && !sameValue(p.existing![f] ?? null, p.write[f] ?? null)));
    await refuseInUse(tx, reg, changing.map((p) => p.id), ctx);
  }

  // 4. Write.
  const t = reg.tables.main;
  const selection = mainSelection(def, t);
  const audit: Array<typeof auditLog.$inferInsert> = [];
  const results: SavedDocument[] = [];
  const creates = plans.filter((p) => p.created);
  const createDetail = ctx.auditCreateDetail !== false;
  for (const part of chunks(creates, batch)) {
    const rows = part.map((p) => ({ ...p.write, id: p.id, client_id: ctx.clientId, version: 1, created_by: ctx.userId, updated_by: ctx.userId }));
    await insertRows(tx, t, rows);
    // The audit records values as stored (numeric scale, …), so read them back when it wants them.
    const saved = createDetail ? ((await tx.select(selection).from(t).where(inArray(t.id, part.map((p) => p.id)))) as Row[]) : [];
    const byId = new Map(saved.map((r) => [r.id as string, r]));
    for (const p of part) {
      results.push({ index: p.index, id: p.id, version: 1, created: true });
      const row = byId.get(p.id);
      const changes = row
        ? storedFields(def.fields)
            .filter((f) => row[f.name] !== null && row[f.name] !== undefined)
            .map((f) => ({ field: f.name, old: null, new: comparable(row[f.name]) }))
        : [];
      audit.push({ clientId: ctx.clientId, entity: def.name, recordId: p.id, action: 'create', userId: ctx.userId, changes });
    }
  }
  const childAudit = new Map<string, Array<{ field: string; old: unknown; new: unknown }>>();
  await writeChildren(tx, reg, creates, ctx, batch, childAudit);

  for (const p of plans.filter((x) => !x.created)) {
    const [row] = (await tx
      .update(t)
      .set({ ...p.write, version: sql`${t.version} + 1`, updated_by: ctx.userId, updated_at: sql`now()` } as never)
      .where(and(eq(t.id, p.id), eq(t.client_id, ctx.clientId)))
      .returning(selection)) as Row[];
    if (!row) throw conflict();
    const version = Number(row.version);
    results.push({ index: p.index, id: p.id, version, created: false });
    const changes: Array<{ field: string; old: unknown; new: unknown }> = [];
    for (const f of storedFields(def.fields)) {
      if (!sameValue(p.existing![f.name], row[f.name])) changes.push({ field: f.name, old: comparable(p.existing![f.name]), new: comparable(row[f.name]) });
    }
    childAudit.set(p.id, changes);
  }
  await writeChildren(
    tx,
    reg,
    plans.filter((x) => !x.created),
    ctx,
    batch,
    childAudit,
  );
  for (const p of plans.filter((x) => !x.created)) {
    audit.push({ clientId: ctx.clientId, entity: def.name, recordId: p.id, action: 'update', userId: ctx.userId, changes: childAudit.get(p.id) ?? [] });
  }
  // Through insertRows: one parameter per batch, and an import's staging sees the audit rows too.
  for (const part of chunks(audit, batch)) await insertRows(tx, auditLog as unknown as AnyTable, part as Row[]);
  return results.sort((a, b) => a.index - b.index);
}

function hookDocument(p: Plan): HookDocument {
  return {
    index: p.index,
    id: p.id,
    created: p.created,
    existing: p.existing,
    merged: p.merged,
    write: p.write,
    children: Object.fromEntries(Object.entries(p.children).map(([k, v]) => [k, v.rows])),
    errors: p.errors,
    error: (field, message, child) => {
      const count = child ? (p.children[child.name]?.rows.length ?? 0) : 0;
      addError(p.errors, field, message, child ? { ...child, count } : undefined);
    },
  };
}

/** Replaces the child rows the plans carry (all of a new document's; an update's only when posted). */
async function writeChildren(
  tx: Tx,
  reg: Registered,
  plans: readonly Plan[],
  ctx: SaveContext,
  batch: number,
  audit: Map<string, Array<{ field: string; old: unknown; new: unknown }>>,
): Promise<void> {
  for (const child of reg.def.children ?? []) {
    const t = reg.tables.children[child.name];
    const replacing = plans.filter((p) => p.children[child.name]);
    const updated = replacing.filter((p) => !p.created).map((p) => p.id);
    for (const part of chunks(updated, batch)) await tx.delete(t).where(inArray(t.parent_id, part));
    const rows = replacing.flatMap((p) =>
      p.children[child.name].rows.map((cols, seq) => ({
        ...cols,
        id: p.children[child.name].ids[seq] ?? randomUUID(),
        client_id: ctx.clientId,
        parent_id: p.id,
        seq,
      })),
    );
    for (const part of chunks(rows, batch)) await insertRows(tx, t, part);
    // Only an update's audit compares the rows as stored.
    const saved: Row[] = [];
    const selection = childSelection(child, t);
    for (const part of chunks(updated, batch)) saved.push(...((await tx.select(selection).from(t).where(inArray(t.parent_id, part)).orderBy(t.seq)) as Row[]));
    for (const p of replacing.filter((x) => !x.created)) {
      const before = childWire(p.storedChildren[child.name]);
      const after = childWire(saved.filter((r) => r.parent_id === p.id).map(({ parent_id: _p, ...r }) => r));
      if (!sameValue(before, after)) audit.get(p.id)?.push({ field: child.name, old: before, new: after });
    }
  }
}

/** Empty numbering fields get the next numbers of the company's series (skipping numbers already taken by hand). */
async function number(tx: Tx, reg: Registered, plans: Plan[], ctx: SaveContext, now: Date): Promise<void> {
  const numbering = reg.def.numbering;
  if (!numbering) return;
  const field = numbering.field;
  const finalValue = (p: Plan) => (has(p.write, field) ? p.write[field] : p.existing?.[field]);
  const needing = plans.filter((p) => isEmptyValue(finalValue(p)) && !hasFieldError(p.errors, field));
  if (needing.length === 0) return;
  const config = await serialConfig(tx, ctx.clientId, numbering.serial);
  if (!config) {
    for (const p of needing) addError(p.errors, field, t(ctx.lang, 'engine.noSerial', { code: numbering.serial }));
    return;
  }
  const table = reg.tables.main;
  let pending = needing;
  for (let attempt = 0; pending.length > 0 && attempt < 50; attempt++) {
    const numbers = await allocateSerials(tx, ctx.clientId, config, pending.length, now);
    pending.forEach((p, i) => (p.write[field] = numbers[i]));
    const taken = new Set(
      ((await tx
        .select({ v: table[field] })
        .from(table)
        .where(and(eq(table.client_id, ctx.clientId), inArray(table[field], numbers)))) as Array<{ v: string }>).map((r) => r.v),
    );
    pending = pending.filter((p) => taken.has(p.write[field] as string));
  }
  for (const p of pending) addError(p.errors, field, t(ctx.lang, 'engine.unique'));
}

/**
 * Reference values must name rows of the same company (locked against deletion until commit); a
 * value newly chosen for a field with ref.filter must also meet it (a row chosen earlier, e.g. a
 * config version since deactivated, stays valid on later saves).
 */
async function checkReferences(tx: Tx, reg: Registered, plans: Plan[], ctx: SaveContext): Promise<void> {
  type Use = { plan: Plan; field: FieldDef; id: string; child?: { name: string; index: number; count: number } };
  const groups = new Map<string, { target: string; filter?: RefFilter; uses: Use[] }>();
  const use = (u: Use, kept: boolean) => {
    if (hasFieldError(u.plan.errors, u.field.name, u.child)) return;
    const target = u.field.ref!.entity;
    const filter = kept ? undefined : u.field.ref!.filter;
    const key = `${target} ${filter ? JSON.stringify(filter) : ''}`;
    const group = groups.get(key) ?? groups.set(key, { target, filter, uses: [] }).get(key)!;
    group.uses.push(u);
  };
  for (const plan of plans) {
    for (const f of storedFields(reg.def.fields)) {
      const id = plan.write[f.name];
      if (f.type === 'reference' && typeof id === 'string') use({ plan, field: f, id }, plan.existing?.[f.name] === id);
    }
    for (const c of reg.def.children ?? []) {
      const rows = plan.children[c.name]?.rows ?? [];
      const stored = plan.storedChildren[c.name] ?? [];
      rows.forEach((row, index) => {
        for (const f of storedFields(c.fields)) {
          const id = row[f.name];
          if (f.type === 'reference' && typeof id === 'string') {
            use({ plan, field: f, id, child: { name: c.name, index, count: rows.length } }, stored.some((r) => r[f.name] === id));
          }
        }
      });
    }
  }
  for (const { target, filter, uses } of groups.values()) {
    // A document may point at itself or at another of the same batch only once it exists; rows being created do not.
    const found = await referenceTarget(ctx.registry, target).existing(tx, ctx.clientId, [...new Set(uses.map((u) => u.id))], true, filter);
    for (const u of uses) if (!found.has(u.id)) addError(u.plan.errors, u.field.name, t(ctx.lang, filter ? 'engine.refFiltered' : 'engine.refMissing'), u.child);
  }
}

/** Unique-within-company fields: against the stored rows and within the batch. */
async function checkUnique(tx: Tx, reg: Registered, plans: Plan[], ctx: SaveContext): Promise<void> {
  const table = reg.tables.main;
  for (const f of storedFields(reg.def.fields).filter((x) => x.unique)) {
    const candidates = plans.filter((p) => !isEmptyValue(p.write[f.name]) && !hasFieldError(p.errors, f.name));
    if (candidates.length === 0) continue;
    const seen = new Map<string, Plan>();
    for (const p of candidates) {
      const key = JSON.stringify(p.write[f.name]);
      if (seen.has(key)) addError(p.errors, f.name, t(ctx.lang, 'engine.unique'));
      else seen.set(key, p);
    }
    const values = [...new Set(candidates.map((p) => p.write[f.name]))];
    for (const part of chunks(values, DEFAULT_BATCH)) {
      const rows = (await tx
        .select({ id: table.id, v: table[f.name] })
        .from(table)
        .where(and(eq(table.client_id, ctx.clientId), inArray(table[f.name], part as never[])))) as Array<{ id: string; v: unknown }>;
      for (const r of rows) {
        for (const p of candidates) {
          if (p.id !== r.id && sameValue(p.write[f.name], r.v)) addError(p.errors, f.name, t(ctx.lang, 'engine.unique'));
        }
      }
    }
  }
}

/** A tree's parent may not be the document itself or one of its descendants. */
async function checkTree(tx: Tx, reg: Registered, plans: Plan[], ctx: SaveContext): Promise<void> {
  const parentField = reg.def.tree?.parentField;
  if (!parentField) return;
  const table = reg.tables.main;
  for (const p of plans) {
    const parent = p.write[parentField];
    if (p.created || typeof parent !== 'string' || hasFieldError(p.errors, parentField)) continue;
    let cycle = parent === p.id;
    if (!cycle) {
      const res = await tx.execute(sql`
        with recursive up(id, parent, depth) as (
          select ${table.id}, ${table[parentField]}, 1 from ${table} where ${table.id} = ${parent} and ${table.client_id} = ${ctx.clientId}
          union all
          select t.id, t.${sql.identifier(parentField)}, up.depth + 1
            from ${table} t join up on t.id = up.parent
           where t.client_id = ${ctx.clientId} and up.depth < 10000
        )
        select 1 as hit from up where id = ${p.id} limit 1`);
      cycle = (res as unknown as { rows: unknown[] }).rows.length > 0;
    }
    if (cycle) addError(p.errors, parentField, t(ctx.lang, 'engine.treeCycle'));
  }
}

/** A unique index violated by a concurrent save, as the field error it stands for; else null. */
export function uniqueViolation(err: unknown, reg: Registered, lang: Lang): ValidationError | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint && has(reg.tables.uniqueIndexes, pg.constraint)) {
      return new ValidationError({ [reg.tables.uniqueIndexes[pg.constraint]]: [t(lang, 'engine.unique')] });
    }
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return null;
}

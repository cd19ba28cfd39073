// Master-data logic no definition can state (the engine calls these inside the save transaction):
// - vendor: `platform_link` tells whether `supplier_client_id` names a company on the platform;
// - company: `card_version` counts up on every save of the card;
// - dictionary: a code is unique within its type (the engine's `unique` is one column);
// - service: one registry entry per identical service (module … URL, version);
// - production line: the allowed processes of a capacity row must be process codes of the company;
// - process: in use (spec §8, MD-17) while it is another process's parent or a line's capacity
//   allows it; `processUsages` is the list of usage finders a later area (work orders) adds to.
import { pickLabel, t } from '@seamline/core';
import {
  and, asc, client, eq, inArray, isUuid, sql, type Tx, type EntityHooks, type HookDocument, MAX_USAGES, treeChildren, usageHooks,
  type UsageFinder, type SaveContext,
} from '@seamline/server/api';
import { productionLineEntity } from '../meta/production-line';
import './messages';
import { md_dictionary, md_process, md_service, md_production_line, md_production_line_capacity } from './schema';

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The value a document will hold after the write: the written one, else the stored one. */
const finalValue = (doc: HookDocument, field: string): unknown => (has(doc.write, field) ? doc.write[field] : doc.existing?.[field]);

async function vendorPlatformLink(tx: Tx, docs: HookDocument[]): Promise<void> {
  const touched = docs.filter((d) => d.created || has(d.write, 'supplier_client_id'));
  const ids = [...new Set(touched.map((d) => finalValue(d, 'supplier_client_id')).filter(isUuid))];
  const found = ids.length ? new Set((await tx.select({ id: client.id }).from(client).where(inArray(client.id, ids))).map((r) => r.id)) : new Set<string>();
  for (const d of touched) {
    const id = finalValue(d, 'supplier_client_id');
    d.write.platform_link = typeof id === 'string' && found.has(id) ? 'exists' : 'not exists';
  }
}

async function companyCardVersion(_tx: Tx, docs: HookDocument[]): Promise<void> {
  for (const d of docs) {
    if (d.created) d.write.card_version ??= 1;
    else d.write.card_version = Number(d.existing?.card_version ?? 0) + 1;
  }
}

async function dictionaryCodePerType(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const key = (type: unknown, code: unknown) => `${String(type)}\u0000${String(code)}`;
  const candidates = docs.filter((d) => !d.errors.code && !d.errors.type_code && (d.created || has(d.write, 'code') || has(d.write, 'type_code')));
  const seen = new Map<string, HookDocument>();
  for (const d of candidates) {
    const k = key(finalValue(d, 'type_code'), finalValue(d, 'code'));
    if (seen.has(k)) d.error('code', t(ctx.lang, 'md.dictionaryCodeTaken'));
    else seen.set(k, d);
  }
  const types = [...new Set(candidates.map((d) => String(finalValue(d, 'type_code'))))];
  if (types.length === 0) return;
  const rows = await tx
    .select({ id: md_dictionary.id, type: md_dictionary.type_code, code: md_dictionary.code })
    .from(md_dictionary)
    .where(and(eq(md_dictionary.client_id, ctx.clientId), inArray(md_dictionary.type_code, types)));
  const stored = new Map(rows.map((r) => [key(r.type, r.code), r.id as string]));
  for (const d of candidates) {
    const owner = stored.get(key(finalValue(d, 'type_code'), finalValue(d, 'code')));
    if (owner && owner !== d.id) d.error('code', t(ctx.lang, 'md.dictionaryCodeTaken'));
  }
}

/** The fields that make two registry entries the same service (saving one twice is refused). */
const SERVICE_KEY = ['module', 'function_area', 'subarea', 'field', 'http_type', 'url', 'service_version'] as const;

async function serviceOnce(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const key = (v: (f: string) => unknown) => SERVICE_KEY.map((f) => String(v(f) ?? '')).join('\u0000');
  const seen = new Set<string>();
  const rows = await tx
    .select({ id: md_service.id, ...Object.fromEntries(SERVICE_KEY.map((f) => [f, md_service[f]])) })
    .from(md_service)
    .where(and(eq(md_service.client_id, ctx.clientId), inArray(md_service.module, [...new Set(docs.map((d) => String(finalValue(d, 'module') ?? '')))])));
  const stored = new Map(rows.map((r) => [key((f) => (r as Record<string, unknown>)[f]), r.id as string]));
  for (const d of docs) {
    const k = key((f) => finalValue(d, f));
    const owner = stored.get(k);
    if (seen.has(k) || (owner && owner !== d.id)) d.error('url', t(ctx.lang, 'md.serviceExists'));
    seen.add(k);
  }
}

const processCodes = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

async function lineAllowedProcesses(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const uses = docs.flatMap((d) => (d.children.capacity ?? []).map((row, index) => ({ d, index, codes: processCodes(row.allowed_processes) })));
  const all = [...new Set(uses.flatMap((u) => u.codes))];
  if (all.length === 0) return;
  const known = new Set(
    (
      await tx
        .select({ code: sql<string>`${md_process.process_code}` })
        .from(md_process)
        .where(and(eq(md_process.client_id, ctx.clientId), inArray(md_process.process_code, all)))
    ).map((r) => r.code),
  );
  for (const u of uses) {
    const unknown = u.codes.filter((c) => !known.has(c));
    if (unknown.length > 0) u.d.error('allowed_processes', t(ctx.lang, 'md.unknownProcesses', { codes: unknown.join(', ') }), { name: 'capacity', index: u.index });
  }
}

/** The stored process codes of these process ids. */
async function codesOf(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<string[]> {
  const rows = await tx
    .select({ code: sql<string>`${md_process.process_code}` })
    .from(md_process)
    .where(and(eq(md_process.client_id, ctx.clientId), inArray(md_process.id, [...ids])));
  return rows.map((r) => r.code).filter(Boolean);
}

/**
 * Production lines whose work-line capacity lists one of the processes in allowed processes
 * (one use per line). A confirmed delete leaves the codes in place: the line's next save names
 * them as unknown, so nobody's capacity changes behind their back.
 */
export const lineCapacityUsage: UsageFinder = {
  async find(tx, ids, ctx) {
    const codes = await codesOf(tx, ids, ctx);
    if (codes.length === 0) return null;
    // allowed_processes is 'CUT, SEW' (upper case; spaces allowed around the commas)
    const listed = sql`string_to_array(regexp_replace(${md_production_line_capacity.allowed_processes}, '[[:space:]]', '', 'g'), ',')`;
    const wanted = sql`array[${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]`;
    const rows = await tx
      .select({
        id: sql<string>`${md_production_line.id}`,
        code: sql<string>`${md_production_line.code}`,
        name: sql<string>`${md_production_line.name}`,
        allowed: sql<string>`${md_production_line_capacity.allowed_processes}`,
      })
      .from(md_production_line_capacity)
      .innerJoin(md_production_line, eq(md_production_line.id, md_production_line_capacity.parent_id))
      .where(and(eq(md_production_line_capacity.client_id, ctx.clientId), sql`${listed} && ${wanted}`))
      .orderBy(asc(md_production_line.code));
    const byLine = new Map<string, { line: string; codes: Set<string> }>();
    for (const r of rows) {
      const entry = byLine.get(r.id) ?? { line: [r.code, r.name].filter(Boolean).join(' '), codes: new Set<string>() };
      for (const c of processCodes(r.allowed)) if (codes.includes(c)) entry.codes.add(c);
      byLine.set(r.id, entry);
    }
    if (byLine.size === 0) return null;
    const label = pickLabel(productionLineEntity.label, ctx.lang);
    return {
      count: byLine.size,
      where: [...byLine.values()].slice(0, MAX_USAGES).map((u) => t(ctx.lang, 'md.processAllowedOnLine', { entity: label, line: u.line, codes: [...u.codes].join(', ') })),
    };
  },
};

/** Where a process is in use; an area that uses processes too (work orders) pushes its finder here. */
export const processUsages: UsageFinder[] = [treeChildren('process'), lineCapacityUsage];

export const masterdataHooks: Record<string, EntityHooks> = {
  process: usageHooks(processUsages, { fields: ['process_code'], message: 'biz.processInUse' }),
  vendor: { beforeWrite: (tx, docs) => vendorPlatformLink(tx, docs) },
  company: { beforeWrite: (tx, docs) => companyCardVersion(tx, docs) },
  dictionary: { beforeWrite: dictionaryCodePerType },
  service: { beforeWrite: serviceOnce },
  'production-line': { beforeWrite: lineAllowedProcesses },
};

// Master-data logic no definition can state (the engine calls these inside the save transaction):
// - vendor: `platform_link` tells whether `supplier_client_id` names a company on the platform;
// - company: `card_version` counts up on every save of the card;
// - dictionary: a code is unique within its type (the engine's `unique` is one column);
// - production line: the allowed processes of a capacity row must be process codes of the company.
import { t } from '@seamline/core';
import { and, client, eq, inArray, isUuid, sql, type Tx } from '@seamline/server/api';
import type { EntityHooks, HookDocument } from '../../../server/src/engine/hooks';
import type { SaveContext } from '../../../server/src/engine/save';
import './messages';
import { md_dictionary, md_process } from './schema';

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

export const masterdataHooks: Record<string, EntityHooks> = {
  vendor: { beforeWrite: (tx, docs) => vendorPlatformLink(tx, docs) },
  company: { beforeWrite: (tx, docs) => companyCardVersion(tx, docs) },
  dictionary: { beforeWrite: dictionaryCodePerType },
  'production-line': { beforeWrite: lineAllowedProcesses },
};

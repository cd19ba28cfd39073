// The signed document: read exactly as the engine's `view` returns it (readDocument), hashed as
// canonical JSON (RFC 8785, `canonicalize`) with SHA-256 — the same bytes whoever reads it, so a
// later save (new values, a new `version`) gives another hash and the signature no longer
// matches. The summary the phone shows comes from the same read.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { langOf, type FieldDef, type Lang } from '@seamline/core';
import { HttpError, isUuid, type Tx, dictionaryOptions, readDocument, type Registered, type Registry } from '@seamline/server/api';
import type { SignSummary } from '../meta';

type Doc = Record<string, unknown>;

export const documentHash = (doc: Doc): string => createHash('sha256').update(canonicalize(doc) ?? '').digest('hex');

export const unknownDocument = () => new HttpError(404, 'http.notFound');

export function registeredEntity(registry: Registry, entity: unknown): Registered {
  const reg = typeof entity === 'string' ? registry.get(entity) : undefined;
  if (!reg) throw unknownDocument();
  return reg;
}

/** The document in the tenant of `tx`, without data rules (the caller checked who may see it); null once deleted. */
export async function currentDocument(tx: Tx, registry: Registry, clientId: string, entity: string, id: string): Promise<Doc | null> {
  const reg = registry.get(entity);
  if (!reg || !isUuid(id)) return null;
  return readDocument(tx, reg, id, { registry, clientId, rules: [] });
}

export const displayOf = (reg: Registered, doc: Doc): string => String(doc[reg.def.display] ?? '');

type Options = ReadonlyMap<string, { value: string; label: string }[]>;

function shown(field: FieldDef, doc: Doc, lang: Lang, dictionaries: Options): string {
  const value = doc[field.name];
  const label = (doc._labels as Record<string, string> | undefined)?.[field.name];
  if (label !== undefined) return label;
  if (value === null || value === undefined || value === '') return '';
  const options = Array.isArray(field.options)
    ? field.options.map((o) => ({ value: o.value, label: o.label[lang] }))
    : field.options
      ? dictionaries.get(field.options.dictionary)
      : undefined;
  if (options) {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v) => options.find((o) => o.value === String(v))?.label ?? String(v)).join(', ');
  }
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return '';
  return String(value);
}

/** The document as the phone shows it: its title and list columns, labelled in the signer's language. */
export async function summaryOf(tx: Tx, registry: Registry, clientId: string, reg: Registered, doc: Doc, lang: unknown): Promise<Pick<SignSummary, 'entity_label' | 'title' | 'fields'>> {
  const l = langOf(lang);
  const fields = reg.def.list.columns
    .filter((n) => n !== reg.def.display)
    .map((n) => reg.def.fields.find((f) => f.name === n))
    .filter((f): f is FieldDef => !!f);
  const types = fields.flatMap((f) => (f.options && !Array.isArray(f.options) ? [f.options.dictionary] : []));
  const dictionaries = await dictionaryOptions(tx, registry, clientId, types, l);
  return {
    entity_label: reg.def.label[l],
    title: displayOf(reg, doc),
    fields: fields.map((f) => ({ label: f.label[l], value: shown(f, doc, l, dictionaries) })).filter((f) => f.value !== ''),
  };
}

// What a reference value reads as (spec §3 displayfield). Documents and list rows bring the text
// of their references (`<field>__display` / `_labels`), a pick brings the chosen row's display
// field; this small store remembers them per target entity and id, so a reference shows its
// label wherever the same id appears (form, child row, filter, list cell).
import { useSyncExternalStore } from 'react';
import type { ChildTableDef, FieldDef } from '@seamline/core';
import { referenceLabel, type Row } from './source';

const labels = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

const key = (entity: string, id: string) => `${entity}\u0000${id}`;

function emit() {
  version += 1;
  for (const l of listeners) l();
}

export function rememberLabel(entity: string, id: unknown, label: string | undefined): void {
  if (typeof id !== 'string' || !id || label === undefined || label === '') return;
  if (labels.get(key(entity, id)) === label) return;
  labels.set(key(entity, id), label);
  emit();
}

export function labelOfRef(entity: string, id: unknown): string | undefined {
  return typeof id === 'string' ? labels.get(key(entity, id)) : undefined;
}

const reported = new Set<string>();

/**
 * A reply that carries a reference value without its display text (REQ-22, spec §8): logged
 * only — no notice to the user, the field shows the raw value. Once per field and value.
 */
export function reportMissingLabel(entity: string, field: string, id: unknown): void {
  if (typeof id !== 'string' || !id) return;
  const k = `${key(entity, id)}\u0000${field}`;
  if (reported.has(k)) return;
  reported.add(k);
  console.warn(`[displayfield] the reply has no display text for ${field} (${entity} ${id}); showing the raw value`);
}

/** Learns the labels a document or list row carries for its reference fields (and child rows). */
export function rememberRowLabels(fields: readonly FieldDef[], row: Row, children: readonly ChildTableDef[] = []): void {
  for (const f of fields) {
    if (f.type !== 'reference' || !f.ref) continue;
    const label = referenceLabel(row, f.name);
    if (label === undefined && !labelOfRef(f.ref.entity, row[f.name])) reportMissingLabel(f.ref.entity, f.name, row[f.name]);
    rememberLabel(f.ref.entity, row[f.name], label);
  }
  for (const c of children) {
    const rows = row[c.name];
    if (Array.isArray(rows)) for (const r of rows) if (r && typeof r === 'object') rememberRowLabels(c.fields, r as Row);
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The label of one reference value; re-renders when it becomes known. */
export function useRefLabel(entity: string | undefined, id: unknown): string | undefined {
  useSyncExternalStore(subscribe, () => version, () => version);
  return entity ? labelOfRef(entity, id) : undefined;
}

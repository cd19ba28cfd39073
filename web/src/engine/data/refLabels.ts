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

/** Learns the labels a document or list row carries for its reference fields (and child rows). */
export function rememberRowLabels(fields: readonly FieldDef[], row: Row, children: readonly ChildTableDef[] = []): void {
  for (const f of fields) {
    if (f.type === 'reference' && f.ref) rememberLabel(f.ref.entity, row[f.name], referenceLabel(row, f.name));
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

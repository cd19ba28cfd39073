// System dictionary options: the rows of the registered dictionary entity (or entities) of the
// company, per type. Fields declared `options: { dictionary: TYPE }` take their values from here,
// both in forms (GET mdapi/dictionary/options) and when a save is checked.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChildTableDef, EntityDef, Lang } from '@seamline/core';
import type { Tx } from '../db';
import type { Registry } from './registry';

export interface DictionaryOption {
  value: string;
  label: string;
}

/** Dictionary types a definition's fields (and its child tables' fields) name. */
export function dictionaryTypes(def: EntityDef): string[] {
  const fields = [...def.fields, ...(def.children ?? []).flatMap((c: ChildTableDef) => c.fields)];
  const out = new Set<string>();
  for (const f of fields) {
    const o = f.options;
    if (o && !Array.isArray(o) && 'dictionary' in o && o.dictionary) out.add(o.dictionary);
  }
  return [...out];
}

/** Options per type (types without rows are absent from the map). */
export async function dictionaryOptions(
  tx: Tx,
  registry: Registry,
  clientId: string,
  types: readonly string[],
  lang: Lang,
): Promise<Map<string, DictionaryOption[]>> {
  const out = new Map<string, DictionaryOption[]>();
  if (types.length === 0) return out;
  for (const source of registry.dictionaries) {
    const reg = registry.get(source.entity);
    if (!reg) continue;
    const t = reg.tables.main;
    const labelField = typeof source.label === 'string' ? source.label : lang === 'en' ? source.label.en : source.label.zh;
    const fallback = typeof source.label === 'string' ? source.label : source.label.zh;
    const conditions: SQL[] = [eq(t.client_id, clientId), inArray(t[source.type], [...types])];
    if (source.activeWhen) conditions.push(sql`${t[source.activeWhen.field]} = ${source.activeWhen.value}`);
    const rows = (await tx
      .select({
        type: sql<string>`(${t[source.type]})::text`,
        value: sql<string>`(${t[source.value]})::text`,
        label: sql<string | null>`coalesce(nullif((${t[labelField]})::text, ''), (${t[fallback]})::text, (${t[source.value]})::text)`,
      })
      .from(t)
      .where(and(...conditions))
      .orderBy(asc(t[source.seq ?? source.value]), asc(t[source.value]))) as Array<{ type: string; value: string; label: string | null }>;
    for (const r of rows) {
      const list = out.get(r.type) ?? [];
      if (!list.some((o) => o.value === r.value)) list.push({ value: r.value, label: r.label ?? r.value });
      out.set(r.type, list);
    }
  }
  return out;
}

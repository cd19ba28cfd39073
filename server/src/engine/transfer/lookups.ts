// What converting cells needs from the database: the options of select fields (fixed, or the
// company's dictionary in both languages) and references by display value.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { et, pickLabel, t, type EntityDef, type FieldDef, type Lang } from '@seamline/core';
import { isUuid, type Tx } from '../../db';
import { appUser, userClient } from '../../db/tables/tenancy';
import { dictionaryOptions, dictionaryTypes } from '../dictionary';
import { storedFields } from '../entityTables';
import type { Registry } from '../registry';
import { fixedLabels, fixedOptionIndex, optionIndex, type LabelOf, type OptionIndex } from './cells';
import { keyField } from './columns';

const dictionaryType = (f: FieldDef): string | undefined => {
  const o = f.options;
  return o && !Array.isArray(o) && 'dictionary' in o ? o.dictionary : undefined;
};

/** Option indexes (import) of every select and multiselect field of the definition. */
export async function optionIndexes(tx: Tx, registry: Registry, clientId: string, def: EntityDef): Promise<Map<string, OptionIndex>> {
  const types = dictionaryTypes(def);
  const [en, zh] = await Promise.all([
    dictionaryOptions(tx, registry, clientId, types, 'en'),
    dictionaryOptions(tx, registry, clientId, types, 'zh'),
  ]);
  const out = new Map<string, OptionIndex>();
  for (const f of def.fields) {
    if (f.type !== 'select' && f.type !== 'multiselect') continue;
    if (Array.isArray(f.options)) {
      out.set(f.name, fixedOptionIndex(f.options));
      continue;
    }
    const type = dictionaryType(f);
    const list = type ? en.get(type) : undefined;
    if (!type || !list) continue; // a type the company has no rows for accepts any value
    const zhLabels = new Map((zh.get(type) ?? []).map((o) => [o.value, o.label]));
    out.set(f.name, optionIndex(list.map((o) => ({ value: o.value, labels: [o.label, zhLabels.get(o.value) ?? ''] }))));
  }
  return out;
}

/** Label readers (export) of every select and multiselect field, in `lang`. */
export async function optionLabels(tx: Tx, registry: Registry, clientId: string, def: EntityDef, lang: Lang): Promise<Map<string, LabelOf>> {
  const dict = await dictionaryOptions(tx, registry, clientId, dictionaryTypes(def), lang);
  const out = new Map<string, LabelOf>();
  for (const f of def.fields) {
    if (f.type !== 'select' && f.type !== 'multiselect') continue;
    if (Array.isArray(f.options)) out.set(f.name, fixedLabels(f.options, lang));
    else {
      const type = dictionaryType(f);
      const map = new Map((type ? (dict.get(type) ?? []) : []).map((o) => [o.value, o.label]));
      out.set(f.name, (v) => map.get(v));
    }
  }
  return out;
}

/** Every option of a select field as [value, label] in `lang` (the template's Options sheet). */
export async function optionLists(tx: Tx, registry: Registry, clientId: string, def: EntityDef, fields: readonly FieldDef[], lang: Lang): Promise<Map<string, Array<[string, string]>>> {
  const dict = await dictionaryOptions(tx, registry, clientId, dictionaryTypes(def), lang);
  const out = new Map<string, Array<[string, string]>>();
  for (const f of fields) {
    if (f.type === 'boolean') out.set(f.name, [[et(lang, 'entity.yes'), et(lang, 'entity.yes')], [et(lang, 'entity.no'), et(lang, 'entity.no')]]);
    if (f.type !== 'select' && f.type !== 'multiselect') continue;
    if (Array.isArray(f.options)) out.set(f.name, f.options.map((o) => [o.value, pickLabel(o.label, lang)]));
    else {
      const type = dictionaryType(f);
      const list = type ? dict.get(type) : undefined;
      if (list) out.set(f.name, list.map((o) => [o.value, o.label]));
    }
  }
  return out;
}

/** A reference's text resolved: the id, or the message saying why not. */
export type Resolved = { id: string } | { error: string };

/**
 * Resolves display values of one reference field to ids, within the company: the target's
 * display field (exact text), then its code (numbering or unique field); a uuid is taken as it
 * is (the save path checks it exists). Users: a member of the company by username or full name.
 */
export async function resolveReferences(tx: Tx, registry: Registry, clientId: string, field: FieldDef, texts: readonly string[], lang: Lang): Promise<Map<string, Resolved>> {
  const out = new Map<string, Resolved>();
  const wanted = [...new Set(texts)].filter((s) => {
    if (isUuid(s)) {
      out.set(s, { id: s.toLowerCase() });
      return false;
    }
    return true;
  });
  if (wanted.length === 0) return out;
  const target = field.ref!.entity;
  const reg = registry.get(target);
  const entityLabel = reg ? pickLabel(reg.def.label, lang) : t(lang, 'transfer.userEntity');
  const hits = new Map<string, Set<string>>();
  const add = (text: string, id: string) => hits.set(text, (hits.get(text) ?? new Set()).add(id));

  if (!reg) {
    if (target !== 'user') throw new Error(`reference to unknown entity '${target}'`);
    const lower = wanted.map((s) => s.toLowerCase());
    const rows = await tx
      .select({ id: appUser.id, username: appUser.username, fullName: appUser.fullName })
      .from(userClient)
      .innerJoin(appUser, eq(appUser.id, userClient.userId))
      .where(and(eq(userClient.clientId, clientId), or(inArray(sql`lower(${appUser.username})`, lower), inArray(appUser.fullName, wanted))));
    for (const s of wanted) {
      const byUsername = rows.filter((r) => r.username.toLowerCase() === s.toLowerCase());
      for (const r of byUsername.length ? byUsername : rows.filter((r) => r.fullName === s)) add(s, r.id);
    }
  } else {
    const t2 = reg.tables.main;
    const display = storedFields(reg.def.fields).some((f) => f.name === field.ref!.displayField) ? field.ref!.displayField : reg.def.display;
    const rows = (await tx
      .select({ id: t2.id, text: sql<string>`(${t2[display]})::text` })
      .from(t2)
      .where(and(eq(t2.client_id, clientId), inArray(sql`(${t2[display]})::text`, wanted)))) as Array<{ id: string; text: string }>;
    for (const r of rows) add(r.text, r.id);
    const code = keyField(reg.def);
    const rest = wanted.filter((s) => !hits.has(s));
    if (code && code.name !== display && rest.length > 0) {
      const byCode = (await tx
        .select({ id: t2.id, text: sql<string>`(${t2[code.name]})::text` })
        .from(t2)
        .where(and(eq(t2.client_id, clientId), inArray(sql`(${t2[code.name]})::text`, rest)))) as Array<{ id: string; text: string }>;
      for (const r of byCode) add(r.text, r.id);
    }
  }
  for (const s of wanted) {
    const ids = hits.get(s);
    if (ids && ids.size === 1) out.set(s, { id: [...ids][0] });
    else if (ids && ids.size > 1) out.set(s, { error: t(lang, 'transfer.refAmbiguous', { entity: entityLabel, value: s }) });
    else out.set(s, { error: target === 'material' ? t(lang, 'common.materialNotExist') : t(lang, 'transfer.refNotFound', { entity: entityLabel, value: s }) });
  }
  return out;
}

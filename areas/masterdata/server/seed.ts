// Demo master data (meta/demo.ts) for the demo companies, written through the engine's own save
// path (saveDocuments), so the definitions' checks, dictionary options, references, hooks and
// serial numbers all apply to the demo rows too. Idempotent: a row whose natural key (its unique
// fields; (type_code, code) for dictionary values; (module, title) for services) is already
// stored is left alone. Also the serial-number series VENDOR 'V', CUSTOMER 'C', MATERIAL 'M'.
import type { EntityDef } from '@seamline/core';
import {
  appUser, client, eq, inArray, sql, type Tx, serialNumberConfig, Registry, type Registered, DocumentsInvalid, saveDocuments, type SaveContext,
} from '@seamline/server/api';
import { masterdataEntities } from '../meta';
import { DEMO_LINK_KEYS, DEMO_REF_KEYS, demoDate, MASTERDATA_DEMO, type DemoRow } from '../meta/demo';
import { MASTERDATA_OPTIONS } from './options';

/** Serial-number series every demo company starts with (spec §3 SN config). */
export const DEMO_SERIALS = [
  { code: 'VENDOR', prefix: 'V', description: 'Vendor codes' },
  { code: 'CUSTOMER', prefix: 'C', description: 'Customer codes' },
  { code: 'MATERIAL', prefix: 'M', description: 'Material codes' },
] as const;

const NATURAL_KEYS: Readonly<Record<string, readonly string[]>> = {
  dictionary: ['type_code', 'code'],
  service: ['module', 'title'],
};

/** Dependencies the definitions do not show as references: a line's allowed processes name process codes. */
const SEEDED_AFTER: Readonly<Record<string, readonly string[]>> = { 'production-line': ['process'] };

/** masterdataEntities in seeding order: their own (dependency) order, moved behind SEEDED_AFTER. */
export function seedOrder(defs: readonly EntityDef[]): EntityDef[] {
  const out: EntityDef[] = [];
  const place = (d: EntityDef) => {
    if (out.includes(d)) return;
    for (const dep of SEEDED_AFTER[d.name] ?? []) {
      const target = defs.find((x) => x.name === dep);
      if (target) place(target);
    }
    out.push(d);
  };
  defs.forEach(place);
  return out;
}

export function naturalKey(def: EntityDef): readonly string[] {
  return NATURAL_KEYS[def.name] ?? def.fields.filter((f) => f.unique).map((f) => f.name);
}

/** A registry of the master-data entities alone, for writing outside a request. */
export function masterdataRegistry(): Registry {
  const registry = new Registry();
  for (const def of masterdataEntities) registry.add(def, MASTERDATA_OPTIONS);
  return registry;
}

/** What a demo seed saves documents as: the company's administrator, no user, read-only fields
 *  trusted (the seed writes what a user could not type) and no per-field audit of the creation. */
export function seedSaveContext(registry: Registry, clientId: string): SaveContext {
  return {
    registry,
    clientId,
    rules: [],
    userId: null,
    lang: 'en',
    session: { dashroles: ['ADMIN'], user_type: 'ADMIN', clientid: clientId },
    trustReadOnly: true,
    auditCreateDetail: false,
  };
}

type Ids = Map<string, string>;

async function keysOf(tx: Tx, reg: Registered, clientId: string, fields: readonly string[]): Promise<Map<string, string>> {
  const t = reg.tables.main;
  const rows = (await tx
    .select({ id: t.id, key: sql<Array<string | null>>`array[${sql.join(fields.map((f) => sql`${t[f]}::text`), sql`, `)}]` })
    .from(t)
    .where(eq(t.client_id, clientId))) as Array<{ id: string; key: Array<string | null> }>;
  return new Map(rows.map((r) => [r.key.map((k) => k ?? '').join('\u0000'), r.id]));
}

const keyOfRow = (row: DemoRow, fields: readonly string[]) => fields.map((f) => String(row[f] ?? '')).join('\u0000');

class Unresolved extends Error {}

export async function seedMasterdata(tx: Tx): Promise<void> {
  const registry = masterdataRegistry();
  const names = MASTERDATA_DEMO.map((d) => d.company);
  const companies: Ids = new Map((await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.name, names))).map((c) => [c.name, c.id]));
  const allCompanies: Ids = new Map((await tx.select({ id: client.id, name: client.name }).from(client)).map((c) => [c.name, c.id]));
  const users: Ids = new Map((await tx.select({ id: appUser.id, username: appUser.username }).from(appUser)).map((u) => [u.username.toLowerCase(), u.id]));

  for (const demo of MASTERDATA_DEMO) {
    const clientId = companies.get(demo.company);
    if (!clientId) continue;
    await tx
      .insert(serialNumberConfig)
      .values(DEMO_SERIALS.map((s) => ({ clientId, code: s.code, prefix: s.prefix, length: 4, flag: 1, description: s.description })))
      .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });

    const ctx: SaveContext = {
      registry,
      clientId,
      rules: [],
      userId: null,
      lang: 'zh',
      session: { dashroles: ['ADMIN'], user_type: 'ADMIN', clientid: clientId },
      trustReadOnly: true,
    };
    // Natural key → id of rows stored so far, per entity (filled lazily).
    const stored = new Map<string, Map<string, string>>();
    const lookup = async (entity: string, key: string): Promise<string | undefined> => {
      if (entity === 'user') return users.get(key.toLowerCase());
      const reg = registry.get(entity);
      if (!reg) return undefined;
      if (!stored.has(entity)) stored.set(entity, await keysOf(tx, reg, clientId, [DEMO_REF_KEYS[entity] ?? 'code']));
      return stored.get(entity)!.get(key);
    };
    const resolveRow = async (fields: EntityDef['fields'], row: DemoRow, self: string): Promise<DemoRow> => {
      const out: DemoRow = { ...row };
      for (const f of fields) {
        const v = row[f.name];
        // Demo dates move with the day the demo is seeded (demoDate).
        if (f.type === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) out[f.name] = demoDate(v);
        if (f.type !== 'reference' || typeof v !== 'string' || v === '') continue;
        const id = await lookup(f.ref!.entity, v);
        if (!id) {
          if (f.ref!.entity === self) throw new Unresolved(v);
          throw new Error(`demo ${demo.company} ${self}: no ${f.ref!.entity} '${v}' for ${f.name}`);
        }
        out[f.name] = id;
      }
      return out;
    };

    for (const def of seedOrder(masterdataEntities)) {
      const rows = demo.rows[def.name] ?? [];
      if (rows.length === 0) continue;
      const reg = registry.get(def.name)!;
      const keyFields = naturalKey(def);
      const existing = keyFields.length ? await keysOf(tx, reg, clientId, keyFields) : null;
      let pending = existing ? rows.filter((r) => !existing.has(keyOfRow(r, keyFields))) : (await keysOf(tx, reg, clientId, ['id'])).size ? [] : rows;
      while (pending.length > 0) {
        const ready: DemoRow[] = [];
        const later: DemoRow[] = [];
        for (const row of pending) {
          try {
            const doc = await resolveRow(def.fields, row, def.name);
            for (const c of def.children ?? []) {
              if (Array.isArray(row[c.name])) doc[c.name] = await Promise.all((row[c.name] as DemoRow[]).map((r) => resolveRow(c.fields, r, '')));
            }
            for (const [key, field] of Object.entries(DEMO_LINK_KEYS[def.name] ?? {})) {
              if (!(key in doc)) continue;
              const linked = allCompanies.get(String(doc[key]));
              delete doc[key];
              if (linked) doc[field] = linked;
            }
            ready.push(doc);
          } catch (e) {
            if (!(e instanceof Unresolved)) throw e;
            later.push(row); // its parent is seeded in an earlier round
          }
        }
        if (ready.length === 0) throw new Error(`demo ${demo.company} ${def.name}: unresolvable parents`);
        try {
          await saveDocuments(tx, reg, ready, ctx);
        } catch (e) {
          if (e instanceof DocumentsInvalid) {
            const detail = [...e.errors].map(([i, errs]) => `${keyOfRow(ready[i], keyFields.length ? keyFields : [def.display])}: ${JSON.stringify(errs)}`);
            throw new Error(`demo ${demo.company} ${def.name} is not valid:\n${detail.join('\n')}`);
          }
          throw e;
        }
        stored.delete(def.name);
        pending = later;
      }
    }
  }
}


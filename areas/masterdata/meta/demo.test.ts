// Every demo row is a valid document of its definition, names only rows that exist, and covers
// what the brief asks of each demo company.
import { checkDocument, hasErrors, type EntityDef, type FieldDef, type ValidateContext } from '@seamline/core';
import { describe, expect, it } from 'vitest';
import { MASTERDATA_DICTIONARIES } from './dictionaries';
import { DEMO_BRAND, DEMO_FABRIC, DEMO_GARMENT, DEMO_LINK_KEYS, DEMO_REF_KEYS, DEMO_USERNAMES, MASTERDATA_DEMO, type DemoRow } from './demo';
import { masterdataEntities } from './index';

const dictionaryCodes = new Map(MASTERDATA_DICTIONARIES.map((d) => [d.type, d.values.map((v) => v.code)]));

/** Dictionary-backed selects are checked against the dictionary values the seed creates. */
const ctx: ValidateContext = {
  session: { dashroles: ['ADMIN'] },
  lang: 'en',
  routeAction: 'edit',
  optionsOf: (f: FieldDef) => (f.options && !Array.isArray(f.options) ? dictionaryCodes.get(f.options.dictionary) : undefined),
};

const defOf = (name: string): EntityDef => {
  const d = masterdataEntities.find((e) => e.name === name);
  if (!d) throw new Error(`no entity ${name}`);
  return d;
};

const cases = MASTERDATA_DEMO.flatMap((demo) =>
  Object.entries(demo.rows).flatMap(([entity, rows]) =>
    rows.map((row, i) => ({ label: `${demo.company} / ${entity} #${i + 1} ${String(row[DEMO_REF_KEYS[entity] ?? 'code'] ?? row.title ?? '')}`, company: demo.company, entity, row })),
  ),
);

const rowsOf = (company: string, entity: string): DemoRow[] => MASTERDATA_DEMO.find((d) => d.company === company)?.rows[entity] ?? [];

describe('master-data demo rows', () => {
  it.each(cases)('$label validates clean', ({ entity, row }) => {
    const { errors } = checkDocument(defOf(entity), row, ctx);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it.each(cases)('$label has a known status value in each read-only status field', ({ entity, row }) => {
    const def = defOf(entity);
    for (const f of def.fields.filter((x) => x.readOnly && x.type === 'select')) {
      if (row[f.name] === undefined) continue;
      expect((f.options as { value: string }[]).map((o) => o.value), f.name).toContain(row[f.name]);
    }
    const link = DEMO_LINK_KEYS[entity] ?? {};
    const declared = new Set([...def.fields.map((f) => f.name), ...(def.children ?? []).map((c) => c.name), ...Object.keys(link)]);
    for (const key of Object.keys(row)) expect(declared, `unknown key ${key}`).toContain(key);
  });

  it('covers every entity, each per company with unique keys', () => {
    const covered = new Set(MASTERDATA_DEMO.flatMap((d) => Object.keys(d.rows).filter((e) => d.rows[e].length > 0)));
    expect([...covered].sort()).toEqual(masterdataEntities.map((e) => e.name).sort());
    for (const demo of MASTERDATA_DEMO) {
      for (const [entity, rows] of Object.entries(demo.rows)) {
        const key = DEMO_REF_KEYS[entity];
        if (!key) continue;
        const keys = rows.map((r) => r[key]);
        expect(new Set(keys).size, `${demo.company} ${entity}`).toBe(keys.length);
      }
    }
  });

  it('each reference names a row of the same company (or a demo user), tree parents before their children', () => {
    for (const demo of MASTERDATA_DEMO) {
      for (const def of masterdataEntities) {
        const rows = demo.rows[def.name] ?? [];
        rows.forEach((row, index) => {
          const check = (f: FieldDef, value: unknown, where: string) => {
            if (f.type !== 'reference' || value === undefined || value === null || value === '') return;
            const target = f.ref!.entity;
            if (target === 'user') {
              expect(DEMO_USERNAMES as readonly unknown[], where).toContain(value);
              return;
            }
            const key = DEMO_REF_KEYS[target];
            const targets = demo.rows[target] ?? [];
            // A tree's parent must be listed earlier, so the seed can insert in order.
            const candidates = target === def.name && f.name === def.tree?.parentField ? targets.slice(0, index) : targets;
            expect(
              candidates.map((r) => r[key]),
              where,
            ).toContain(value);
          };
          const at = `${demo.company} ${def.name} ${String(row[DEMO_REF_KEYS[def.name] ?? 'code'])}`;
          for (const f of def.fields) check(f, row[f.name], `${at}.${f.name}`);
          for (const c of def.children ?? []) {
            for (const [i, r] of ((row[c.name] as DemoRow[] | undefined) ?? []).entries()) {
              for (const f of c.fields) check(f, r[f.name], `${at}.${c.name}[${i}].${f.name}`);
            }
          }
        });
      }
    }
  });

  // Issue 23: the demo companies work in Chinese, so what they name themselves reads in Chinese.
  it('names the companies’ own places, org units, processes and lines in Chinese', () => {
    const own = ['plant', 'workshop', 'production-line', 'org', 'position', 'process'];
    const english: string[] = [];
    for (const demo of MASTERDATA_DEMO) {
      for (const entity of own) {
        for (const row of demo.rows[entity] ?? []) {
          for (const k of ['name', 'description']) {
            const v = row[k];
            if (typeof v === 'string' && !/[\u4e00-\u9fff]/.test(v)) english.push(`${demo.company} ${entity}.${k}: ${v}`);
          }
        }
      }
    }
    expect(english).toEqual([]);
  });

  // Issue 23: so do the materials, customers and services they describe, and the customers'
  // delivery rows; only a foreign customer's own names (its name, its warehouse) stay as it writes them.
  it('describes materials, customers, vendors and services in Chinese', () => {
    const han = /[\u4e00-\u9fff]/;
    const platform = new Set<unknown>([DEMO_BRAND, DEMO_GARMENT, DEMO_FABRIC]);
    const english: string[] = [];
    const check = (where: string, row: DemoRow, keys: string[]) => {
      for (const k of keys) {
        const v = row[k];
        if (typeof v === 'string' && !han.test(v)) english.push(`${where}.${k}: ${v}`);
      }
    };
    for (const demo of MASTERDATA_DEMO) {
      for (const m of demo.rows.material ?? []) check(`${demo.company} material`, m, ['name', 'description']);
      for (const s of demo.rows.service ?? []) check(`${demo.company} service`, s, ['title', 'description']);
      for (const v of demo.rows.vendor ?? []) check(`${demo.company} vendor`, v, ['business_scope']);
      for (const c of demo.rows.customer ?? []) {
        const foreign = c.print_language === 'en';
        check(`${demo.company} customer`, c, [...(platform.has(c.name) || foreign ? [] : ['name']), 'description', 'termination_reason']);
        for (const d of (c.delivery as DemoRow[] | undefined) ?? []) check(`${demo.company} customer delivery`, d, [...(foreign ? [] : ['warehouse_name']), 'note']);
      }
    }
    expect(english).toEqual([]);
  });

  it('the seed order of masterdataEntities puts every referenced entity first', () => {
    const order = masterdataEntities.map((e) => e.name);
    for (const def of masterdataEntities) {
      const refs = [...def.fields, ...(def.children ?? []).flatMap((c) => c.fields)]
        .filter((f) => f.type === 'reference' && f.ref!.entity !== 'user' && f.ref!.entity !== def.name)
        .map((f) => f.ref!.entity);
      for (const r of refs) expect(order.indexOf(r), `${def.name} → ${r}`).toBeLessThan(order.indexOf(def.name));
    }
  });

  it('the brand buys from the two platform demo suppliers, each with contacts and an address', () => {
    const vendors = rowsOf(DEMO_BRAND, 'vendor');
    for (const company of [DEMO_GARMENT, DEMO_FABRIC]) {
      const v = vendors.find((x) => x.supplier_company === company);
      expect(v, company).toBeDefined();
      expect(v!.full_name).toBe(company);
      expect((v!.contacts as DemoRow[]).length).toBeGreaterThan(0);
      expect((v!.contacts as DemoRow[]).filter((c) => c.is_primary === true)).toHaveLength(1);
      expect((v!.addresses as DemoRow[]).length).toBeGreaterThan(0);
    }
    expect(vendors.length).toBeGreaterThanOrEqual(4);
    // Vendors show all three activation states.
    expect(new Set(vendors.map((v) => v.status))).toEqual(new Set(['0', '10', '40']));
    // Every supplier_company names a demo company.
    for (const demo of MASTERDATA_DEMO) {
      for (const v of demo.rows.vendor ?? []) {
        if (v.supplier_company !== undefined) expect([DEMO_BRAND, DEMO_GARMENT, DEMO_FABRIC]).toContain(v.supplier_company);
      }
    }
  });

  it('the brand has customers with contacts and delivery rows, materials with prices, plants, an org tree and positions', () => {
    const customers = rowsOf(DEMO_BRAND, 'customer');
    expect(customers.length).toBeGreaterThanOrEqual(2);
    for (const c of customers) {
      expect((c.contacts as DemoRow[]).length, String(c.code)).toBeGreaterThan(0);
      expect((c.delivery as DemoRow[]).length, String(c.code)).toBeGreaterThan(0);
    }
    const materials = rowsOf(DEMO_BRAND, 'material');
    expect(new Set(materials.map((m) => m.type))).toEqual(new Set(['FABRIC', 'TRIM', 'PACKAGING']));
    expect(materials.filter((m) => Array.isArray(m.prices) && m.prices.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(rowsOf(DEMO_BRAND, 'plant').length).toBeGreaterThan(0);
    const orgs = rowsOf(DEMO_BRAND, 'org');
    expect(orgs.some((o) => o.parent_id === undefined)).toBe(true);
    expect(orgs.some((o) => orgs.some((p) => p.code === o.parent_id && p.parent_id !== undefined))).toBe(true); // three levels
    expect(rowsOf(DEMO_BRAND, 'position').length).toBeGreaterThan(0);
  });

  it('the garment factory has workshops, lines with members and capacity, and a process tree of cutting, sewing, finishing, packing', () => {
    expect(rowsOf(DEMO_GARMENT, 'workshop').length).toBeGreaterThanOrEqual(3);
    const lines = rowsOf(DEMO_GARMENT, 'production-line');
    expect(lines.some((l) => (l.members as DemoRow[] | undefined)?.some((m) => m.status === 'frozen'))).toBe(true);
    expect(lines.filter((l) => ((l.capacity as DemoRow[] | undefined) ?? []).length > 0).length).toBeGreaterThanOrEqual(2);
    const processes = rowsOf(DEMO_GARMENT, 'process');
    const top = processes.filter((p) => p.parent_id === undefined).map((p) => p.process_code);
    expect(top).toEqual(['CUT', 'SEW', 'FIN', 'PACK']);
    expect(processes.filter((p) => p.parent_id !== undefined).length).toBeGreaterThanOrEqual(8);
    // Allowed processes name processes that exist.
    const codes = new Set(processes.map((p) => p.process_code));
    for (const l of lines) {
      for (const c of (l.capacity as DemoRow[] | undefined) ?? []) {
        for (const code of String(c.allowed_processes).split(',')) expect(codes, code).toContain(code.trim());
      }
    }
  });

  it('the fabric mill has customers including the brand, and materials', () => {
    const customers = rowsOf(DEMO_FABRIC, 'customer');
    expect(customers.map((c) => c.name)).toContain(DEMO_BRAND);
    expect(customers.length).toBeGreaterThanOrEqual(2);
    expect(rowsOf(DEMO_FABRIC, 'material').length).toBeGreaterThanOrEqual(2);
  });
});

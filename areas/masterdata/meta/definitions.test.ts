// The master-data definitions: valid for the engine, named as agreed, labelled in both
// languages, with the validators, statuses, colours, numbering and transitions the spec asks for.
import { defineEntity, statusColor, type EntityDef, type FieldDef } from '@seamline/core';
import { describe, expect, it } from 'vitest';
import { MASTERDATA_DICTIONARIES } from './dictionaries';
import { masterdataEntities } from './index';
import { masterdataMessages } from './messages';

const NAMES = [
  'company',
  'plant',
  'org',
  'position',
  'customer',
  'vendor',
  'material',
  'workshop',
  'production-line',
  'process',
  'dictionary',
  'service',
];

const byName = (name: string): EntityDef => masterdataEntities.find((e) => e.name === name)!;
const field = (e: EntityDef, name: string, child?: string): FieldDef => {
  const fields = child ? e.children!.find((c) => c.name === child)!.fields : e.fields;
  const f = fields.find((x) => x.name === name);
  if (!f) throw new Error(`${e.name}${child ? `.${child}` : ''} has no field ${name}`);
  return f;
};
const allFields = (e: EntityDef): Array<[FieldDef, string | undefined]> => [
  ...e.fields.map((f) => [f, undefined] as [FieldDef, undefined]),
  ...(e.children ?? []).flatMap((c) => c.fields.map((f) => [f, c.name] as [FieldDef, string])),
];
const HAN = /[\u4e00-\u9fff]/;

describe('master-data definitions', () => {
  it('are exactly the twelve entities of spec §1, each once', () => {
    expect([...masterdataEntities.map((e) => e.name)].sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)('%s passes defineEntity and follows the naming of the area', (name) => {
    const e = byName(name);
    expect(() => defineEntity(e)).not.toThrow();
    expect(e.area).toBe('masterdata');
    expect(e.prefix).toBe('mdapi');
    expect(e.table).toBe(`md_${name.replace(/-/g, '_')}`);
    expect(e.route).toEqual({ cata: 'md', opt: name });
    expect(e.list.columns.length).toBeGreaterThanOrEqual(4);
    expect(e.list.columns.length).toBeLessThanOrEqual(7);
    expect(e.list.sort).toBeDefined();
    expect(e.list.filters?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(NAMES)('%s has real Chinese labels on the entity, its child tables and fields', (name) => {
    const e = byName(name);
    expect(e.label.zh).toMatch(HAN);
    for (const c of e.children ?? []) expect(c.label.zh, c.name).toMatch(HAN);
    for (const [f, child] of allFields(e)) expect(f.label.zh, `${child ?? ''}.${f.name}`).toMatch(HAN);
  });

  it('a business code is required, unique, capital English and upper-cased; filtered by prefix in the list', () => {
    const codes: Array<[string, string]> = [
      ['company', 'code'],
      ['plant', 'code'],
      ['org', 'code'],
      ['position', 'code'],
      ['customer', 'code'],
      ['vendor', 'code'],
      ['material', 'code'],
      ['workshop', 'code'],
      ['production-line', 'code'],
      ['process', 'process_code'],
    ];
    for (const [entity, name] of codes) {
      const f = field(byName(entity), name);
      expect(f.required, entity).toBe(true);
      expect(f.unique, entity).toBe(true);
      expect(f.upperCase, entity).toBe(true);
      expect(f.validators?.map((v) => v.type), entity).toContain('capitalEnglish');
      expect(byName(entity).list.filters, entity).toContain(name);
    }
  });

  it('every email field validates email and every mobile field validates a mobile number', () => {
    let emails = 0;
    let mobiles = 0;
    for (const e of masterdataEntities) {
      for (const [f, child] of allFields(e)) {
        const types = f.validators?.map((v) => v.type) ?? [];
        if (/email/.test(f.name)) {
          emails++;
          expect(types, `${e.name}.${child ?? ''}.${f.name}`).toContain('email');
        }
        if (/mobile/.test(f.name)) {
          mobiles++;
          expect(types, `${e.name}.${child ?? ''}.${f.name}`).toContain('mobile');
        }
      }
    }
    expect(emails).toBe(3);
    expect(mobiles).toBe(5);
  });

  it('vendor, customer and material codes are numbered by their serial configs', () => {
    expect(byName('vendor').numbering).toEqual({ field: 'code', serial: 'VENDOR' });
    expect(byName('customer').numbering).toEqual({ field: 'code', serial: 'CUSTOMER' });
    expect(byName('material').numbering).toEqual({ field: 'code', serial: 'MATERIAL' });
  });

  it('MD-14: activation states 0, 10, 40 of vendor and material carry the colours of core statusColor', () => {
    for (const group of ['vendor', 'material'] as const) {
      const s = byName(group).status!;
      expect(s.field).toBe('status');
      expect(s.values.map((v) => v.value)).toEqual(['0', '10', '40']);
      for (const v of s.values) expect(v.color).toBe(statusColor(v.value, group));
      expect(new Set(s.values.map((v) => v.color)).size).toBe(3);
      expect(field(byName(group), 'status').readOnly).toBe(true);
      expect(byName(group).transitions).toEqual([
        expect.objectContaining({ action: 'activate', from: ['0', '40'], to: '10' }),
        expect.objectContaining({ action: 'disable', from: ['0', '10'], to: '40' }),
      ]);
    }
  });

  it('MD-03, MD-10, MD-18: company card, customer and production line are active or frozen with freeze / unfreeze', () => {
    for (const [entity, statusField] of [
      ['company', 'card_status'],
      ['customer', 'status'],
      ['production-line', 'status'],
    ] as const) {
      const e = byName(entity);
      expect(e.status?.field).toBe(statusField);
      expect(e.status?.values.map((v) => [v.value, v.color])).toEqual([
        ['active', statusColor('active')],
        ['frozen', statusColor('inactive')],
      ]);
      expect(e.transitions?.map((t) => [t.action, t.from, t.to])).toEqual([
        ['freeze', ['active'], 'frozen'],
        ['unfreeze', ['frozen'], 'active'],
      ]);
    }
    // A line member is active or frozen too (an editable select: transitions are per document).
    const member = field(byName('production-line'), 'status', 'members');
    expect(Array.isArray(member.options) && member.options.map((o) => o.value)).toEqual(['active', 'frozen']);
  });

  it('MD-21: exists / not exists and active / inactive carry the four distinct colours of the spec', () => {
    const link = field(byName('vendor'), 'platform_link');
    const ws = byName('workshop').status!;
    const colours = [
      ...(link.options as { value: string; color?: string }[]).map((o) => [o.value, o.color]),
      ...ws.values.map((v) => [v.value, v.color]),
    ];
    expect(colours).toEqual([
      ['exists', statusColor('exists')],
      ['not exists', statusColor('not exists')],
      ['active', statusColor('active')],
      ['inactive', statusColor('inactive')],
    ]);
    expect(new Set(colours.map((c) => c[1])).size).toBe(4);
  });

  it('MD-03: the company card has a read-only version and is public or private', () => {
    const e = byName('company');
    expect(field(e, 'card_version')).toMatchObject({ type: 'integer', readOnly: true });
    const vis = field(e, 'card_visibility');
    expect(Array.isArray(vis.options) && vis.options.map((o) => o.value)).toEqual(['PUBLIC', 'PRIVATE']);
  });

  it('currencies come from core CURRENCIES', async () => {
    const { CURRENCIES } = await import('@seamline/core');
    for (const [entity, name, child] of [
      ['company', 'currency'],
      ['vendor', 'currency'],
      ['customer', 'settlement_currency'],
      ['material', 'currency', 'prices'],
    ] as const) {
      const f = field(byName(entity), name, child);
      expect(Array.isArray(f.options) && f.options.map((o) => o.value)).toEqual(CURRENCIES.map((c) => c.code));
    }
  });

  it('references point at master-data entities or the user, by a field of the target', () => {
    const known = new Map(masterdataEntities.map((e) => [e.name, e]));
    for (const e of masterdataEntities) {
      for (const [f, child] of allFields(e)) {
        if (f.type !== 'reference') continue;
        const where = `${e.name}.${child ?? ''}.${f.name}`;
        if (f.ref!.entity === 'user') {
          expect(f.ref!.displayField, where).toBe('full_name');
          continue;
        }
        const target = known.get(f.ref!.entity);
        expect(target, where).toBeDefined();
        expect(target!.fields.map((x) => x.name), where).toContain(f.ref!.displayField);
      }
    }
  });

  it('every dictionary a select reads is listed in MASTERDATA_DICTIONARIES, and every listed one is read', () => {
    const used = new Set<string>();
    for (const e of masterdataEntities) {
      for (const [f] of allFields(e)) {
        if (f.options && !Array.isArray(f.options)) used.add(f.options.dictionary);
      }
    }
    const listed = MASTERDATA_DICTIONARIES.map((d) => d.type);
    expect([...used].sort()).toEqual([...listed].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const d of MASTERDATA_DICTIONARIES) {
      expect(d.label.zh).toMatch(HAN);
      const codes = d.values.map((x) => x.code);
      expect(new Set(codes).size, d.type).toBe(codes.length);
      for (const x of d.values) {
        expect(x.code, d.type).toMatch(/^[A-Z0-9_.@-]+$/);
        expect(x.en, `${d.type}.${x.code}`).not.toBe('');
        expect(x.zh, `${d.type}.${x.code}`).toMatch(HAN);
      }
    }
  });

  it('the area messages exist in both languages with the same keys', () => {
    expect(Object.keys(masterdataMessages.zh).sort()).toEqual(Object.keys(masterdataMessages.en).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { childOf, defineEntity, fieldOf, postedFields } from './defineEntity';
import { testOrderDef } from './testEntity.fixture';
import type { EntityDef, FieldDef } from './types';

const L = (en: string) => ({ en, zh: en });

describe('defineEntity', () => {
  it('accepts the test definition and freezes it deeply', () => {
    const def = defineEntity(testOrderDef());
    expect(def.name).toBe('test-order');
    expect(Object.isFrozen(def)).toBe(true);
    expect(Object.isFrozen(def.fields)).toBe(true);
    expect(Object.isFrozen(def.fields[0])).toBe(true);
    expect(Object.isFrozen(def.children![0].fields[0].label)).toBe(true);
    expect(() => (def.fields as FieldDef[]).push(def.fields[0])).toThrow();
  });

  type Breaker = (d: EntityDef) => void;
  const field = (d: EntityDef, name: string) => d.fields.find((f) => f.name === name)!;
  it.each<[string, Breaker, string]>([
    ['duplicate field', (d) => d.fields.push({ ...d.fields[1] }), "duplicate field 'title'"],
    ['duplicate child field', (d) => d.children![0].fields.push({ ...d.children![0].fields[0] }), "child 'lines' duplicate field 'item'"],
    ['unknown list column', (d) => d.list.columns.push('nope'), "list column 'nope' is not a field"],
    ['unknown list filter', (d) => d.list.filters!.push('nope'), "list filter 'nope' is not a field"],
    ['unknown sort field', (d) => (d.list.sort = { field: 'nope', order: 'asc' }), "list sort 'nope' is not a field"],
    ['unknown display', (d) => (d.display = 'nope'), "display 'nope' is not a field"],
    ['unknown numbering field', (d) => (d.numbering = { field: 'nope', serial: 'X' }), "numbering field 'nope' is not a field"],
    ['unknown status field', (d) => (d.status!.field = 'nope'), "status field 'nope' is not a field"],
    ['unknown tree field', (d) => (d.tree = { parentField: 'nope' }), "tree parentField 'nope' is not a field"],
    ['unknown authorizable', (d) => d.authorizable!.push('nope'), "authorizable 'nope' is not a field"],
    ['reference without ref', (d) => delete field(d, 'vendor_id').ref, "field 'vendor_id': a reference needs ref"],
    ['select without options', (d) => delete field(d, 'priority').options, "field 'priority': a select needs options"],
    ['multiselect with no options', (d) => (field(d, 'tags').options = []), "field 'tags': a multiselect needs options"],
    [
      'duplicate option values',
      (d) => (field(d, 'priority').options = [{ value: '1', label: L('a') }, { value: '1', label: L('b') }]),
      "duplicate option value '1'",
    ],
    ['field name not snake_case', (d) => (field(d, 'title').name = 'Title'), "field 'Title': name must be snake_case"],
    ['field name camelCase', (d) => (field(d, 'title').name = 'orderTitle'), "field 'orderTitle': name must be snake_case"],
    ['entity name not kebab-case', (d) => (d.name = 'test_order'), 'the entity name must be kebab-case'],
    ['entity name camelCase', (d) => (d.name = 'testOrder'), 'the entity name must be kebab-case'],
    ['table not snake_case', (d) => (d.table = 'test-order'), "table 'test-order' must be snake_case"],
    ['reserved field', (d) => d.fields.push({ name: 'version', type: 'integer', label: L('v') }), "field 'version': the name is reserved"],
    ['child name clashes with a field', (d) => (d.children![0].name = 'title'), "child 'title' has the name of a field"],
    ['primary flag not a field', (d) => (d.children![0].primaryFlag = 'nope'), "primaryFlag 'nope' is not a field"],
    ['primary flag not boolean', (d) => (d.children![0].primaryFlag = 'item'), "primaryFlag 'item' must be a boolean field"],
    ['malformed condition', (d) => (field(d, 'b_note').visibleWhen = "has_b == 'Y"), "field 'b_note': visibleWhen"],
    ['missing zh label', (d) => (field(d, 'title').label = { en: 'Title', zh: '' }), "field 'title': label needs en and zh"],
    ['unknown macro', (d) => (field(d, 'order_date').defaultValue = '@tomorrow'), "unknown date macro '@tomorrow'"],
    ['macro on the wrong type', (d) => (field(d, 'order_date').defaultValue = '@month'), "date macro '@month' does not fit a date field"],
    ['bad regex', (d) => (field(d, 'title').validators = [{ type: 'regex', pattern: '([' }]), 'validator regex has an invalid pattern'],
    ['upper and lower', (d) => (field(d, 'code').lowerCase = true), 'upperCase and lowerCase exclude each other'],
    ['transition to unknown status', (d) => (d.transitions![0].to = 'closed'), "transition 'submit': 'closed' is not a status value"],
  ])('%s → throws', (_name, breakIt, message) => {
    const def = testOrderDef();
    breakIt(def);
    let error: Error | undefined;
    try {
      defineEntity(def);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain(`Entity '${def.name}'`);
    expect(error?.message).toContain(message);
  });

  it('lists every problem at once', () => {
    const def = testOrderDef();
    def.display = 'nope';
    def.list.columns.push('nada');
    expect(() => defineEntity(def)).toThrow(/display 'nope'[\s\S]*list column 'nada'/);
  });

  it('list columns and sort may name system columns', () => {
    const def = testOrderDef();
    def.list.columns.push('updated_at', 'id');
    expect(() => defineEntity(def)).not.toThrow();
  });

  it('a top-level field may be called parent (child rows read parent.x instead)', () => {
    const def = testOrderDef();
    def.fields.push({ name: 'parent', type: 'string', label: L('Parent') });
    expect(() => defineEntity(def)).not.toThrow();
    const def2 = testOrderDef();
    def2.children![0].fields.push({ name: 'parent', type: 'string', label: L('Parent') });
    expect(() => defineEntity(def2)).toThrow("child 'lines' field 'parent': the name is reserved");
  });
});

describe('fieldOf, childOf, postedFields', () => {
  const def = defineEntity(testOrderDef());
  it('finds fields and child tables by name', () => {
    expect(fieldOf(def, 'qty')?.type).toBe('integer');
    expect(fieldOf(def, 'nope')).toBeUndefined();
    expect(childOf(def, 'lines')?.primaryFlag).toBe('is_primary');
    expect(fieldOf(childOf(def, 'lines')!, 'item')?.required).toBe(true);
    expect(childOf(def, 'nope')).toBeUndefined();
  });
  it('postedFields leaves out isNotPost and readOnly fields', () => {
    const names = postedFields(def).map((f) => f.name);
    expect(names).toContain('code');
    expect(names).not.toContain('status');
    expect(names).not.toContain('confirm_code');
  });
});

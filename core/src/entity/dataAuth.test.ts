import { describe, expect, it } from 'vitest';
import { defineEntity } from './defineEntity';
import {
  authorizableFields,
  dataRuleProblems,
  explainVisibility,
  ruleMatches,
  ruleValues,
  rowVisible,
  rulesFor,
  type DataRule,
  type DataRuleOperator,
} from './dataAuth';
import { testOrderDef } from './testEntity.fixture';

const rule = (field: string, operator: DataRuleOperator, value: string, menu = 'VENDOR'): DataRule => ({ menu, field, operator, value });
const row = { vendor_code: 'V001', grade: 'A', amount: '1500.50', qty: 12, plant: null, tags: ['X', 'Y'], day: '2024-03-13', name: 'Acme_Co' };

describe('ruleMatches', () => {
  it.each<[DataRule, boolean]>([
    [rule('vendor_code', '=', 'V001'), true],
    [rule('vendor_code', '=', 'V002'), false],
    [rule('vendor_code', '!=', 'V002'), true],
    [rule('vendor_code', '!=', 'V001'), false],
    [rule('grade', 'in', 'A, B'), true],
    [rule('grade', 'in', 'B,C'), false],
    [rule('grade', 'not in', 'B,C'), true],
    [rule('grade', 'not in', 'A'), false],
    [rule('vendor_code', 'like', 'V0'), true],
    [rule('vendor_code', 'like', 'v0'), false],
    [rule('vendor_code', 'like', 'V0%'), true],
    [rule('vendor_code', 'like', '%01'), true],
    [rule('vendor_code', 'like', 'V%2'), false],
    [rule('vendor_code', 'like', 'V_01'), false], // no '%': a literal 'contains'
    [rule('vendor_code', 'like', 'V_01%'), true],
    [rule('name', 'like', 'e_C'), true],
    [rule('name', 'like', 'Acme.Co%'), false],
    [rule('amount', '>', '1500.5'), false],
    [rule('amount', '>=', '1500.5'), true],
    [rule('amount', '>', '999'), true],
    [rule('qty', '<', '100'), true],
    [rule('qty', '<=', '12'), true],
    [rule('qty', '<', '9'), false],
    [rule('day', '>=', '2024-03-01'), true],
    [rule('day', '<', '2024-03-01'), false],
    [rule('plant', '=', ''), true],
    [rule('plant', '!=', 'P1'), true],
    [rule('plant', '=', 'P1'), false],
    [rule('plant', '>', '0'), false],
    [rule('plant', 'not in', 'P1'), true],
    [rule('missing', 'in', 'P1'), false],
    [rule('tags', '=', 'X'), true],
    [rule('tags', 'in', 'Z,Y'), true],
    [rule('tags', '!=', 'X'), false],
    [rule('tags', 'not in', 'Z'), true],
    [{ ...rule('grade', '=', 'A'), operator: 'between' as DataRuleOperator }, false],
  ])('%j → %s', (r, expected) => {
    expect(ruleMatches(r, row)).toBe(expected);
  });
});

describe('visibility: rules of one user on one menu combine with AND', () => {
  const rules = [rule('grade', 'in', 'A,B'), rule('amount', '<', '1000'), rule('plant', '=', 'P1', 'ORDER')];
  it('no rules → visible', () => {
    expect(rowVisible([], row)).toBe(true);
    expect(explainVisibility([], row)).toEqual({ visible: true, shownBy: [], hiddenBy: [] });
  });
  it('explains which rule hides or shows the row', () => {
    const vendorRules = rulesFor(rules, 'VENDOR');
    expect(vendorRules).toHaveLength(2);
    expect(rowVisible(vendorRules, row)).toBe(false);
    expect(explainVisibility(rules, row, 'VENDOR')).toEqual({ visible: false, shownBy: [rules[0]], hiddenBy: [rules[1]] });
    expect(explainVisibility(rules, { ...row, amount: '10' }, 'VENDOR')).toEqual({ visible: true, shownBy: [rules[0], rules[1]], hiddenBy: [] });
  });
});

describe('rule values and problems', () => {
  it('splits in-lists', () => {
    expect(ruleValues(' A, B ,,C ')).toEqual(['A', 'B', 'C']);
  });
  it('checks rules against the entity', () => {
    const def = defineEntity(testOrderDef());
    expect(authorizableFields(def)).toEqual(['status', 'vendor_id', 'amount']);
    expect(dataRuleProblems(rule('status', '=', 'draft'), def)).toEqual([]);
    expect(dataRuleProblems(rule('title', '=', 'x'), def)).toEqual(["field 'title' cannot be used in a rule"]);
    expect(dataRuleProblems(rule('status', 'in', ' , '), def)).toEqual(["'in' needs at least one value"]);
    expect(dataRuleProblems({ ...rule('status', '=', 'x'), operator: '~' as DataRuleOperator })).toEqual(["unknown operator '~'"]);
    const { authorizable: _omit, ...rest } = testOrderDef();
    expect(authorizableFields(defineEntity(rest))).toContain('title');
  });
});

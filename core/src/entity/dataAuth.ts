// Data authorization (spec §6): rules of field, operator and value, bound per menu and per user.
// The server turns rules into SQL; these pure functions define what a rule means (the SQL must
// agree with them) and explain to an admin why a row is visible or not.
//
// Semantics, shared with the SQL translation:
// - A user's rules on one menu combine with AND; no rules → every row is visible.
// - The row value is read as text; null / missing counts as '' (so `grade != 'C'` keeps rows
//   without a grade: `coalesce(col::text, '') <> 'C'`).
// - 'in' / 'not in' take a comma-separated list ('A, B,C'), items trimmed, empty items dropped.
// - 'like' without '%' is "contains" (case-sensitive); with '%' it is SQL LIKE ('%' any run,
//   '_' any one character), e.g. 'V0%'.
// - '>' '>=' '<' '<=' compare as exact numbers when both sides are numbers, else as text
//   (ISO dates compare correctly as text); an empty row value never satisfies them.
// - A list value (multiselect) matches '=', 'in' and 'like' when any element does, and '!=',
//   'not in' when no element matches the positive form.
import { compareDec } from '../decimal';
import type { EntityDef } from './types';

export const DATA_RULE_OPERATORS = ['=', '!=', 'in', 'not in', 'like', '>', '>=', '<', '<='] as const;
export type DataRuleOperator = (typeof DATA_RULE_OPERATORS)[number];

export interface DataRule {
  /** The menu code the rule is bound to. */
  menu: string;
  /** The field (column) it tests. */
  field: string;
  operator: DataRuleOperator;
  value: string;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The items of an 'in' / 'not in' value. */
export function ruleValues(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function likeToRegExp(pattern: string): RegExp {
  const src = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '[\\s\\S]*').replace(/_/g, '[\\s\\S]');
  return new RegExp(`^${src}$`);
}

function scalarMatches(op: DataRuleOperator, actual: string, expected: string): boolean {
  switch (op) {
    case '=':
      return actual === expected;
    case 'in':
      return ruleValues(expected).includes(actual);
    case 'like':
      return expected.includes('%') ? likeToRegExp(expected).test(actual) : actual.includes(expected);
    default: {
      if (actual === '') return false;
      const c =
        NUMBER_RE.test(actual) && NUMBER_RE.test(expected.trim())
          ? compareDec(actual, expected.trim())
          : actual < expected
            ? -1
            : actual > expected
              ? 1
              : 0;
      if (op === '>') return c > 0;
      if (op === '>=') return c >= 0;
      if (op === '<') return c < 0;
      return c <= 0; // '<='
    }
  }
}

/** Does the row satisfy the rule (see the semantics above)? Unknown operators never match. */
export function ruleMatches(rule: DataRule, row: Record<string, unknown>): boolean {
  if (!(DATA_RULE_OPERATORS as readonly string[]).includes(rule.operator)) return false;
  const raw = Object.prototype.hasOwnProperty.call(row, rule.field) ? row[rule.field] : undefined;
  const items = Array.isArray(raw) ? (raw.length > 0 ? raw.map(text) : ['']) : [text(raw)];
  const value = rule.value ?? '';
  if (rule.operator === '!=') return !items.some((a) => scalarMatches('=', a, value));
  if (rule.operator === 'not in') return !items.some((a) => scalarMatches('in', a, value));
  return items.some((a) => scalarMatches(rule.operator, a, value));
}

/** The rules of one menu (a user's rules span menus). */
export function rulesFor(rules: readonly DataRule[], menu: string): DataRule[] {
  return rules.filter((r) => r.menu === menu);
}

/** Is the row visible under these rules (AND; no rules → visible)? */
export function rowVisible(rules: readonly DataRule[], row: Record<string, unknown>): boolean {
  return rules.every((r) => ruleMatches(r, row));
}

export interface VisibilityExplanation {
  visible: boolean;
  /** Rules the row satisfies. */
  shownBy: DataRule[];
  /** Rules the row fails; any one of them hides it. */
  hiddenBy: DataRule[];
}

/**
 * Why a row is visible or not under a user's rules (pass the rules of one menu, or name the
 * menu to filter): the rules that let it through and the ones that hide it.
 */
export function explainVisibility(rules: readonly DataRule[], row: Record<string, unknown>, menu?: string): VisibilityExplanation {
  const applicable = menu === undefined ? rules : rulesFor(rules, menu);
  const shownBy: DataRule[] = [];
  const hiddenBy: DataRule[] = [];
  for (const r of applicable) (ruleMatches(r, row) ? shownBy : hiddenBy).push(r);
  return { visible: hiddenBy.length === 0, shownBy, hiddenBy };
}

/** The fields data-authorization rules may name for an entity: `authorizable`, else every field. */
export function authorizableFields(def: EntityDef): string[] {
  return def.authorizable ? [...def.authorizable] : def.fields.map((f) => f.name);
}

/**
 * Problems of a rule an admin is saving (in English, for logs and tests; the UI shows its own
 * messages): an unknown operator, a field the entity does not allow, an empty 'in' list, a
 * 'like' without text. Empty when the rule is fine.
 */
export function dataRuleProblems(rule: DataRule, def?: EntityDef): string[] {
  const out: string[] = [];
  if (!(DATA_RULE_OPERATORS as readonly string[]).includes(rule.operator)) out.push(`unknown operator '${rule.operator}'`);
  if (def && !authorizableFields(def).includes(rule.field)) out.push(`field '${rule.field}' cannot be used in a rule`);
  if ((rule.operator === 'in' || rule.operator === 'not in') && ruleValues(rule.value ?? '').length === 0) {
    out.push(`'${rule.operator}' needs at least one value`);
  }
  if (rule.operator === 'like' && !rule.value) out.push("'like' needs a value");
  return out;
}

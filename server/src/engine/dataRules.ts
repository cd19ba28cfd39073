// Data authorization in SQL (spec §6). A user's rules on an entity's menu combine with AND and
// mean exactly what core/entity/dataAuth.ts says (ruleMatches); engine tests compare the two on
// the same rows. In short, per rule, with t = coalesce(column::text, ''):
//   '='  t = v            '!=' t <> v           'in' t in (items)   'not in' not (t in (items))
//   'like' strpos(t, v) > 0 without '%', else t LIKE v ESCAPE '' ('%' any run, '_' one char)
//   '>' '>=' '<' '<='  t <> '' and (numeric compare when both are numbers, else byte-wise text)
//   a list column (multiselect): any element matches (none for '!=' / 'not in'); an empty list is ['']
//   unknown operator: false; a field that is not a column reads as ''.
// Where it means the same, '=' and 'in' compare the column itself (an index can serve them): a
// text column against non-empty values (NULL reads as '', which never equals them), a uuid column
// against lower-case uuids (the text form of a uuid).
import { and, sql, type SQL } from 'drizzle-orm';
import { DATA_RULE_OPERATORS, ruleValues, type DataRule, type DataRuleOperator, type FieldDef } from '@seamline/core';
import type { AnyTable } from './entityTables';

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const SQL_NUMBER_RE = '^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)$';

const COMPARE: Record<string, SQL> = { '>': sql.raw('>'), '>=': sql.raw('>='), '<': sql.raw('<'), '<=': sql.raw('<=') };

/** The positive (scalar) form of an operator on a text expression `t`. */
function scalar(op: DataRuleOperator, t: SQL, value: string): SQL {
  switch (op) {
    case '=':
      return sql`(${t} = ${value})`;
    case 'in': {
      const items = ruleValues(value);
      return items.length === 0 ? sql`false` : sql`(${t} in (${sql.join(items.map((i) => sql`${i}`), sql`, `)}))`;
    }
    case 'like':
      return value.includes('%') ? sql`(${t} like ${value} escape '')` : sql`(strpos(${t}, ${value}) > 0)`;
    default: {
      const cmp = COMPARE[op];
      const expected = value.trim();
      const text = sql`(${t} collate "C" ${cmp} (${value}::text collate "C"))`;
      const body = NUMBER_RE.test(expected)
        ? sql`(case when ${t} ~ ${SQL_NUMBER_RE} then ${t}::numeric ${cmp} ${expected}::numeric else ${text} end)`
        : text;
      return sql`(${t} <> '' and ${body})`;
    }
  }
}

/** How a column reads as text: a list, text as it is, a uuid, or anything else (cast). */
export type ColumnKind = 'array' | 'text' | 'uuid' | 'other';

const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** '=' / 'in' on the bare column, when that is the same as the text comparison; else undefined. */
function direct(op: DataRuleOperator, column: AnyTable[string], kind: ColumnKind, value: string): SQL | undefined {
  if (op !== '=' && op !== 'in') return undefined;
  const items = op === '=' ? [value] : ruleValues(value);
  if (items.length === 0 || items.some((i) => i === '')) return undefined;
  if (kind === 'uuid' && !items.every((i) => LOWER_UUID.test(i))) return undefined;
  if (kind !== 'text' && kind !== 'uuid') return undefined;
  return items.length === 1 ? sql`(${column} = ${items[0]})` : sql`(${column} in (${sql.join(items.map((i) => sql`${i}`), sql`, `)}))`;
}

/** One rule as a boolean SQL expression over the entity's table. */
export function ruleSql(rule: DataRule, table: AnyTable, kinds: ReadonlyMap<string, ColumnKind>): SQL {
  if (!(DATA_RULE_OPERATORS as readonly string[]).includes(rule.operator)) return sql`false`;
  const value = rule.value ?? '';
  const column = Object.prototype.hasOwnProperty.call(table, rule.field) ? table[rule.field] : undefined;
  const negated = rule.operator === '!=' || rule.operator === 'not in';
  const positive: DataRuleOperator = rule.operator === '!=' ? '=' : rule.operator === 'not in' ? 'in' : rule.operator;
  const kind = kinds.get(rule.field) ?? 'other';
  if (column && kind === 'array') {
    const items = sql`(case when coalesce(cardinality(${column}), 0) = 0 then array['']::text[] else ${column}::text[] end)`;
    const any = sql`exists (select 1 from unnest(${items}) as _rule_item(v) where ${scalar(positive, sql`_rule_item.v`, value)})`;
    return negated ? sql`(not ${any})` : any;
  }
  const t = column ? sql`coalesce((${column})::text, '')` : sql`''::text`;
  const bare = column ? direct(positive, column, kind, value) : undefined;
  // The bare comparison is NULL for a NULL column: negated, that must count as "no match" → true.
  if (bare) return negated ? sql`(not coalesce(${bare}, false))` : bare;
  const match = scalar(positive, t, value);
  return negated ? sql`(not ${match})` : match;
}

/** All rules (AND); undefined when there are none (every row visible). */
export function rulesSql(rules: readonly DataRule[], table: AnyTable, kinds: ReadonlyMap<string, ColumnKind>): SQL | undefined {
  if (rules.length === 0) return undefined;
  return and(...rules.map((r) => ruleSql(r, table, kinds)));
}

const TEXT_TYPES = new Set(['string', 'text', 'select', 'image', 'file']);

/** The column kinds of an entity's stored fields and system columns. */
export function columnKinds(fields: readonly FieldDef[]): Map<string, ColumnKind> {
  const out = new Map<string, ColumnKind>([
    ['id', 'uuid'],
    ['client_id', 'uuid'],
    ['created_by', 'uuid'],
    ['updated_by', 'uuid'],
  ]);
  for (const f of fields) {
    if (f.isNotPost) continue;
    out.set(f.name, f.type === 'multiselect' ? 'array' : f.type === 'reference' ? 'uuid' : TEXT_TYPES.has(f.type) ? 'text' : 'other');
  }
  return out;
}

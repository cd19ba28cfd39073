// Filters of values/page-list on the stored jsonb values of one form (docs/forms.md lists them):
// `q` = {field: value} (equality; a list means `in`) or {field: {op, value}}. Fields must be
// posted fields of the form; numbers compare as numbers on integer and decimal fields, everything
// else as text (dates and times compare correctly as text), multiselects by their elements.
import type { FieldDef } from '@seamline/core';
import { BizError, sql } from '@seamline/server/api';
import type { SQL } from './store';
import { VALUE_FILTER_OPS, type ValueFilterOp } from '../meta';
import { dynamicFormValue } from './schema';

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const bad = (detail: string) => new BizError('forms.badFilter', { detail });
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function scalarText(v: unknown, field: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  throw bad(`${field}: a value must be text, a number or true/false`);
}

function listOf(v: unknown, field: string): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : [v];
  if (list.length === 0) throw bad(`${field}: the list is empty`);
  return list.map((x) => scalarText(x, field));
}

export function valueFilters(fields: readonly FieldDef[], q: Record<string, unknown>): SQL[] {
  const col = dynamicFormValue.values;
  const out: SQL[] = [];
  for (const [name, raw] of Object.entries(q)) {
    const field = fields.find((f) => f.name === name && !f.isNotPost);
    if (!field) throw bad(`'${name}' is not a field of the form`);
    const cond = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { op?: unknown; value?: unknown }) : { op: Array.isArray(raw) ? 'in' : 'eq', value: raw };
    const op = cond.op as ValueFilterOp;
    if (!(VALUE_FILTER_OPS as readonly string[]).includes(String(op))) throw bad(`${name}: unknown operator '${String(cond.op)}'`);
    const value = cond.value;
    if (op !== 'empty' && isEmpty(value)) continue; // a filter form may post every field
    const text = sql`(${col} ->> ${name})`;
    const numeric = field.type === 'integer' || field.type === 'decimal';
    const multi = field.type === 'multiselect';
    const num = (v: unknown): SQL => {
      const s = scalarText(v, name);
      if (!NUMBER_RE.test(s)) throw bad(`${name}: '${s}' is not a number`);
      return sql`${s}::numeric`;
    };
    // A stored value that is not a plain number (a field whose type changed) never matches.
    const asNumber = sql`(case when ${text} ~ '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)$' then ${text}::numeric end)`;
    const elements = (list: string[]) =>
      sql`exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(${col} -> ${name}) = 'array' then ${col} -> ${name} else '[]'::jsonb end) e(v) where e.v in (${sql.join(list.map((v) => sql`${v}`), sql`, `)}))`;
    switch (op) {
      case 'eq':
        out.push(multi ? elements([scalarText(value, name)]) : numeric ? sql`${asNumber} = ${num(value)}` : sql`${text} = ${scalarText(value, name)}`);
        break;
      case 'ne':
        out.push(
          multi
            ? sql`not ${elements([scalarText(value, name)])}`
            : numeric
              ? sql`${asNumber} is distinct from ${num(value)}`
              : sql`coalesce(${text}, '') <> ${scalarText(value, name)}`,
        );
        break;
      case 'like': {
        if (multi || numeric) throw bad(`${name}: 'like' applies to text fields`);
        const pattern = `%${scalarText(value, name).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        out.push(sql`${text} ilike ${pattern}`);
        break;
      }
      case 'in': {
        const list = listOf(value, name);
        if (multi) out.push(elements(list));
        else if (numeric) out.push(sql`${asNumber} in (${sql.join(list.map((v) => num(v)), sql`, `)})`);
        else out.push(sql`${text} in (${sql.join(list.map((v) => sql`${v}`), sql`, `)})`);
        break;
      }
      case 'gte':
      case 'lte':
      case 'between': {
        if (multi) throw bad(`${name}: '${op}' does not apply to a multiselect`);
        const [from, to] = op === 'between' ? (Array.isArray(value) ? value : [undefined, undefined]) : op === 'gte' ? [value, undefined] : [undefined, value];
        if (op === 'between' && !Array.isArray(value)) throw bad(`${name}: 'between' needs [from, to]`);
        const left = numeric ? asNumber : text;
        const rhs = (v: unknown) => (numeric ? num(v) : sql`${scalarText(v, name)}`);
        if (!isEmpty(from)) out.push(sql`${left} >= ${rhs(from)}`);
        if (!isEmpty(to)) out.push(sql`${left} <= ${rhs(to)}`);
        break;
      }
      case 'empty': {
        const emptySql = sql`(${col} -> ${name} is null or ${col} -> ${name} in ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`;
        out.push(value === false || value === 'false' ? sql`not ${emptySql}` : emptySql);
        break;
      }
    }
  }
  return out;
}

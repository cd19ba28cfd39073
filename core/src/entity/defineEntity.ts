// Load-time check of an entity definition: a broken definition fails at start-up with every
// problem listed, never later in a request.
import { isDateMacro } from '../dateMacros';
import { validPattern } from '../validators';
import { conditionError } from './expression';
import type { ChildTableDef, EntityDef, FieldDef, FieldType, Label } from './types';

/** Columns the engine adds to every business table; list columns, filters and sort may name them. */
export const SYSTEM_FIELDS = ['id', 'client_id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at'] as const;
/** Names a definition may not declare as fields: the system columns, and `session` (conditions read it). */
export const RESERVED_FIELD_NAMES: readonly string[] = [...SYSTEM_FIELDS, 'session'];
/** Names a child table may not declare: its own bookkeeping columns and the condition namespaces. */
export const RESERVED_CHILD_FIELD_NAMES: readonly string[] = ['id', 'client_id', 'session', 'parent'];

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const DATE_LIKE: readonly FieldType[] = ['date', 'datetime', 'string', 'text'];
/** The field types each date macro fits; '@lastWeek' is a range: a JSON pair, or 'from ~ to' as text. */
export const MACRO_FIELD_TYPES: Readonly<Record<string, readonly FieldType[]>> = {
  now: ['date', 'datetime', 'time', 'string', 'text'],
  month: ['string', 'text'],
  firstDayOfMonth: DATE_LIKE,
  lastDayOfMonth: DATE_LIKE,
  firstDayOfWeek: DATE_LIKE,
  lastDayOfWeek: DATE_LIKE,
  lastWeek: ['json', 'string', 'text'],
};

function hasLabel(label: Label | undefined): boolean {
  return !!label && typeof label.en === 'string' && label.en !== '' && typeof label.zh === 'string' && label.zh !== '';
}

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const n of names) (seen.has(n) ? dup : seen).add(n);
  return [...dup];
}

function checkFields(fields: readonly FieldDef[], where: string, reserved: readonly string[], problems: string[]): void {
  for (const d of duplicates(fields.map((f) => f.name))) problems.push(`${where}duplicate field '${d}'`);
  for (const f of fields) {
    const at = `${where}field '${f.name}'`;
    if (!SNAKE.test(f.name)) problems.push(`${at}: name must be snake_case`);
    if (reserved.includes(f.name)) problems.push(`${at}: the name is reserved`);
    if (!hasLabel(f.label)) problems.push(`${at}: label needs en and zh`);
    if (f.type === 'reference' && (!f.ref?.entity || !f.ref.displayField)) {
      problems.push(`${at}: a reference needs ref { entity, displayField }`);
    }
    for (const [key, v] of Object.entries(f.ref?.filter ?? {})) {
      const values = Array.isArray(v) ? v : [v];
      if (!SNAKE.test(key) || values.length === 0 || values.some((x) => typeof x !== 'string')) problems.push(`${at}: ref.filter '${key}' needs a field name and text values`);
    }
    if (f.type === 'select' || f.type === 'multiselect') {
      const o = f.options;
      if (!o || (Array.isArray(o) ? o.length === 0 : !('dictionary' in o) || !o.dictionary)) {
        problems.push(`${at}: a ${f.type} needs options (a list, or { dictionary })`);
      } else if (Array.isArray(o)) {
        for (const d of duplicates(o.map((x) => x.value))) problems.push(`${at}: duplicate option value '${d}'`);
        if (o.some((x) => !hasLabel(x.label))) problems.push(`${at}: every option label needs en and zh`);
      }
    }
    if (f.freeEntry && f.type !== 'multiselect') problems.push(`${at}: freeEntry is for a multiselect`);
    if (f.upperCase && f.lowerCase) problems.push(`${at}: upperCase and lowerCase exclude each other`);
    if (f.scale !== undefined && !(Number.isInteger(f.scale) && f.scale >= 0 && f.scale <= 10)) {
      problems.push(`${at}: scale must be an integer from 0 to 10`);
    }
    for (const key of ['visibleWhen', 'disabledWhen'] as const) {
      const err = conditionError(f[key]);
      if (err) problems.push(`${at}: ${key} ${JSON.stringify(f[key])} is not a valid condition (${err})`);
    }
    for (const rule of f.validators ?? []) {
      if (rule.type === 'exactLength' && !(Number.isInteger(rule.length) && rule.length! > 0)) {
        problems.push(`${at}: validator exactLength needs a positive length`);
      }
      if (rule.type === 'regex' && !validPattern(rule.pattern)) problems.push(`${at}: validator regex has an invalid pattern`);
    }
    const dv = f.defaultValue;
    if (typeof dv === 'string' && /^@\w+$/.test(dv)) {
      const macro = dv.slice(1);
      if (!isDateMacro(macro)) problems.push(`${at}: unknown date macro '${dv}'`);
      else if (!MACRO_FIELD_TYPES[macro].includes(f.type)) problems.push(`${at}: date macro '${dv}' does not fit a ${f.type} field`);
    }
  }
}

/**
 * Checks a definition and returns it deeply frozen. Throws one Error naming the entity and
 * listing every problem: names (entity kebab-case, table, fields and child tables snake_case),
 * duplicate or reserved field names (also within each child table), missing labels, references
 * without ref, selects without options or with duplicate option values, malformed conditions,
 * unknown date macros, and list / display / status / numbering / tree / primary-flag /
 * authorizable names that are not fields.
 */
export function defineEntity(def: EntityDef): EntityDef {
  const problems: string[] = [];
  if (!KEBAB.test(def.name ?? '')) problems.push('the entity name must be kebab-case');
  if (!SNAKE.test(def.table ?? '')) problems.push(`table '${def.table}' must be snake_case`);
  if (!hasLabel(def.label)) problems.push('label needs en and zh');
  if (!def.area) problems.push('area is missing');
  if (!def.prefix) problems.push('prefix is missing');
  if (!def.route?.cata || !def.route.opt) problems.push('route needs cata and opt');
  if (!Array.isArray(def.fields) || def.fields.length === 0) problems.push('fields are missing');

  const fields = def.fields ?? [];
  checkFields(fields, '', RESERVED_FIELD_NAMES, problems);

  const children = def.children ?? [];
  const fieldNames = new Set(fields.map((f) => f.name));
  for (const d of duplicates(children.map((c) => c.name))) problems.push(`duplicate child table '${d}'`);
  for (const c of children) {
    const where = `child '${c.name}' `;
    if (!SNAKE.test(c.name)) problems.push(`${where}name must be snake_case`);
    if (fieldNames.has(c.name)) problems.push(`${where}has the name of a field`);
    if (!hasLabel(c.label)) problems.push(`${where}label needs en and zh`);
    if (!Array.isArray(c.fields) || c.fields.length === 0) problems.push(`${where}has no fields`);
    checkFields(c.fields ?? [], where, RESERVED_CHILD_FIELD_NAMES, problems);
    if (c.primaryFlag !== undefined) {
      const flag = c.fields?.find((f) => f.name === c.primaryFlag);
      if (!flag) problems.push(`${where}primaryFlag '${c.primaryFlag}' is not a field`);
      else if (flag.type !== 'boolean') problems.push(`${where}primaryFlag '${c.primaryFlag}' must be a boolean field`);
    }
  }

  const isField = (n: string) => fieldNames.has(n);
  const isColumn = (n: string) => isField(n) || (SYSTEM_FIELDS as readonly string[]).includes(n);
  const need = (what: string, name: string | undefined, ok: (n: string) => boolean) => {
    if (name === undefined || !ok(name)) problems.push(`${what} '${name}' is not a field`);
  };
  need('display', def.display, isField);
  if (!def.list || !Array.isArray(def.list.columns) || def.list.columns.length === 0) problems.push('list.columns is missing');
  for (const col of def.list?.columns ?? []) need('list column', col, isColumn);
  for (const col of def.list?.filters ?? []) need('list filter', col, isColumn);
  if (def.list?.sort) need('list sort', def.list.sort.field, isColumn);
  if (def.numbering) need('numbering field', def.numbering.field, isField);
  if (def.tree) need('tree parentField', def.tree.parentField, isField);
  for (const a of def.authorizable ?? []) need('authorizable', a, isColumn);

  if (def.status) {
    need('status field', def.status.field, isField);
    const values = def.status.values.map((v) => v.value);
    for (const d of duplicates(values)) problems.push(`duplicate status value '${d}'`);
    for (const v of def.status.values) if (!hasLabel(v.label)) problems.push(`status value '${v.value}': label needs en and zh`);
  }
  const transitions = def.transitions ?? [];
  if (transitions.length > 0 && !def.status) problems.push('transitions need a status');
  for (const d of duplicates(transitions.map((tr) => tr.action))) problems.push(`duplicate transition action '${d}'`);
  if (def.status) {
    const known = new Set(def.status.values.map((v) => v.value));
    for (const tr of transitions) {
      for (const s of [...tr.from, tr.to]) {
        if (!known.has(s)) problems.push(`transition '${tr.action}': '${s}' is not a status value`);
      }
    }
  }

  if (def.flow) {
    // The approval runtime moves the lifecycle status (core flow/lifecycle) by these names.
    const values = new Set(def.status?.values.map((v) => v.value) ?? []);
    if (def.status?.field !== 'status') problems.push(`flow needs the lifecycle status field 'status'`);
    for (const s of ['DRAFT', 'ONGOING', 'FOR_APPROVAL', 'APPROVED']) if (!values.has(s)) problems.push(`flow needs the status value '${s}'`);
    if (!def.flow.process && !def.flow.processField) problems.push('flow needs a process or a processField');
    if (def.flow.processField) need('flow processField', def.flow.processField, isField);
  }

  if (problems.length > 0) {
    throw new Error(`Entity '${def.name}' is not valid:\n- ${problems.join('\n- ')}`);
  }
  return deepFreeze(def);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A field of the entity (or of a child table) by name. */
export function fieldOf(def: Pick<EntityDef, 'fields'> | ChildTableDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name);
}

/** A child table of the entity by its wire name. */
export function childOf(def: EntityDef, name: string): ChildTableDef | undefined {
  return def.children?.find((c) => c.name === name);
}

/**
 * The fields a client may ever post (not isNotPost, not readOnly), i.e. the columns a save
 * writes. Whether a field is posted in a given document also depends on its conditions and
 * roles: see isPosted / prepareForPost.
 */
export function postedFields(def: Pick<EntityDef, 'fields'> | ChildTableDef): FieldDef[] {
  return def.fields.filter((f) => !f.isNotPost && !f.readOnly);
}

// The shape of an entity definition: one file per entity drives table, API, validation, screens,
// import/export and permissions (docs/ARCHITECTURE 'The one idea'; Frappe's DocType is the model).
import type { ValidationRule } from '../validators';
import type { GovernedBy } from '../units';

export interface Label {
  en: string;
  zh: string;
}

export type FieldType =
  | 'string' // short text (varchar)
  | 'text' // long text
  | 'integer'
  | 'decimal' // numeric(18,4): money and quantities, exact, 4 places (spec §9)
  | 'boolean'
  | 'date' // 'YYYY-MM-DD'
  | 'datetime' // 'YYYY-MM-DD HH:mm:ss'
  | 'time' // 'HH:mm:ss'
  | 'select' // one value of `options`
  | 'multiselect' // several values of `options` (stored as text[])
  | 'reference' // id of a row of another entity of the same company
  | 'image' // an uploaded image's URL
  | 'file' // an uploaded file's URL
  | 'json';

/** Values a reference's target rows must have, per target field (a list: any of them). */
export type RefFilter = Readonly<Record<string, string | readonly string[]>>;

export interface FieldOption {
  value: string;
  label: Label;
  /** antd tag colour; status-like options fall back to core statusColor(value). */
  color?: string;
}

/** Spec §6: all of a list, at least one of a list (optionally inverted), or a route action value. */
export interface RoleRequirement {
  all?: string[];
  any?: string[];
  /** Inverts the `any` check: allowed when the user has none of `any`. */
  invert?: boolean;
  /** Allowed only on routes whose action is this value (e.g. 'edit'; the read-only view route is 'view'). */
  routeAction?: string;
}

export interface ImageRule {
  width?: number;
  height?: number;
  /** true: exactly width x height; false (default): at least. */
  exact?: boolean;
  maxBytes?: number;
}

export interface FieldDef {
  /** snake_case; the column name and the key on the wire. */
  name: string;
  type: FieldType;
  label: Label;
  required?: boolean;
  /** Unique within the company. */
  unique?: boolean;
  /** A literal, or a date macro written '@now', '@month', '@firstDayOfMonth', … (core dateMacros). */
  defaultValue?: unknown;
  validators?: ValidationRule[];
  maxLength?: number;
  /** Fixed options, or the options of a system-dictionary type. */
  options?: FieldOption[] | { dictionary: string };
  /**
   * For 'multiselect': the options are suggestions and any typed value is kept too (free tags);
   * values are trimmed and an empty one is dropped.
   */
  freeEntry?: boolean;
  /**
   * For 'reference': the entity it points to and the field shown for it (displayfield); `filter`
   * narrows the rows that may be chosen ({ field: value or list of values } of the target, e.g.
   * only active versions). Pickers send it as their q; a save refuses a newly chosen row outside it.
   * `codeField` (where names may repeat, e.g. a flow and its copy): the target's code shown before
   * the displayField, 'PR_APPR · Purchase requirement approval' (core refLabel).
   */
  ref?: { entity: string; displayField: string; codeField?: string; filter?: RefFilter };
  upperCase?: boolean;
  lowerCase?: boolean;
  trim?: boolean;
  /** Expressions over form values and `session.*` (see core/entity/expression). */
  visibleWhen?: string;
  disabledWhen?: string;
  roles?: RoleRequirement;
  /** A form-only field: never posted, never stored. */
  isNotPost?: boolean;
  /** Set by the server (status, numbered code, computed values); shown, not edited. */
  readOnly?: boolean;
  /** Shown in forms but not in the list unless named in list.columns. */
  hint?: Label;
  image?: ImageRule;
  /** For 'decimal': places (default 4). */
  scale?: number;
  /**
   * For a 'decimal' quantity: the unit that governs it, a field of the row holding the unit code
   * ('parent.unit' for the document's) or a fixed code ({ fixed: 'PCS' }). Lists, forms, prints
   * and exports show the number as the unit allows with the unit beside it; a counted unit
   * refuses fractions on save and import (core units.ts).
   */
  unit?: GovernedBy;
  /** For a 'decimal' amount: its currency, a field ('parent.currency') or a fixed code; shown with 4 places and the symbol. */
  currency?: GovernedBy;
}

export interface ChildTableDef {
  /** Wire key (e.g. 'contacts'); stored in table `${entity.table}_${name}`. */
  name: string;
  label: Label;
  fields: FieldDef[];
  /** A boolean field of which at most one row may be true (e.g. the primary contact). */
  primaryFlag?: string;
  /** At most this many rows (e.g. the company card's five case slots): the form offers no more. */
  maxRows?: number;
  /**
   * Rows that belong to a row of another child table: `field` holds the 1-based number of a row of
   * `child` (a purchase requirement's BOM lines name their entry). The form shows them grouped
   * under each row of that table, each group with its own add button.
   */
  under?: { child: string; field: string };
}

export interface StatusValue {
  value: string;
  label: Label;
  color?: string;
}

/** A pure cross-field rule; returns the errors it finds (empty when the document is fine). */
export type EntityRule = (doc: Record<string, unknown>) => RuleError[];
export interface RuleError {
  /** The field the message belongs to; absent → a document-level message. */
  field?: string;
  /** For a child-row error: the child table and row index. */
  child?: { name: string; index: number };
  message: Label;
}

export interface TransitionDef {
  /** The action's name on the wire: POST /api/PREFIX/ENTITY/ACTION. */
  action: string;
  label: Label;
  from: string[];
  to: string;
  roles?: RoleRequirement;
}

export interface EntityDef {
  /** kebab-case wire name, e.g. 'production-line'. */
  name: string;
  /** The business area folder, e.g. 'masterdata'. */
  area: string;
  /** API prefix (API.md), e.g. 'mdapi'. */
  prefix: string;
  /** snake_case table name, e.g. 'md_production_line'. */
  table: string;
  label: Label;
  fields: FieldDef[];
  children?: ChildTableDef[];
  /** The field that names a row (list titles, pickers, references). */
  display: string;
  list: {
    columns: string[];
    filters?: string[];
    sort?: { field: string; order: 'asc' | 'desc' };
  };
  /** A status field with its values; ecindex/ectabindex split the list into tabs by it. */
  status?: { field: string; values: StatusValue[] };
  /** State transitions (a table, not if-chains). */
  transitions?: TransitionDef[];
  /** The code field numbered by a serial-number config when left empty. */
  numbering?: { field: string; serial: string };
  /** A tree (e.g. org, process): the field holding the parent's id; empty at the top level. */
  tree?: { parentField: string };
  rules?: EntityRule[];
  /** Generic route names: {cata}/index/{opt} etc. */
  route: { cata: string; opt: string };
  /** Who may read / write; absent → any signed-in user of the company may read, ADMIN may write. */
  permissions?: { read?: RoleRequirement; write?: RoleRequirement };
  /**
   * A configuration screen (CFG-28): reading it (list, view, export, audit) also needs its menu,
   * as writing does — company administrators always may. Server code reads it directly as before.
   */
  readNeedsMenu?: boolean;
  /** Column for data authorization rules (spec §6) — fields rules may name; default: every field. */
  authorizable?: string[];
  /**
   * The document runs through an approval flow (docs/flow.md): `process` is the default process
   * code, `processField` a field holding another one. Needs the lifecycle status (core flowLifecycle).
   */
  flow?: { process?: string; processField?: string };
}

/** What conditions and role checks may read about the signed-in user. */
export interface SessionContext {
  dashroles: string[];
  [key: string]: unknown;
}

export interface FormContext {
  values: Record<string, unknown>;
  session: SessionContext;
  /** The route action: 'edit', 'create' or 'view' (read-only routes). */
  routeAction?: string;
  /** For a child row: the parent document's values; the row's conditions read them as `parent.x`. */
  parent?: Record<string, unknown>;
}

/** 11000 errors: `{FIELD: ['msg']}`, a child table's errors a list indexed by row. */
export type FieldErrors = Record<string, string[] | Array<Record<string, string[]> | null>>;

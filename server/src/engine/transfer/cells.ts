// Between spreadsheet cells and document values, both ways (pure; no I/O).
//
// Import (a cell as the streaming reader gives it → the value checkDocument expects):
//   text fields take text (numbers written plainly); integers take whole numbers; decimals exact
//   text (a cell's binary number is cut to Excel's 15 significant digits first, so 0.1+0.2 reads
//   0.3); booleans 是/否, yes/no, y/n, true/false, 1/0; dates, datetimes and times an Excel date
//   serial or text such as 2026-3-7, 2026/03/07, 2026年3月7日, 14:05; selects an option's value
//   or its label in either language; multiselects several separated by commas; references the
//   referenced row's display value (resolved by the importer). A value that cannot be read is
//   passed on as its text, so the engine's own check names the problem in its own words.
// Export (a stored value → a cell): decimals as exact text with the field's places, dates and
//   times as real Excel dates with a format, selects and booleans as labels in the user's
//   language, references as their display value.
import { addDec, DEFAULT_SCALE, et, governingCode, pickLabel, quantityText, roundDec, type FieldDef, type FieldOption, type Lang } from '@seamline/core';

/** What a spreadsheet cell holds once formulas, rich text and links are read through. */
export type Scalar = string | number | boolean | Date | null;

/** A cell problem the importer reports as it is (message already in the user's language). */
export class CellError {
  constructor(readonly message: string) {}
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** The plain value of an ExcelJS cell value (formula → its result, rich text → its text, link → its text). */
export function cellScalar(raw: unknown): Scalar | CellError {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date) return raw;
  if (isRecord(raw)) {
    if ('error' in raw) return new CellError(String(raw.error));
    if ('result' in raw) return cellScalar(raw.result);
    if ('formula' in raw || 'sharedFormula' in raw) return null;
    if (Array.isArray(raw.richText)) return raw.richText.map((r) => (isRecord(r) ? String(r.text ?? '') : '')).join('');
    if ('text' in raw) return cellScalar(raw.text);
  }
  return String(raw);
}

/** A cell with nothing in it (or only spaces). */
export const isBlank = (v: Scalar): boolean => v === null || (typeof v === 'string' && v.trim() === '');

/** A JavaScript number as plain decimal text, cut to Excel's 15 significant digits (no exponent). */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return addDec(n.toPrecision(15)); // plain notation of the 15-digit value
}

const pad = (n: number | string, w = 2) => String(n).padStart(w, '0');

/** Days between 1899-12-30 (Excel's serial day 0) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** An Excel serial (days, fraction = time of day) as UTC parts, rounded to the second. */
function serialParts(serial: number): Date {
  return new Date(Math.round(((serial - EXCEL_EPOCH_DAYS) * DAY_MS) / 1000) * 1000);
}

const ymd = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const hms = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

const DATE_TEXT = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const TIME_TEXT = /^(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2}))?$/;

function dateText(s: string): string | null {
  const m = DATE_TEXT.exec(s.trim());
  return m ? `${m[1]}-${pad(m[2])}-${pad(m[3])}` : null;
}

function timeText(s: string): string | null {
  const m = TIME_TEXT.exec(s.trim());
  return m ? `${pad(m[1])}:${pad(m[2])}:${pad(m[3] ?? '0')}` : null;
}

function datetimeText(s: string): string | null {
  const m = /^(.+?)(?:[ T]+(\d{1,2}[:：]\d{1,2}(?:[:：]\d{1,2})?)(?:\.\d+)?)?$/.exec(s.trim());
  if (!m) return null;
  const d = dateText(m[1]);
  if (!d) return null;
  const time = m[2] ? timeText(m[2]) : '00:00:00';
  return time ? `${d} ${time}` : null;
}

const TRUE_TEXTS = new Set(['是', 'yes', 'y', 'true', '1', '√', '✓', 'x']);
const FALSE_TEXTS = new Set(['否', 'no', 'n', 'false', '0', '×', '✗']);

/** Normalized text for matching headers and option labels: trimmed, spaces collapsed, lower case. */
export const normalizeText = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Value ↔ label in both languages, for a select's options. */
export interface OptionIndex {
  values: Set<string>;
  /** Normalized label or value → the values it names (several: ambiguous). */
  byText: Map<string, string[]>;
}

export function optionIndex(options: ReadonlyArray<{ value: string; labels: readonly string[] }>): OptionIndex {
  const values = new Set(options.map((o) => o.value));
  const byText = new Map<string, string[]>();
  const add = (text: string, value: string) => {
    const key = normalizeText(text);
    if (!key) return;
    const list = byText.get(key) ?? [];
    if (!list.includes(value)) list.push(value);
    byText.set(key, list);
  };
  for (const o of options) add(o.value, o.value);
  for (const o of options) for (const l of o.labels) add(l, o.value);
  return { values, byText };
}

export const fixedOptionIndex = (options: readonly FieldOption[]): OptionIndex =>
  optionIndex(options.map((o) => ({ value: o.value, labels: [o.label.en, o.label.zh] })));

function optionValue(text: string, index: OptionIndex | undefined): string {
  if (!index) return text;
  const s = text.trim();
  if (index.values.has(s)) return s;
  const hit = index.byText.get(normalizeText(s));
  return hit && hit.length === 1 ? hit[0] : s;
}

const asText = (v: Exclude<Scalar, null>): string => {
  if (typeof v === 'number') return plainNumber(v);
  if (v instanceof Date) return v.getUTCHours() || v.getUTCMinutes() || v.getUTCSeconds() ? `${ymd(v)} ${hms(v)}` : ymd(v);
  return unneutralize(String(v));
};

/**
 * CSV/formula injection (OWASP 'CSV Injection'): a text cell that starts with = + - @, a tab or a
 * carriage return (or the full-width ＝ ＋ － ＠, which some spreadsheet programs also read as
 * formula starts) could be run as a formula when the file is opened or saved as CSV. Exports
 * write such a text with a leading single quote; the value stays readable ("'=SUM(A1)"), and the
 * importer takes the quote off again (round trip). Plain numbers ('-12.5') are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function neutralize(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text an export neutralized, as it was. */
export function unneutralize(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}

/** A cell value as written to a file: texts neutralized, other scalars as they are. */
export const safeCell = <T>(v: T): T => (typeof v === 'string' ? (neutralize(v) as T) : v);

/**
 * A non-reference cell as the value a document takes; undefined for an empty cell. `options` is
 * the select's index (fixed options or the company's dictionary).
 */
export function importValue(field: FieldDef, cell: Scalar, lang: Lang, options?: OptionIndex): unknown {
  if (isBlank(cell)) return null;
  const v = cell as Exclude<Scalar, null>;
  switch (field.type) {
    case 'string':
    case 'text':
    case 'image':
    case 'file':
      return asText(v);
    case 'integer':
      if (typeof v === 'number') return Number.isInteger(v) ? v : plainNumber(v);
      return asText(v).trim();
    case 'decimal': {
      if (typeof v === 'number') return plainNumber(v);
      const s = asText(v).trim().replace(/\s/g, '');
      return /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) ? s.replace(/,/g, '') : s;
    }
    case 'boolean': {
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
      const s = normalizeText(asText(v));
      if (TRUE_TEXTS.has(s) || s === normalizeText(et(lang, 'entity.yes'))) return true;
      if (FALSE_TEXTS.has(s) || s === normalizeText(et(lang, 'entity.no'))) return false;
      return asText(v);
    }
    case 'date':
      if (typeof v === 'number') return ymd(serialParts(v));
      if (v instanceof Date) return ymd(v);
      return dateText(v.toString()) ?? asText(v);
    case 'datetime':
      if (typeof v === 'number') {
        const d = serialParts(v);
        return `${ymd(d)} ${hms(d)}`;
      }
      if (v instanceof Date) return `${ymd(v)} ${hms(v)}`;
      return datetimeText(v.toString()) ?? asText(v);
    case 'time':
      if (typeof v === 'number') return hms(serialParts(v % 1));
      if (v instanceof Date) return hms(v);
      return timeText(v.toString()) ?? asText(v);
    case 'select':
      return optionValue(asText(v), options);
    case 'multiselect':
      return asText(v)
        .split(/[,，;；、\n]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => optionValue(s, options));
    case 'json': {
      if (typeof v !== 'string') return v instanceof Date ? asText(v) : v;
      try {
        return JSON.parse(v);
      } catch {
        return new CellError(et(lang, 'entity.invalidValue'));
      }
    }
    case 'reference':
      return asText(v).trim();
  }
}

/** Labels of a select's values in the export's language. */
export type LabelOf = (value: string) => string | undefined;

export interface ExportColumnFormat {
  /** Excel number format for the column (dates and times). */
  numFmt?: string;
}

export function columnFormat(field: FieldDef): ExportColumnFormat {
  switch (field.type) {
    case 'date':
      return { numFmt: 'yyyy-mm-dd' };
    case 'datetime':
      return { numFmt: 'yyyy-mm-dd hh:mm:ss' };
    case 'time':
      return { numFmt: 'hh:mm:ss' };
    default:
      return {};
  }
}

function utcDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
}

/**
 * A stored value as an export cell. `label` reads select options; `refLabel` is the reference's
 * display value; `row` the document, where a quantity's unit is read (issue 30: 60 pieces is '60').
 */
export function exportValue(field: FieldDef, value: unknown, lang: Lang, label?: LabelOf, refLabel?: string, row?: Record<string, unknown>): Scalar {
  return safeCell(exportScalar(field, value, lang, label, refLabel, row));
}

function exportScalar(field: FieldDef, value: unknown, lang: Lang, label?: LabelOf, refLabel?: string, row?: Record<string, unknown>): Scalar {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'decimal': {
      // A quantity as its unit allows (the unit is in the header or its own column); amounts keep 4 places.
      if (field.unit && !field.currency) return quantityText(String(value), governingCode(field.unit, row));
      const scale = field.scale ?? DEFAULT_SCALE;
      return roundDec(String(value), scale) ?? String(value);
    }
    case 'boolean':
      return et(lang, value === true || value === 'true' ? 'entity.yes' : 'entity.no');
    case 'date':
    case 'datetime':
      return utcDate(value instanceof Date ? value.toISOString() : String(value)) ?? String(value);
    case 'time': {
      const m = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(String(value));
      return m ? new Date(Date.UTC(1899, 11, 30, Number(m[1]), Number(m[2]), Number(m[3] ?? 0))) : String(value);
    }
    case 'select':
      return label?.(String(value)) ?? String(value);
    case 'multiselect':
      return (Array.isArray(value) ? value : [value]).map((v) => label?.(String(v)) ?? String(v)).join(', ');
    case 'reference':
      return refLabel ?? String(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** A select's labels for export, from its fixed options (dictionary labels come from the database). */
export function fixedLabels(options: readonly FieldOption[], lang: Lang): LabelOf {
  const map = new Map(options.map((o) => [o.value, pickLabel(o.label, lang)]));
  return (v) => map.get(v);
}

// Quantities in their units and amounts in their currency (issue 30, spec §9). Storage stays an
// exact numeric(18,4); this is how a value READS and which values a unit CAN hold: counted units
// (pieces, sets, cartons…) are whole numbers, measured ones (metres, kilograms…) up to 4 places
// with trailing zeros dropped, amounts always 4 places after their currency's symbol. Digits are
// formatted from the decimal text, never through a float; the separators come from Intl for the
// language ('en' or 'zh-CN'), so a language that groups differently changes in one place.
import Decimal from 'decimal.js';
import { currencySymbol } from './currency';
import { langOf, type Lang } from './i18n';

export interface UnitInfo {
  /** Upper-case code as stored (the UNIT dictionary's values: PCS, M, KG…). */
  code: string;
  /** Counted: only whole numbers (2.5 pieces cannot exist). */
  counted: boolean;
  /** Shown after the number. */
  label: { en: string; zh: string };
}

const u = (code: string, counted: boolean, en: string, zh: string): UnitInfo => ({ code, counted, label: { en, zh } });

export const UNITS: readonly UnitInfo[] = [
  u('PCS', true, 'pcs', '件'),
  u('PC', true, 'pcs', '件'),
  u('PIECE', true, 'pcs', '件'),
  u('SET', true, 'sets', '套'),
  u('PAIR', true, 'pairs', '双'),
  u('CARTON', true, 'ctn', '箱'),
  u('CTN', true, 'ctn', '箱'),
  u('ROLL', true, 'rolls', '卷'),
  u('CONE', true, 'cones', '筒'),
  u('DOZEN', true, 'doz', '打'),
  u('DZ', true, 'doz', '打'),
  u('GROSS', true, 'gross', '罗'),
  u('BOX', true, 'boxes', '盒'),
  u('BAG', true, 'bags', '袋'),
  u('M', false, 'm', '米'),
  u('CM', false, 'cm', '厘米'),
  u('YD', false, 'yd', '码'),
  u('KG', false, 'kg', '千克'),
  u('G', false, 'g', '克'),
  u('LB', false, 'lb', '磅'),
  u('L', false, 'L', '升'),
  // A carton's or a shipment's volume.
  u('M3', false, 'm³', '立方米'),
  u('CBM', false, 'm³', '立方米'),
  // Capacity is planned in standard minutes over working days (half days exist).
  u('MIN', false, 'min', '分钟'),
  u('H', false, 'h', '小时'),
  u('DAY', false, 'days', '天'),
  u('PCT', false, '%', '%'),
];

/** The unit a code names; an unknown code is measured (any 4 places) and shown as written. */
export function unitInfo(code: unknown): UnitInfo | null {
  const c = typeof code === 'string' ? code.trim() : '';
  if (!c) return null;
  return UNITS.find((x) => x.code === c.toUpperCase()) ?? { code: c, counted: false, label: { en: c, zh: c } };
}

export const isCountedUnit = (code: unknown): boolean => unitInfo(code)?.counted === true;

/**
 * Where a field's unit or currency comes from: a field of the row ('parent.x' = the document's) or
 * a fixed code. `rate`: an amount per garment (a BOM's consumption, 0.05 cones a piece) reads in
 * the unit but may be a fraction of a counted one.
 */
export type GovernedBy = ({ field: string } | { fixed: string }) & { rate?: boolean };

/** The code governing a field on this row (a child row reads `parent.x` from its document). */
export function governingCode(by: GovernedBy | undefined, row?: Record<string, unknown>, parent?: Record<string, unknown>): string | null {
  if (!by) return null;
  if ('fixed' in by) return by.fixed;
  const [src, name] = by.field.startsWith('parent.') ? [parent, by.field.slice(7)] : [row, by.field];
  const v = src?.[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

function parse(v: unknown): Decimal | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return new Dec(s);
}

const LOCALE: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };
const separators = new Map<Lang, { group: string; decimal: string }>();

/** The language's group and decimal separators, read once from Intl (only the marks, not the digits). */
function separatorsOf(lang: Lang): { group: string; decimal: string } {
  let s = separators.get(lang);
  if (!s) {
    const parts = new Intl.NumberFormat(LOCALE[lang]).formatToParts(12345.5);
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(lang, s);
  }
  return s;
}

/** Plain decimal text ('-1234567.5') with the language's separators ('-1,234,567.5'), digit for digit. */
export function groupDecimal(text: string, lang?: unknown): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const { group, decimal } = separatorsOf(langOf(lang));
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, group)}${m[3] ? decimal + m[3] : ''}`;
}

const plain = (d: Decimal, dp: number): string => {
  const s = d.toFixed(dp);
  return d.isZero() ? s.replace(/^-/, '') : s;
};

/**
 * The number as its unit allows: counted → whole ('60'; a stored fraction, which the inputs
 * refuse, is shown as it is rather than rounded away), measured → up to 4 places without trailing
 * zeros ('12.5'); grouped for the language. Unreadable text is returned unchanged.
 */
export function quantityNumber(value: unknown, unit?: unknown, lang?: unknown): string {
  const text = quantityText(value, unit);
  return parse(value) ? groupDecimal(text, lang) : text;
}

/** quantityNumber without grouping ('1234.5'): a spreadsheet cell, an input's starting text. */
export function quantityText(value: unknown, unit?: unknown): string {
  const d = parse(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  const r = d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return isCountedUnit(unit) && r.isInteger() ? plain(r, 0) : plain(r, 4).replace(/\.?0+$/, '');
}

/** The unit's short label in the language ('pcs' / '件'); '' without a unit. */
export function unitLabel(unit: unknown, lang?: unknown): string {
  const info = unitInfo(unit);
  return info ? info.label[langOf(lang)] : '';
}

/** '60 pcs', '1,234.5 m', '60 件'; without a unit the number alone (as a measured value). */
export function formatQuantity(value: unknown, unit?: unknown, lang?: unknown): string {
  if (!parse(value)) return value === null || value === undefined ? '' : String(value);
  const n = quantityNumber(value, unit, lang);
  const l = unitLabel(unit, lang);
  return n && l ? (l === '%' ? `${n}%` : `${n} ${l}`) : n;
}

/** Spec §9 names symbols for these; every other currency shows its code. */
const SYMBOL_CODES = new Set(['RMB', 'CNY', 'USD', 'HKD']);

/** '¥' / '$' / 'HK$' for the spec's currencies; the code ('IDR') for the others; '' without one. */
export function amountSymbol(currency: unknown): string {
  const c = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!c) return '';
  return SYMBOL_CODES.has(c) ? currencySymbol(c) : c;
}

/** '¥1,234.5000', 'HK$12.0000', 'IDR 1,000.0000', '-$5.0000': 4 places (spec §9), grouped for the language. */
export function formatAmount(value: unknown, currency?: unknown, lang?: unknown): string {
  const d = parse(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  const text = plain(d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP), 4);
  const negative = text.startsWith('-');
  const n = groupDecimal(negative ? text.slice(1) : text, lang);
  const sym = amountSymbol(currency);
  const sep = sym && /[A-Z]$/.test(sym) ? ' ' : '';
  return `${negative ? '-' : ''}${sym}${sep}${n}`;
}

/**
 * Is this value possible in its unit? A fraction of a counted unit is not: the message key of
 * the field error (core/entity messages), else null. Unreadable numbers are the type check's job.
 */
export function unitProblem(value: unknown, unit: unknown): 'entity.wholeUnits' | null {
  if (!isCountedUnit(unit)) return null;
  const d = parse(value);
  return d && !d.isInteger() ? 'entity.wholeUnits' : null;
}

/**
 * Totals that add like with like (issue 30): one total per unit or currency, in first-seen order,
 * never one sum across them. Values without a code are summed under ''.
 */
export function totalsBy(items: ReadonlyArray<{ value: unknown; code: string | null | undefined }>): Array<{ code: string; total: string }> {
  const sums = new Map<string, Decimal>();
  for (const { value, code } of items) {
    const d = parse(value);
    if (!d) continue;
    const k = (code ?? '').trim().toUpperCase();
    sums.set(k, (sums.get(k) ?? new Dec(0)).plus(d));
  }
  return [...sums].map(([code, total]) => ({ code, total: total.toFixed() }));
}

/** A fixed unit's or currency's mark for a column title ('pcs', '¥'); null when it comes from a field. */
export function fixedMark(field: GovernedField, lang?: unknown): string | null {
  if (field.currency && 'fixed' in field.currency) return amountSymbol(field.currency.fixed);
  if (field.unit && 'fixed' in field.unit) return unitLabel(field.unit.fixed, lang);
  return null;
}

/** The fields of a definition this module needs (kept structural so the entity types can import this file's types). */
interface GovernedField {
  type: string;
  unit?: GovernedBy;
  currency?: GovernedBy;
}

/**
 * How a decimal field's value reads where it is shown (list cell, read-only form, print, export):
 * a quantity in its unit, an amount with its currency; null for any other field (the caller's
 * usual text). One place for every screen: the definition says what governs it, once.
 */
export function formatFieldNumber(field: GovernedField, value: unknown, row?: Record<string, unknown>, parent?: Record<string, unknown>, lang?: unknown): string | null {
  // An integer count (a demand's pieces) names its unit the same way a decimal quantity does.
  if ((field.type !== 'decimal' && field.type !== 'integer') || value === null || value === undefined || value === '') return null;
  if (field.currency) return formatAmount(value, governingCode(field.currency, row, parent), lang);
  if (field.unit) return formatQuantity(value, governingCode(field.unit, row, parent), lang);
  return null;
}

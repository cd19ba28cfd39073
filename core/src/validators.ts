// Generic form validators (SPEC §5). Empty values pass every validator except 'required'.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import Decimal from 'decimal.js';
import { langOf, t } from './i18n';

export type ValidatorType =
  | 'required'
  | 'email'
  | 'noChinese'
  | 'maxDecimals4'
  | 'english'
  | 'capitalEnglish'
  | 'datetime'
  | 'date'
  | 'time'
  | 'positiveInteger'
  | 'naturalNumber'
  | 'positiveNumber'
  | 'greaterThanZero'
  | 'mobile'
  | 'strongPassword'
  | 'exactLength'
  | 'regex';

export interface ValidationRule {
  type: ValidatorType;
  /** For 'exactLength': the required number of characters (Unicode code points). */
  length?: number;
  /** For 'regex': a RegExp source, or '/source/flags'. */
  pattern?: string;
  /** Overrides the catalogue message. */
  message?: { en?: string; zh?: string };
}

export interface ValidationResult {
  hasError: boolean;
  errorMsg: string;
}

/**
 * "Empty" is literal: null, undefined, '' and []. Whitespace-only text is not empty here; the
 * form's trim option runs before posting if a field wants it.
 */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

// Plain decimal notation only: no exponent, no thousands separators, no surrounding spaces.
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
// Han ideographs (incl. extensions and compatibility forms) plus Chinese/full-width punctuation,
// i.e. what a Chinese input method produces.
const CHINESE_RE = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef\u{20000}-\u{2fa1f}]/u;
const ENGLISH_RE = /^[A-Za-z0-9_@-]+$/;
const CAPITAL_ENGLISH_RE = /^[A-Z0-9_.@-]+$/;
const MOBILE_RE = /^1[3-9]\d{9}$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Strings are taken as typed; numbers as their JS string form. Other types never match. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A finite number from a number or a plain decimal string; 'abc', '1e3', ' 1' → null. */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMBER_RE.test(value)) return Number(value);
  return null;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this month (UTC avoids DST surprises).
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function validTime(h: number, mi: number, s: number): boolean {
  return h <= 23 && mi <= 59 && s <= 59;
}

/** A regex validator's pattern: a source, or '/source/flags'; null when it does not compile. */
function toRegExp(pattern: string): RegExp | null {
  try {
    const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
    // 'g'/'y' make test() stateful across calls, so they are dropped.
    return literal ? new RegExp(literal[1], literal[2].replace(/[gy]/g, '')) : new RegExp(pattern);
  } catch {
    return null;
  }
}

/**
 * Whether a regex validator's pattern is set and compiles: definitions and the form designer check
 * patterns with this, so they refuse exactly what the validator could not run.
 */
export function validPattern(pattern: string | undefined): boolean {
  return !!pattern && toRegExp(pattern) !== null;
}

/** Checks one non-empty scalar against a rule. */
function passesScalar(rule: ValidationRule, value: unknown): boolean {
  const text = asText(value);
  const num = asNumber(value);
  const m = (re: RegExp) => text !== null && re.test(text);
  switch (rule.type) {
    case 'required':
      return true;
    case 'email':
      return m(EMAIL_RE);
    case 'noChinese':
      return text !== null && !CHINESE_RE.test(text);
    case 'maxDecimals4': {
      if (num === null || text === null) return false;
      // Numbers may print in exponent form (1e-7), so count their places exactly.
      if (typeof value === 'number') return new Decimal(value).decimalPlaces() <= 4;
      const dot = text.indexOf('.');
      return dot < 0 || text.length - dot - 1 <= 4;
    }
    case 'english':
      return m(ENGLISH_RE);
    case 'capitalEnglish':
      return m(CAPITAL_ENGLISH_RE);
    case 'date': {
      const r = text === null ? null : DATE_RE.exec(text);
      return !!r && validDate(+r[1], +r[2], +r[3]);
    }
    case 'time': {
      const r = text === null ? null : TIME_RE.exec(text);
      return !!r && validTime(+r[1], +r[2], +r[3]);
    }
    case 'datetime': {
      const r = text === null ? null : DATETIME_RE.exec(text);
      return !!r && validDate(+r[1], +r[2], +r[3]) && validTime(+r[4], +r[5], +r[6]);
    }
    case 'positiveInteger':
      return typeof value === 'number' ? Number.isInteger(value) && value >= 1 : m(/^0*[1-9]\d*$/);
    case 'naturalNumber':
      return typeof value === 'number' ? Number.isInteger(value) && value >= 0 : m(/^\d+$/);
    case 'positiveNumber':
      return num !== null && num >= 0;
    case 'greaterThanZero':
      return num !== null && num > 0;
    case 'mobile':
      return m(MOBILE_RE);
    case 'strongPassword': {
      if (text === null) return false;
      const len = Array.from(text).length;
      return (
        len >= PASSWORD_MIN_LENGTH &&
        len <= PASSWORD_MAX_LENGTH &&
        /\d/.test(text) &&
        /[a-z]/.test(text) &&
        /[A-Z]/.test(text)
      );
    }
    case 'exactLength':
      // Code points, so an emoji or a rare Han character counts as one character.
      return rule.length === undefined || (text !== null && Array.from(text).length === rule.length);
    case 'regex': {
      if (!rule.pattern) return true;
      const re = toRegExp(rule.pattern);
      // A broken pattern fails rather than silently accepting everything.
      return re !== null && text !== null && re.test(text);
    }
  }
}

/** Does the value satisfy the rule? Arrays (multi-selects) pass when every element passes. */
export function passes(rule: ValidationRule, value: unknown): boolean {
  if (rule.type === 'required') return !isEmptyValue(value);
  if (isEmptyValue(value)) return true;
  if (Array.isArray(value)) return value.every((v) => isEmptyValue(v) || passesScalar(rule, v));
  return passesScalar(rule, value);
}

/** The message shown for a failed rule: its own text in the UI language, else the catalogue's. */
export function ruleMessage(rule: ValidationRule, lang?: unknown): string {
  const l = langOf(lang);
  const custom = rule.message?.[l] ?? rule.message?.zh ?? rule.message?.en;
  return custom ?? t(l, `val.${rule.type}`, { length: rule.length ?? '' });
}

/** All rules apply together; the first failing one supplies the message. */
export function validateValue(value: unknown, rules: readonly ValidationRule[] | undefined, lang?: unknown): ValidationResult {
  for (const rule of rules ?? []) {
    if (!passes(rule, value)) return { hasError: true, errorMsg: ruleMessage(rule, lang) };
  }
  return { hasError: false, errorMsg: '' };
}

// The exception ticket's document checks (spec §3), shared by the web form (checked before
// posting) and the server (checked again before writing).
import { compareDec, isEmptyValue, validateValue, type ValidationRule } from '@seamline/core';
import { DEDUCTION_TYPE_OPTIONS, PENALTY_RESULT_OPTIONS, REASON_OPTIONS } from './options';
import { ticketMessage } from './messages';

export type FieldErrors = Record<string, string[]>;

export interface TicketInput {
  title?: unknown;
  design_no?: unknown;
  tags?: unknown;
  category_id?: unknown;
  counterpart_client_id?: unknown;
  is_public?: unknown;
  description?: unknown;
}

export interface ClosingInput {
  closing_summary?: unknown;
  penalty_result?: unknown;
  reasons?: unknown;
  deduction_amount?: unknown;
  deduction_ratio?: unknown;
  deduction_type?: unknown;
  deduction_voucher?: unknown;
}

export const TITLE_MAX = 200;
export const DESIGN_NO_MAX = 50;
export const TAG_MAX = 30;
export const SUMMARY_MAX = 2000;
export const VOUCHER_MAX = 50;
export const COMMENT_MAX = 4000;
/** Photos one comment may carry. */
export const COMMENT_PHOTOS_MAX = 9;

const REQUIRED: ValidationRule[] = [{ type: 'required' }];
const DEC4: ValidationRule[] = [{ type: 'positiveNumber' }, { type: 'maxDecimals4' }];

function add(errors: FieldErrors, field: string, msg: string): void {
  (errors[field] ??= []).push(msg);
}

function check(errors: FieldErrors, field: string, value: unknown, rules: ValidationRule[], lang: unknown): void {
  const r = validateValue(value, rules, lang);
  if (r.hasError) add(errors, field, r.errorMsg);
}

function tooLong(errors: FieldErrors, field: string, value: unknown, max: number, lang: unknown): void {
  if (typeof value === 'string' && [...value].length > max) add(errors, field, ticketMessage(lang, 'ticket.tooLong', { max }));
}

const isList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A new or edited ticket. `creating` also requires the counterpart company. */
export function checkTicket(doc: TicketInput, lang: unknown, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const title = typeof doc.title === 'string' ? doc.title.trim() : doc.title;
  check(errors, 'title', title, REQUIRED, lang);
  tooLong(errors, 'title', title, TITLE_MAX, lang);
  tooLong(errors, 'design_no', doc.design_no, DESIGN_NO_MAX, lang);
  if (!isEmptyValue(doc.tags)) {
    if (!isList(doc.tags)) add(errors, 'tags', ticketMessage(lang, 'ticket.badValue'));
    else if (doc.tags.some((t) => !t.trim() || [...t].length > TAG_MAX)) add(errors, 'tags', ticketMessage(lang, 'ticket.tooLong', { max: TAG_MAX }));
  }
  if (creating) check(errors, 'counterpart_client_id', doc.counterpart_client_id, REQUIRED, lang);
  tooLong(errors, 'description', doc.description, SUMMARY_MAX, lang);
  return errors;
}

const inOptions = (options: { value: string }[], v: unknown) => typeof v === 'string' && options.some((o) => o.value === v);

/** What closing records (TKT-04..06): summary and penalty result required; amounts exact, 4 places. */
export function checkClosing(doc: ClosingInput, lang: unknown): FieldErrors {
  const errors: FieldErrors = {};
  check(errors, 'closing_summary', typeof doc.closing_summary === 'string' ? doc.closing_summary.trim() : doc.closing_summary, REQUIRED, lang);
  tooLong(errors, 'closing_summary', doc.closing_summary, SUMMARY_MAX, lang);
  check(errors, 'penalty_result', doc.penalty_result, REQUIRED, lang);
  if (!isEmptyValue(doc.reasons) && (!isList(doc.reasons) || doc.reasons.some((r) => !inOptions(REASON_OPTIONS, r))))
    add(errors, 'reasons', ticketMessage(lang, 'ticket.badValue'));
  checkPenalty(doc, lang, errors);
  tooLong(errors, 'deduction_voucher', doc.deduction_voucher, VOUCHER_MAX, lang);
  return errors;
}

/**
 * The penalty and deduction a ticket carries (all optional here): the closing step checks them, and
 * so does an area that presets them on the ticket it opens (a failed inspection: docs/quality.md).
 */
export function checkPenalty(
  doc: Pick<ClosingInput, 'penalty_result' | 'deduction_amount' | 'deduction_ratio' | 'deduction_type'>,
  lang: unknown,
  errors: FieldErrors = {},
): FieldErrors {
  if (!isEmptyValue(doc.penalty_result) && !inOptions(PENALTY_RESULT_OPTIONS, doc.penalty_result)) add(errors, 'penalty_result', ticketMessage(lang, 'ticket.badValue'));
  check(errors, 'deduction_amount', doc.deduction_amount, DEC4, lang);
  check(errors, 'deduction_ratio', doc.deduction_ratio, DEC4, lang);
  if (!errors.deduction_ratio && !isEmptyValue(doc.deduction_ratio) && compareDec(String(doc.deduction_ratio), 100) > 0)
    add(errors, 'deduction_ratio', ticketMessage(lang, 'ticket.ratioMax'));
  if (!isEmptyValue(doc.deduction_type) && !inOptions(DEDUCTION_TYPE_OPTIONS, doc.deduction_type)) add(errors, 'deduction_type', ticketMessage(lang, 'ticket.badValue'));
  return errors;
}

/**
 * Hours left until the ticket is due (TKT-16: the category's duration counted from the opening),
 * rounded down; negative when overdue; null without a duration.
 */
export function remainingHours(dueAt: string | null | undefined, now: Date): number | null {
  if (!dueAt) return null;
  const ms = new Date(dueAt).getTime() - now.getTime();
  return ms >= 0 ? Math.floor(ms / 3_600_000) : -Math.ceil(-ms / 3_600_000);
}

/** '38 h' / '2 d 5 h' left, or overdue by the same. */
export function formatRemaining(hours: number | null, lang: unknown): string {
  if (hours === null) return ticketMessage(lang, 'ticket.noDeadline');
  const abs = Math.abs(hours);
  const text = abs >= 48 ? ticketMessage(lang, 'ticket.daysHours', { d: Math.floor(abs / 24), h: abs % 24 }) : ticketMessage(lang, 'ticket.hours', { h: abs });
  return ticketMessage(lang, hours >= 0 ? 'ticket.remaining' : 'ticket.overdue', { time: text });
}

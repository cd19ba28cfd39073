// Default-value date macros for form fields (SPEC §9). Local calendar; weeks start on Monday.

export type DateMacro =
  | 'now'
  | 'month'
  | 'firstDayOfMonth'
  | 'lastDayOfMonth'
  | 'firstDayOfWeek'
  | 'lastDayOfWeek'
  | 'lastWeek';

export const DATE_MACROS: readonly DateMacro[] = [
  'now',
  'month',
  'firstDayOfMonth',
  'lastDayOfMonth',
  'firstDayOfWeek',
  'lastDayOfWeek',
  'lastWeek',
];

export function isDateMacro(v: unknown): v is DateMacro {
  return typeof v === 'string' && (DATE_MACROS as readonly string[]).includes(v);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' in local time. */
export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time. */
export function formatDateTime(d: Date): string {
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

// Built from y/m/d parts (not by adding milliseconds) so DST changes cannot shift the day.
const day = (now: Date, offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
/** Days since Monday: Monday 0 … Sunday 6. */
const sinceMonday = (d: Date) => (d.getDay() + 6) % 7;

/**
 * 'now' → 'YYYY-MM-DD HH:mm:ss' (date fields take the first 10 characters); 'month' → 'YYYY-MM';
 * the day macros → 'YYYY-MM-DD'; 'lastWeek' → [Monday, Sunday] of the previous week.
 */
export function resolveDateMacro(macro: 'lastWeek', now?: Date): [string, string];
export function resolveDateMacro(macro: Exclude<DateMacro, 'lastWeek'>, now?: Date): string;
export function resolveDateMacro(macro: DateMacro, now?: Date): string | [string, string];
export function resolveDateMacro(macro: DateMacro, now: Date = new Date()): string | [string, string] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const monday = -sinceMonday(now);
  switch (macro) {
    case 'now':
      return formatDateTime(now);
    case 'month':
      return `${y}-${pad(m + 1)}`;
    case 'firstDayOfMonth':
      return formatDate(new Date(y, m, 1));
    case 'lastDayOfMonth':
      return formatDate(new Date(y, m + 1, 0));
    case 'firstDayOfWeek':
      return formatDate(day(now, monday));
    case 'lastDayOfWeek':
      return formatDate(day(now, monday + 6));
    case 'lastWeek':
      return [formatDate(day(now, monday - 7)), formatDate(day(now, monday - 1))];
  }
}

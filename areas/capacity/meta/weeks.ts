// ISO weeks ('2026-W49'): the unit of capacity, demand due dates and allocation. Weeks are
// turned into a running number (Mondays since 1970-01-05) so the solver can do arithmetic.

export const WEEK_PATTERN = '^\\d{4}-W(0[1-9]|[1-4]\\d|5[0-3])$';
const WEEK_RE = new RegExp(WEEK_PATTERN);
const DAY = 86_400_000;
/** 1970-01-05 was a Monday. */
const EPOCH_MONDAY = Date.UTC(1970, 0, 5);

/** Monday (UTC ms) of ISO week 1 of `year`: the week holding 4 January. */
function week1Monday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const dow = (new Date(jan4).getUTCDay() + 6) % 7; // Monday = 0
  return jan4 - dow * DAY;
}

/** Number of ISO weeks in `year` (52 or 53). */
export function weeksInYear(year: number): number {
  return Math.round((week1Monday(year + 1) - week1Monday(year)) / (7 * DAY));
}

export function isWeek(s: unknown): s is string {
  if (typeof s !== 'string' || !WEEK_RE.test(s)) return false;
  return Number(s.slice(6)) <= weeksInYear(Number(s.slice(0, 4)));
}

/** '2026-W49' → running week number; throws on a malformed week (callers validate first). */
export function weekIndex(week: string): number {
  if (!isWeek(week)) throw new Error(`Not an ISO week: ${week}`);
  const monday = week1Monday(Number(week.slice(0, 4))) + (Number(week.slice(6)) - 1) * 7 * DAY;
  return Math.round((monday - EPOCH_MONDAY) / (7 * DAY));
}

/** The ISO week of a UTC date ('YYYY-MM-DD' or a Date). */
export function weekOf(date: string | Date): string {
  const ms = typeof date === 'string' ? Date.parse(`${date.slice(0, 10)}T00:00:00Z`) : Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const dow = (new Date(ms).getUTCDay() + 6) % 7;
  const thursday = ms + (3 - dow) * DAY;
  const year = new Date(thursday).getUTCFullYear();
  const n = Math.floor((thursday - week1Monday(year)) / (7 * DAY)) + 1;
  return `${year}-W${String(n).padStart(2, '0')}`;
}

/** Running week number → '2026-W49'. */
export function weekAt(index: number): string {
  return weekOf(new Date(EPOCH_MONDAY + index * 7 * DAY));
}

export function addWeeks(week: string, n: number): string {
  return weekAt(weekIndex(week) + n);
}

/** Monday of a week as 'YYYY-MM-DD'. */
export function weekMonday(week: string): string {
  return new Date(EPOCH_MONDAY + weekIndex(week) * 7 * DAY).toISOString().slice(0, 10);
}

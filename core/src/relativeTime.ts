// Relative time for inbox and comments (SPEC §9).
import { t } from './i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

// Server timestamps arrive as 'YYYY-MM-DD HH:mm[:ss]' without a zone; JS engines disagree on
// parsing that form, so it is read explicitly as local time.
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** A Date from a Date, epoch milliseconds (number or digit string), or a date string; NaN date when unreadable. */
export function toDate(time: Date | number | string): Date {
  if (time instanceof Date) return new Date(time.getTime());
  if (typeof time === 'number') return new Date(time);
  const s = String(time).trim();
  if (/^\d{10,}$/.test(s)) return new Date(Number(s));
  const m = LOCAL_RE.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = m;
    return new Date(+y, +mo - 1, +d, +h, +mi, +sec, +ms.padEnd(3, '0'));
  }
  return new Date(s);
}

/** 'YY-MM-DD HH:mm' in local time, 24-hour clock. */
export function formatShortDateTime(d: Date): string {
  return `${pad(d.getFullYear() % 100)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Boundaries (the spec leaves them open): counts are floored; under 60 s and future times are
 * 'now'; exactly 24 h is '1 day ago'; exactly 7 days is '1 week ago'; weeks run up to and
 * including 30 days (30 d → '4 weeks ago'); anything older is the absolute 'YY-MM-DD HH:mm'.
 * Unreadable input gives ''.
 */
export function relativeTime(time: Date | number | string, now: Date | number = Date.now(), lang?: unknown): string {
  const then = toDate(time).getTime();
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(then) || !Number.isFinite(nowMs)) return '';
  const diff = nowMs - then;
  const say = (unit: string, n: number) => (n === 1 ? t(lang, `time.${unit}`) : t(lang, `time.${unit}s`, { n }));
  if (diff < MINUTE) return t(lang, 'time.now');
  if (diff < HOUR) return say('minute', Math.floor(diff / MINUTE));
  if (diff < DAY) return say('hour', Math.floor(diff / HOUR));
  if (diff < 7 * DAY) return say('day', Math.floor(diff / DAY));
  if (diff <= 30 * DAY) return say('week', Math.floor(diff / (7 * DAY)));
  return formatShortDateTime(new Date(then));
}

import { describe, expect, it } from 'vitest';
import { formatShortDateTime, relativeTime, toDate } from './relativeTime';

// Local time, so the tests hold in any time zone.
const NOW = new Date(2024, 5, 30, 12, 0, 0);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('relativeTime (en)', () => {
  it.each([
    // CON-01
    [0, 'now'],
    [59 * S, 'now'],
    // CON-02
    [60 * S, '1 minute ago'],
    [5 * M, '5 minutes ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    // CON-03 (exactly 24 h → '1 day ago', our boundary)
    [H, '1 hour ago'],
    [2 * H + 30 * M, '2 hours ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [24 * H, '1 day ago'],
    // CON-04 (exactly 7 d → '1 week ago', our boundary)
    [25 * H, '1 day ago'],
    [3 * D, '3 days ago'],
    [6 * D + 23 * H, '6 days ago'],
    [7 * D, '1 week ago'],
    // CON-05 (exactly 30 d → weeks)
    [8 * D, '1 week ago'],
    [14 * D, '2 weeks ago'],
    [29 * D, '4 weeks ago'],
    [30 * D, '4 weeks ago'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeTime(ago(ms), NOW, 'en')).toBe(text);
  });

  it('future times are "now"', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5 * M), NOW, 'en')).toBe('now');
  });
});

describe('absolute time beyond 30 days (CON-06)', () => {
  it.each([
    [new Date(2024, 4, 30, 12, 0, 0), '24-05-30 12:00'],
    [new Date(2023, 0, 5, 9, 7, 33), '23-01-05 09:07'],
    [new Date(2021, 10, 3, 21, 4, 0), '21-11-03 21:04'],
  ])('%s → %s', (time, text) => {
    expect(relativeTime(time, NOW, 'en')).toBe(text);
    expect(relativeTime(time, NOW, 'zh')).toBe(text);
  });

  it('31 days ago', () => {
    expect(relativeTime(ago(31 * D), NOW, 'en')).toBe(formatShortDateTime(ago(31 * D)));
    expect(relativeTime(ago(30 * D + S), NOW, 'en')).toMatch(/^\d{2}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});

describe('Chinese (I18N-09)', () => {
  it.each([
    [10 * S, '刚刚'],
    [5 * M, '5分钟前'],
    [2 * H, '2小时前'],
    [3 * D, '3天前'],
    [14 * D, '2周前'],
    [M, '1分钟前'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeTime(ago(ms), NOW, 'zh')).toBe(text);
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });

  it('5-minute delta in both languages', () => {
    expect(relativeTime(ago(5 * M), NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(5 * M), NOW, 'zh')).toBe('5分钟前');
  });
});

describe('inputs', () => {
  it('accepts epoch ms numbers and a numeric now', () => {
    expect(relativeTime(NOW.getTime() - 2 * H, NOW.getTime(), 'en')).toBe('2 hours ago');
  });

  it("reads 'YYYY-MM-DD HH:mm:ss' strings as local time", () => {
    expect(relativeTime('2024-06-30 11:55:00', NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2023-01-05 09:07:33', NOW, 'en')).toBe('23-01-05 09:07');
    expect(toDate('2024-06-30').getTime()).toBe(new Date(2024, 5, 30).getTime());
  });

  it('reads ISO strings with a zone and epoch-ms digit strings', () => {
    const iso = new Date(NOW.getTime() - 3 * H).toISOString();
    expect(relativeTime(iso, NOW, 'en')).toBe('3 hours ago');
    expect(relativeTime(String(NOW.getTime() - 3 * D), NOW, 'en')).toBe('3 days ago');
  });

  it('unreadable input gives an empty string', () => {
    expect(relativeTime('not a date', NOW, 'en')).toBe('');
  });
});

// Dates follow the screen's language, not the browser's (issue 13).
import { describe, expect, it } from 'vitest';
import { setLang } from './index';
import { formatDate, formatDateTime } from './dates';

describe('formatDateTime', () => {
  const at = new Date(2026, 10, 24, 1, 35, 33); // local time, as the screens show it

  it('Chinese: year first, 24-hour clock', () => {
    setLang('zh');
    expect(formatDateTime(at)).toBe('2026/11/24 01:35:33');
    expect(formatDate(at)).toBe('2026/11/24');
  });

  it('English: the English locale; an explicit language wins over the screen', () => {
    setLang('zh');
    expect(formatDateTime(at, 'en')).toBe('11/24/2026 1:35:33 AM');
    setLang('en');
    expect(formatDateTime(at.toISOString())).toBe('11/24/2026 1:35:33 AM');
  });

  it('empty stays empty; unreadable text is shown as it came', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

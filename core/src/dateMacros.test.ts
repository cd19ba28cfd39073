import { describe, expect, it } from 'vitest';
import { isDateMacro, resolveDateMacro } from './dateMacros';

const d = (y: number, m: number, day: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, day, h, mi, s);

describe('resolveDateMacro', () => {
  const wed = d(2024, 3, 13, 14, 5, 9);

  it("FORM-03 'now' and 'month'", () => {
    expect(resolveDateMacro('now', wed)).toBe('2024-03-13 14:05:09');
    expect(resolveDateMacro('month', wed)).toBe('2024-03');
  });

  it.each([
    [d(2024, 3, 13), '2024-03-01', '2024-03-31'],
    [d(2024, 2, 10), '2024-02-01', '2024-02-29'],
    [d(2023, 2, 10), '2023-02-01', '2023-02-28'],
    [d(2024, 12, 31, 23, 59, 59), '2024-12-01', '2024-12-31'],
  ])('FORM-04 month of %s → %s … %s', (now, first, last) => {
    expect(resolveDateMacro('firstDayOfMonth', now)).toBe(first);
    expect(resolveDateMacro('lastDayOfMonth', now)).toBe(last);
  });

  it('FORM-05 Monday-start week and last week', () => {
    expect(resolveDateMacro('firstDayOfWeek', wed)).toBe('2024-03-11');
    expect(resolveDateMacro('lastDayOfWeek', wed)).toBe('2024-03-17');
    expect(resolveDateMacro('lastWeek', wed)).toEqual(['2024-03-04', '2024-03-10']);
  });

  it.each([
    [d(2024, 3, 11), '2024-03-11', '2024-03-17', ['2024-03-04', '2024-03-10']], // Monday
    [d(2024, 3, 17, 23, 30), '2024-03-11', '2024-03-17', ['2024-03-04', '2024-03-10']], // Sunday
    [d(2024, 1, 1), '2024-01-01', '2024-01-07', ['2023-12-25', '2023-12-31']], // across a year
    [d(2024, 3, 31), '2024-03-25', '2024-03-31', ['2024-03-18', '2024-03-24']], // DST weekend in Europe
  ])('weeks around %s', (now, first, last, lastWeek) => {
    expect(resolveDateMacro('firstDayOfWeek', now)).toBe(first);
    expect(resolveDateMacro('lastDayOfWeek', now)).toBe(last);
    expect(resolveDateMacro('lastWeek', now)).toEqual(lastWeek);
  });

  it('recognises macro names', () => {
    expect(isDateMacro('lastWeek')).toBe(true);
    expect(isDateMacro('yesterday')).toBe(false);
  });
});

// The sign-in throttle rule on its own (the API test covers it end to end).
import { describe, expect, it } from 'vitest';
import { lockedUntil, throttleKey } from './throttle';

const t0 = Date.parse('2026-01-01T10:00:00Z');
const min = (m: number) => new Date(t0 + m * 60_000);
const fail = (m: number) => ({ at: min(m), ok: false });
const ok = (m: number) => ({ at: min(m), ok: true });

describe('lockedUntil', () => {
  it('locks for 15 minutes from the fifth failure within 15 minutes', () => {
    const attempts = [fail(0), fail(1), fail(2), fail(3), fail(4)];
    expect(lockedUntil(attempts, min(5))).toEqual(min(19));
    expect(lockedUntil(attempts, min(18.9))).toEqual(min(19));
    expect(lockedUntil(attempts, min(19))).toBeNull();
  });

  it('does not lock on four failures', () => {
    expect(lockedUntil([fail(0), fail(1), fail(2), fail(3)], min(4))).toBeNull();
  });

  it('counts only failures inside one 15-minute window', () => {
    expect(lockedUntil([fail(0), fail(5), fail(10), fail(15), fail(20)], min(21))).toBeNull();
    expect(lockedUntil([fail(0), fail(5), fail(10), fail(14), fail(14.5)], min(15))).toEqual(min(29.5));
  });

  it('starts counting afresh after a success', () => {
    expect(lockedUntil([fail(0), fail(1), fail(2), ok(3), fail(4), fail(5)], min(6))).toBeNull();
  });

  it('treats usernames case-insensitively', () => {
    expect(throttleKey('  Brand.Admin ')).toBe('brand.admin');
  });
});

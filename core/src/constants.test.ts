import { describe, expect, it } from 'vitest';
import {
  AUDIO,
  AVATAR_SIZE,
  CASE_SLOTS,
  DECIMALS,
  DEFAULT_AVATAR,
  ERROR_NOTIFY_MS,
  LEVELS,
  LICENCE_MIN_SIZE,
  LOGO_SIZES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFRESH_WINDOW_S,
  REQUEST_TIMEOUT_MS,
  SUCCESS_TOAST_MS,
  TASK_STATUS,
  TICKET_STATUS,
  TRANSFER_NOTICE_MS,
  VERIFICATION_CODE_TTL_S,
  licenceImageOk,
} from './constants';

describe('durations (CON-12, CON-13, CON-14, CON-15)', () => {
  it('has the spec values', () => {
    expect(SUCCESS_TOAST_MS).toBe(2000);
    expect(ERROR_NOTIFY_MS).toBe(3000);
    expect(TRANSFER_NOTICE_MS).toBe(10000);
    expect(REQUEST_TIMEOUT_MS).toBe(200000);
  });
});

describe('session and password limits', () => {
  it('has the spec values', () => {
    expect(REFRESH_WINDOW_S).toBe(300);
    expect(VERIFICATION_CODE_TTL_S).toBe(600);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(20);
    expect(DECIMALS).toBe(4);
  });
});

describe('sizes and slots (CON-19 … CON-23)', () => {
  it('suggests 702x180 and 200x200 logos and a 200x200 avatar', () => {
    expect(LOGO_SIZES).toEqual([
      [702, 180],
      [200, 200],
    ]);
    expect(AVATAR_SIZE).toEqual({ width: 200, height: 200 });
    expect(LICENCE_MIN_SIZE).toEqual({ width: 600, height: 840 });
  });

  it.each([
    [600, 840, true],
    [1200, 1700, true],
    [599, 840, false],
    [600, 839, false],
  ])('licence image %ix%i → %s (CON-21)', (w, h, ok) => {
    expect(licenceImageOk(w, h)).toBe(ok);
  });

  it('has slots and levels 1 to 5', () => {
    expect(CASE_SLOTS).toEqual([1, 2, 3, 4, 5]);
    expect(LEVELS).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('statuses, audio, avatar', () => {
  it('ticket 0/50/100 and task 10/30', () => {
    expect(TICKET_STATUS).toEqual({ IN_PROGRESS: 0, CLOSING: 50, CLOSED: 100 });
    expect(TASK_STATUS).toEqual({ IN_PROGRESS: 10, DONE: 30 });
  });

  it('audio recorder settings (CON-17, CON-18)', () => {
    expect(AUDIO).toEqual({ bufferSize: 4096, channels: 2, exportSampleRate: 16000, bitsPerSample: 16 });
  });

  it('default avatar is a static image path', () => {
    expect(DEFAULT_AVATAR).toBe('/default-avatar.svg');
  });
});

// Business constants and limits (SPEC §4, §9). Durations in ms unless the name says seconds.

export const SUCCESS_TOAST_MS = 2000;
export const ERROR_NOTIFY_MS = 3000;
/** Out-API progress ("transfer") notice. */
export const TRANSFER_NOTICE_MS = 10000;
export const REQUEST_TIMEOUT_MS = 200000;

/**
 * Every demo user's password (README 'Demo data'): the system area's demo seed gives it to the
 * users it creates, the test harness (server/src/testing/http.ts) signs in with it.
 */
export const DEMO_PASSWORD = 'Seamline2026';

/** A token is refreshed once it is this close to expiry (seconds). */
export const REFRESH_WINDOW_S = 300;
/** Email and SMS verification codes (seconds). */
export const VERIFICATION_CODE_TTL_S = 600;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

/** Amounts and calculated fields. */
export const DECIMALS = 4;

/** Suggested logo sizes [width, height]: wide logo and square logo. */
export const LOGO_SIZES: readonly (readonly [number, number])[] = [
  [702, 180],
  [200, 200],
];
export const AVATAR_SIZE = { width: 200, height: 200 } as const;
/** Minimum size of a business licence image. */
export const LICENCE_MIN_SIZE = { width: 600, height: 840 } as const;

/** A licence image must be at least LICENCE_MIN_SIZE in both dimensions. */
export function licenceImageOk(width: number, height: number): boolean {
  return width >= LICENCE_MIN_SIZE.width && height >= LICENCE_MIN_SIZE.height;
}

/** Company case slots, composition slots. */
export const CASE_SLOTS: readonly number[] = [1, 2, 3, 4, 5];
/** Evaluation weight levels and tier price levels. */
export const LEVELS: readonly number[] = [1, 2, 3, 4, 5];

export const TICKET_STATUS = { IN_PROGRESS: 0, CLOSING: 50, CLOSED: 100 } as const;
export const TASK_STATUS = { IN_PROGRESS: 10, DONE: 30 } as const;

export const AUDIO = { bufferSize: 4096, channels: 2, exportSampleRate: 16000, bitsPerSample: 16 } as const;
/** The longest voice note: the recorder stops at 5 minutes. */
export const VOICE_NOTE_MAX_SECONDS = 300;
/**
 * The largest voice note (.wav) the server takes: what the recorder makes at most — a 44-byte header
 * and 16 kHz 16-bit mono for 5 minutes, plus a second for its quarter-second stop check
 * (9,632,044 bytes, ~9.6 MB).
 */
export const VOICE_NOTE_MAX_BYTES = 44 + AUDIO.exportSampleRate * (AUDIO.bitsPerSample / 8) * (VOICE_NOTE_MAX_SECONDS + 1);

/** Static image used when the user's avatar is empty or not an http(s) link. */
export const DEFAULT_AVATAR = '/default-avatar.svg';

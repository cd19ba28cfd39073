// How the web client reacts to a call's outcome (SPEC §7, §8), as pure decisions.
import { ERROR_NOTIFY_MS } from './constants';
import { t } from './i18n';

/** Server code for field-level validation errors in data.errors. */
export const FIELD_ERRORS_CODE = 11000;

export interface ResponseInput {
  /** HTTP status; absent when no response arrived. */
  status?: number;
  /** Parsed body (the envelope {message, code, data}) or raw text. */
  body?: unknown;
  /** The browser could not reach the server at all (offline, DNS, CORS). */
  networkError?: boolean;
  /** Aborted after REQUEST_TIMEOUT_MS. */
  timedOut?: boolean;
}

export type Outcome =
  | { kind: 'ok'; results: unknown }
  | { kind: 'signout' }
  | { kind: 'fieldErrors'; errors: Record<string, unknown>; message?: string }
  | { kind: 'notify'; text: string; durationMs: number; contactAdmin: boolean }
  | { kind: 'log'; detail: string };

interface Envelope {
  message?: unknown;
  code?: unknown;
  data?: { results?: unknown; errors?: unknown } | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const notify = (text: string, contactAdmin = false): Outcome => ({
  kind: 'notify',
  text,
  durationMs: ERROR_NOTIFY_MS,
  contactAdmin,
});

/**
 * Rules, in order:
 * 1. network error → log only;
 * 2. timeout or no response → 'server error' with contact-administrator;
 * 3. HTTP 401 → sign out;
 * 4. code 11000 with an errors object in data.errors (whatever the status) → field errors;
 * 5. HTTP 2xx with message 'OK' → success with data.results;
 * 6. code 400 with a non-empty message on HTTP 2xx or 400 → that message as is;
 * 7. other HTTP status ≥ 300 → 'submit information is wrong: {message}' or '{status} service
 *    not found', with contact-administrator when the code or the status is 500;
 * 8. anything else → 'operated failed'.
 */
export function interpretResponse(input: ResponseInput, lang?: unknown): Outcome {
  if (input.networkError) return { kind: 'log', detail: 'network error' };
  const status = input.status;
  if (input.timedOut || status === undefined || status === null || status === 0) {
    return notify(t(lang, 'error.serverError'), true);
  }
  if (status === 401) return { kind: 'signout' };

  const env: Envelope = isObject(input.body) ? input.body : {};
  const code = env.code === undefined || env.code === null || env.code === '' ? NaN : Number(env.code);
  const message = typeof env.message === 'string' ? env.message : '';
  const data = isObject(env.data) ? env.data : {};

  if (code === FIELD_ERRORS_CODE && isObject(data.errors)) {
    return { kind: 'fieldErrors', errors: data.errors, ...(message ? { message } : {}) };
  }
  const httpOk = status >= 200 && status < 300;
  if (httpOk && message === 'OK') return { kind: 'ok', results: data.results };
  if (code === 400 && message && (httpOk || status === 400)) return notify(message);
  if (status >= 300) {
    const text = message
      ? t(lang, 'error.submitWrong', { message })
      : t(lang, 'error.serviceNotFound', { status });
    return notify(text, code === 500 || status === 500);
  }
  return notify(t(lang, 'error.operatedFailed'));
}

/** A field's server errors as shown under it: untranslated, joined with ',' ('too long,exists'). */
export function joinFieldErrors(list: unknown): string {
  if (Array.isArray(list)) return list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(',');
  return list === null || list === undefined ? '' : typeof list === 'string' ? list : JSON.stringify(list);
}

/** Errors that match no form field, shown as one toast: 'Save failed！' + the texts ('Save failed！bad'). */
export function saveFailedText(texts: readonly string[], lang?: unknown): string {
  return t(lang, 'form.saveFailedPrefix') + texts.join(',');
}

/**
 * Splits 11000 errors into those for known form fields (joined per field) and the texts of the
 * rest, which go to saveFailedText.
 */
export function partitionFieldErrors(
  errors: Record<string, unknown>,
  fieldNames: readonly string[],
): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [name, list] of Object.entries(errors)) {
    const text = joinFieldErrors(list);
    if (fieldNames.includes(name)) fields[name] = text;
    else if (text) rest.push(text);
  }
  return { fields, rest };
}

/**
 * The action a failed call performed, named at the top of its notification with the §8 common
 * message ('Save Failed!', 'deletion failed', …) above the detail of rules 2-8 (REQ-23/25).
 * 'load' failures are shown in place by the screen ('Loading failed', or 'illegal request' for a
 * malformed or foreign id: loadFailureKey).
 */
export type FailureKind = 'save' | 'operate' | 'delete' | 'submit' | 'publish' | 'sync';

export const FAILURE_MESSAGE_KEYS: Readonly<Record<FailureKind, string>> = {
  save: 'common.saveFailed',
  operate: 'common.operatedFailed',
  delete: 'common.deletionFailed',
  submit: 'common.submitFailed',
  publish: 'common.publishFailed',
  sync: 'common.syncFailed',
};

/**
 * What a call does, from its method and its path's last segment (the spec's verbs: save,
 * task-save, save-setting; delete, task-remove, remove-favourite-menus; submit; publish);
 * null for a read (GET), whose failure the screen shows in place. Anything else is an operation.
 */
export function failureKindOf(method: string, path: string): FailureKind | null {
  if (method === 'GET') return null;
  if (method === 'DELETE') return 'delete';
  const last = path.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';
  if (/^(delete|remove)$|-(delete|remove)$|^(delete|remove)-/.test(last)) return 'delete';
  if (/^submit$|-submit$/.test(last)) return 'submit';
  if (/^publish$|-publish$/.test(last)) return 'publish';
  if (/^save$|-save$|^save-/.test(last)) return 'save';
  return 'operate';
}

/** HTTP statuses of a read refused for its id (malformed, unknown, or another company's): 'illegal request'. */
export const ILLEGAL_REQUEST_STATUSES: readonly number[] = [400, 404];

/** The in-place text of a failed load (REQ-24): 'illegal request' for a refused id, else 'Loading failed'. */
export function loadFailureKey(status: number | undefined): 'common.illegalRequest' | 'common.loadingFailed' {
  return status !== undefined && ILLEGAL_REQUEST_STATUSES.includes(status) ? 'common.illegalRequest' : 'common.loadingFailed';
}

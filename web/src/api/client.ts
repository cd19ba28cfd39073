// The request client of spec §7/§8. One function does every call: token first (refreshing when
// core tokenDecision says so), form-encoded body, 200 s timeout, then core interpretResponse
// decides what the user sees.
import { FAILURE_MESSAGE_KEYS, REQUEST_TIMEOUT_MS, failureKindOf, formEncode, interpretResponse, t, tokenDecision, type FailureKind, type ResponseInput } from '@seamline/core';
import { redirectToLogin } from '../router/navigation';
import { endSession } from '../session/endSession';
import {
  forgetRefreshToken,
  rawStoredLang,
  readTokenState,
  storedLang,
  storedRefreshToken,
  storedUsername,
  storeTokens,
  type TokenSet,
} from '../session/storage';
import { sessionStore } from '../session/store';
import { doneProgress, startProgress } from '../shell/progress';
import { ApiError, FieldErrorsError, SignedOutError } from './errors';
import { notifyError } from './feedback';

export type Query = Record<string, unknown>;
export type Body = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'DELETE';

export interface CallOptions {
  query?: Query;
  body?: Body;
  /** Send the stored token (default). Public key, login and refresh go without one. */
  auth?: boolean;
  /** Show failures to the user (default). Off for calls whose failure has a quieter fallback; a
   *  function decides per failure (false: the caller handles that one itself, e.g. a warning in
   *  `data` it asks the user about) and sees the status and the envelope's `data`. */
  notify?: boolean | ((failure: { status?: number; data: Record<string, unknown> }) => boolean);
  /** On 401 or a dead session: sign out and send the browser to /login (default). Off when the
   *  caller decides where to go (the route guard, the refresh call itself, logout). */
  redirectOn401?: boolean;
  /** What the call does, named at the top of its failure notification (§8 'Save Failed!',
   *  'deletion failed', 'sync failed', …); by default core failureKindOf(method, path). */
  failure?: FailureKind | null;
}

/** Relative base: calls always go to the page's own origin (REQ-01). */
export const API_BASE = '/api/';
export const REFRESH_PATH = 'utilsapi/access/refresh-token'; // no token param (it is being replaced)

/** '/api/<path>?<query>&token=…'. Object query values (q, p) travel as JSON. */
export function apiUrl(path: string, query?: Query, token?: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    params.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  if (token) params.set('token', token);
  const qs = params.toString();
  return API_BASE + path.replace(/^\/+/, '') + (qs ? `?${qs}` : '');
}

/** One HTTP exchange reduced to what interpretResponse needs. */
async function send(method: Method, url: string, body?: Body): Promise<ResponseInput> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { 'x-seamline-lang': rawStoredLang(), Accept: 'application/json' };
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: body ? formEncode(body) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a proxy's HTML error page): interpretResponse treats it as "no server message"
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    if (timedOut) return { timedOut: true };
    // fetch rejects with a TypeError when the server cannot be reached at all.
    if (err instanceof TypeError) return { networkError: true };
    return {};
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<string> | null = null;

/** The part of the Web Locks API the refresh uses. */
interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The browser's cross-tab lock manager, or null where there is none (old browsers, plain http). */
function refreshLocks(): RefreshLocks | null {
  const locks = (globalThis.navigator as { locks?: Partial<RefreshLocks> } | undefined)?.locks;
  return typeof locks?.request === 'function' ? (locks as RefreshLocks) : null;
}

/**
 * Renews the access token; concurrent callers share one refresh request. Refresh tokens rotate and
 * a replayed one ends the whole session, so tabs of one browser (sharing localStorage) must not
 * present the same one twice: the renewal runs under a cross-tab lock, and a tab that got the lock
 * after another tab refreshed takes that tab's stored token instead of refreshing again. Without
 * Web Locks, only the in-tab single flight remains. On failure the session ends (plain sign-out,
 * plus the dead refresh token, so later checks do not retry it) and SignedOutError is thrown; the
 * caller decides where the browser goes.
 */
export function refreshToken(): Promise<string> {
  const presented = storedRefreshToken();
  const locks = refreshLocks();
  refreshing ??= (locks ? locks.request('seamline-refresh', () => renewToken(presented)) : renewToken(presented)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renewToken(presented: string | null): Promise<string> {
  const stored = readTokenState();
  if (stored.refreshtoken !== presented && tokenDecision(stored) === 'use') {
    // Another tab rotated the tokens while this one waited for the lock.
    sessionStore.update({ token: stored.token as string, tokenexpire: Number(stored.tokenexpire) });
    return stored.token as string;
  }
  try {
    const set = await call<TokenSet>('POST', REFRESH_PATH, {
      auth: false,
      notify: false,
      redirectOn401: false,
      body: { username: storedUsername() ?? '', refresh_token: storedRefreshToken() ?? '' },
    });
    if (!set || typeof set.token !== 'string' || !set.token) throw new ApiError('refresh gave no token', false);
    storeTokens(set);
    sessionStore.update({ token: set.token, tokenexpire: set.tokenexpire });
    return set.token;
  } catch {
    endSession(false);
    forgetRefreshToken();
    throw new SignedOutError();
  }
}

/** A usable access token per core tokenDecision, refreshing first when needed; SignedOutError otherwise. */
export async function validToken(): Promise<string> {
  const state = readTokenState();
  const decision = tokenDecision(state);
  if (decision === 'use') return state.token as string;
  if (decision === 'refresh') return refreshToken();
  endSession(false);
  throw new SignedOutError();
}

/** The `data` object of an error envelope, else {}. */
function envelopeData(body: unknown): Record<string, unknown> {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** Any call. Resolves with data.results; rejects with an ApiError after telling the user. */
export async function call<T = unknown>(method: Method, path: string, opts: CallOptions = {}): Promise<T> {
  const auth = opts.auth !== false;
  const redirect = opts.redirectOn401 !== false;
  let token: string | null = null;
  if (auth) {
    try {
      token = await validToken();
    } catch (err) {
      if (err instanceof SignedOutError && redirect) redirectToLogin();
      throw err;
    }
  }
  startProgress();
  let input: ResponseInput;
  try {
    input = await send(method, apiUrl(path, opts.query, token), opts.body);
  } finally {
    doneProgress();
  }
  const lang = storedLang();
  const outcome = interpretResponse(input, lang);
  switch (outcome.kind) {
    case 'ok':
      return outcome.results as T;
    case 'signout':
      if (redirect) {
        endSession(false);
        redirectToLogin();
      }
      throw new SignedOutError();
    case 'fieldErrors':
      throw new FieldErrorsError(outcome.errors, outcome.message);
    case 'notify': {
      const data = envelopeData(input.body);
      const notify = typeof opts.notify === 'function' ? opts.notify({ status: input.status, data }) : opts.notify !== false;
      const kind = opts.failure === undefined ? failureKindOf(method, path) : opts.failure;
      if (notify) notifyError(outcome.text, outcome.contactAdmin, kind ? t(lang, FAILURE_MESSAGE_KEYS[kind]) : undefined);
      const body = input.body as { message?: unknown } | null | undefined;
      throw new ApiError(outcome.text, notify, input.status, data, typeof body?.message === 'string' ? body.message : '');
    }
    case 'log':
      // Network errors are only logged (spec §8, REQ-13).
      console.warn(`[api] ${method} /api/${path.replace(/^\/+/, '')}: ${outcome.detail}`);
      throw new ApiError(outcome.detail, false, input.status);
  }
}

export const api = {
  get: <T = unknown>(path: string, query?: Query, opts?: Omit<CallOptions, 'query' | 'body'>) =>
    call<T>('GET', path, { ...opts, query }),
  post: <T = unknown>(path: string, body: Body = {}, opts?: Omit<CallOptions, 'body'>) =>
    call<T>('POST', path, { ...opts, body }),
  delete: <T = unknown>(path: string, query?: Query, opts?: Omit<CallOptions, 'query' | 'body'>) =>
    call<T>('DELETE', path, { ...opts, query }),
};

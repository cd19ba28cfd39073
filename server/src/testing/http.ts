// A small HTTP client for API tests: real requests against a listening server.
import { constants, publicEncrypt } from 'node:crypto';
import { DEMO_PASSWORD } from '@seamline/core';

export interface ApiResponse<T = any> {
  status: number;
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** Sent as Authorization: Bearer instead of the `token` query parameter. */
  bearer?: string;
  query?: Record<string, string>;
  /** application/x-www-form-urlencoded fields. */
  form?: Record<string, string>;
  /** An application/json body. */
  json?: unknown;
  headers?: Record<string, string>;
}

export type Caller = <T = any>(method: string, path: string, options?: CallOptions) => Promise<ApiResponse<T>>;

/** `path` is relative to /api/, e.g. 'utilsapi/access/user-state'; a leading '/' means as is. */
export function apiCaller(baseUrl: string): Caller {
  return async (method, path, options = {}) => {
    const url = new URL(path.startsWith('/') ? path : `/api/${path}`, baseUrl);
    for (const [k, v] of Object.entries({ ...options.query, ...(options.token ? { token: options.token } : {}) })) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
}

/** What the web client does: RSA-OAEP (SHA-256) over the JSON credentials, base64. */
export function encryptCredentials(publicKeyPem: string, credentials: { username: string; password: string }): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify(credentials)),
  ).toString('base64');
}

export interface LoginResults {
  token: string;
  tokenexpire: number;
  refreshtoken: string;
  refreshexpire: number;
  username: string;
  lang: string;
}

/** Signs in through the real endpoints; returns the raw response (check status yourself). */
export async function loginResponse(call: Caller, username: string, password = DEMO_PASSWORD, headers?: Record<string, string>) {
  const key = await call('GET', 'utilsapi/access/public-key');
  const DATA = encryptCredentials(key.body.data.results.publicKey, { username, password });
  return call('POST', 'utilsapi/access/login', { form: { DATA }, headers });
}

/** Signs in and returns the tokens; throws unless it worked. */
export async function login(call: Caller, username: string, password = DEMO_PASSWORD): Promise<LoginResults> {
  const res = await loginResponse(call, username, password);
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}

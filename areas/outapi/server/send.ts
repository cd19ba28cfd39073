// One signed HTTP request to an outside system (docs/outapi.md 'Signature'): the body is JSON,
// X-Seamline-Signature is `sha256=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`), the
// timestamp (Unix seconds) travels in X-Seamline-Timestamp so a receiver can refuse old replays,
// and Idempotency-Key names the delivery so a receiver drops a repeat after a crash mid-send.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { BlockedTarget, guardedLookup, isPrivateAddress, parseTarget, type TargetPolicy } from './targets';

export const SIGNATURE_HEADER = 'x-seamline-signature';
export const TIMESTAMP_HEADER = 'x-seamline-timestamp';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Headers a config may not set: ours, and those the request itself decides. */
const RESERVED = new Set([SIGNATURE_HEADER, TIMESTAMP_HEADER, IDEMPOTENCY_HEADER, 'content-type', 'content-length', 'host', 'transfer-encoding', 'connection']);

export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface Outgoing {
  url: string;
  method: string;
  body: string;
  secret?: string | null;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  timeoutMs: number;
  policy: TargetPolicy;
}

export interface Answer {
  status: number | null;
  ok: boolean;
  /** Why it failed: the network error, or the start of the reply. */
  error: string | null;
  text: string;
  /** Refused by the target policy: no retry can help. */
  blocked?: boolean;
}

/** Config headers as sent: string values only, reserved names dropped. */
export function extraHeaders(raw: unknown): Record<string, string> {
  if (raw === null || raw === undefined || raw === '') return {};
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (typeof value !== 'object' || Array.isArray(value) || value === null) throw new Error('headers must be an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(k) || /[\r\n]/.test(v)) throw new Error('bad header');
    if (!RESERVED.has(k.toLowerCase())) out[k] = v;
  }
  return out;
}

const MAX_REPLY = 64 * 1024;

export function send(out: Outgoing): Promise<Answer> {
  const url = parseTarget(out.url);
  if (!url) return Promise.resolve({ status: null, ok: false, error: 'not an http(s) address', text: '' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !out.policy.allowPrivate && !out.policy.allowHosts.includes(host) && isPrivateAddress(host)) {
    return Promise.resolve({ status: null, ok: false, error: new BlockedTarget(host).message, text: '', blocked: true });
  }
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    ...out.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(out.body)),
    [TIMESTAMP_HEADER]: timestamp,
  };
  if (out.secret) headers[SIGNATURE_HEADER] = sign(out.secret, timestamp, out.body);
  if (out.idempotencyKey) headers[IDEMPOTENCY_HEADER] = out.idempotencyKey;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(url, { method: out.method, headers, timeout: out.timeoutMs, lookup: guardedLookup(out.policy, host) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < MAX_REPLY) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8').slice(0, MAX_REPLY);
        const ok = status >= 200 && status < 300;
        resolve({ status, ok, error: ok ? null : `HTTP ${status} ${text.slice(0, 200)}`.trim(), text });
      });
      res.on('error', (e) => resolve({ status: res.statusCode ?? null, ok: false, error: e.message, text: '' }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${out.timeoutMs} ms`)));
    req.on('error', (e) => resolve({ status: null, ok: false, error: e.message, text: '', blocked: e instanceof BlockedTarget }));
    req.end(out.body);
  });
}

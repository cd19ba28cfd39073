// An S3-compatible bucket (AWS S3, MinIO, Ceph, OSS/COS in S3 mode) behind FileStorage, signed
// with AWS Signature Version 4 over node:crypto and fetch — no SDK. Path-style addressing
// (`<endpoint>/<bucket>/<key>`), which every S3-compatible server accepts.
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from '../engine/transfer/files';

export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3_BUCKET turns it on; S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY complete it. */
export function s3ConfigFrom(env: Record<string, string | undefined>): S3Config | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) return null;
  const region = env.S3_REGION || 'us-east-1';
  const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(' and ')} is not`);
  return {
    endpoint: (env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    bucket,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  /** yyyymmddThhmmssZ */
  amzDate: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The Authorization header of AWS Signature Version 4 (headers must include host and x-amz-date). */
export function signV4(i: SignInput): string {
  const service = i.service ?? 's3';
  const lower = Object.fromEntries(Object.entries(i.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]));
  const names = Object.keys(lower).sort();
  const query = [...i.url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = i.url.pathname.split('/').map((seg) => encode(decodeURIComponent(seg))).join('/');
  const canonical = [i.method, path, query, names.map((n) => `${n}:${lower[n]}\n`).join(''), names.join(';'), i.payloadHash].join('\n');
  const day = i.amzDate.slice(0, 8);
  const scope = `${day}/${i.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', i.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

export class S3Storage implements FileStorage {
  constructor(
    readonly config: S3Config,
    /** Prefix of every object key, e.g. 'attachments/'. */
    readonly prefix = '',
  ) {}

  private async request(method: string, key: string, body?: Buffer): Promise<Response> {
    const url = new URL(`${this.config.endpoint}/${this.config.bucket}/${this.prefix}${key}`);
    const payloadHash = sha256(body ?? '');
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    const { region, accessKeyId, secretAccessKey } = this.config;
    const authorization = signV4({ method, url, headers, payloadHash, amzDate, region, accessKeyId, secretAccessKey });
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, body: body ? new Uint8Array(body) : undefined });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const res = await this.request('PUT', key, bytes);
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const res = await this.request('GET', key);
    if (res.status === 404 || res.status === 403) return null;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
    const size = Number(res.headers.get('content-length') ?? 0);
    return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size };
  }

  async remove(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
  }
}

// Binary answers (workbooks, stored files) from inside an `api` handler. The helper wraps return
// values in the JSON envelope, so these take the reply over (Fastify's hijack) and write it
// themselves; anything thrown before that still answers in the envelope.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/** Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachment(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export interface SendOptions {
  type: string;
  /** A download name; absent → shown inline. */
  filename?: string;
  /** Cache-Control (default no-store). */
  cache?: string;
}

function headers(length: number, o: SendOptions): Record<string, string | number> {
  return {
    'content-type': o.type,
    'content-length': length,
    'content-disposition': o.filename ? attachment(o.filename) : 'inline',
    'cache-control': o.cache ?? 'no-store',
    'x-content-type-options': 'nosniff',
  };
}

/** Sends a file from disk. */
export async function sendPath(reply: FastifyReply, path: string, o: SendOptions): Promise<void> {
  const { size } = await stat(path);
  reply.hijack();
  reply.raw.writeHead(200, headers(size, o));
  try {
    await pipeline(createReadStream(path), reply.raw);
  } catch (err) {
    reply.log.debug({ err }, 'download interrupted');
    reply.raw.destroy();
  }
}

/** Sends bytes held in memory (small files: templates, stored reports). */
export function sendBytes(reply: FastifyReply, bytes: Buffer, o: SendOptions): void {
  reply.hijack();
  reply.raw.writeHead(200, headers(bytes.length, o));
  reply.raw.end(bytes);
}

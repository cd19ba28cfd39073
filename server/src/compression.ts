// API answers above a threshold go out compressed (brotli, else gzip) when the client accepts it.
// A root onSend hook rather than @fastify/compress: that plugin hooks routes through onRoute, so it
// misses the routes buildApp declares before plugins load. Static files are pre-compressed at build
// time (web/build/precompress.ts) and streams (downloads, socket.io) are left alone.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Below this the bytes saved do not pay for the work (and small answers fit one packet anyway). */
export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(application\/json|text\/)/;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    // Quality 4: near gzip-9 size at a fraction of brotli's default (11) cost, per request.
    const body = encoding === 'br'
      ? await br(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : await gz(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

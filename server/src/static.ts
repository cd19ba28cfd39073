// The built web app: files from web/dist, and index.html for every other non-API GET so the
// client router can draw the page (including its own not-found page). Unknown /api/… and missing
// /assets/… files → 404 envelope. The build writes .br/.gz beside each file (web/build/precompress.ts):
// they are sent as they are.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './envelope';
import { notFound } from './errors';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The build's own files: one that is not there is missing, never a page. index.html in its place
 * would reach the browser as a script or stylesheet (`MIME type text/html`, a white screen).
 */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/');
}

/** Served when the build has no robots.txt of its own: crawlers may see the sign-in page, not the API. */
export const ROBOTS_TXT = 'User-agent: *\nAllow: /login\nDisallow: /api/\nDisallow: /files/\n';

function sendNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = errorResponse(notFound(), req.lang);
  return reply.code(status).send(body);
}

/**
 * index.html, read at each visit: it names the current asset files, so it is always revalidated, and
 * a rebuild may have switched web/dist since the last one (`npm start`, docs/server.md). Read here
 * rather than by @fastify/static's sendFile: from inside the not-found handler a missing file made
 * sendFile call the not-found handler again, which Fastify answers with a bare 404 ('Trying to send
 * a NotFound error inside a 404 handler', issue 22).
 */
async function sendPage(req: FastifyRequest, reply: FastifyReply, webDist: string): Promise<FastifyReply> {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const variants: Array<[string, string | undefined]> = [['', undefined]];
  if (/\bgzip\b/.test(accepted)) variants.unshift(['.gz', 'gzip']);
  if (/\bbr\b/.test(accepted)) variants.unshift(['.br', 'br']);
  for (const [ext, encoding] of variants) {
    let body: Buffer;
    try {
      body = await readFile(join(webDist, `index.html${ext}`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag).type('text/html; charset=utf-8');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }
  return sendNotFound(req, reply);
}

export function registerWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const spa = !!webDist && existsSync(join(webDist, 'index.html'));
  if (spa) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      preCompressed: true,
      // Vite fingerprints everything under assets/: cache forever; everything else revalidates.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (req, reply) => sendPage(req, reply, webDist));
  }
  if (!spa || !existsSync(join(webDist!, 'robots.txt'))) {
    app.get('/robots.txt', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT));
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const page = spa && (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url) && !isAssetPath(req.url);
    return page ? sendPage(req, reply, webDist) : sendNotFound(req, reply);
  });
}

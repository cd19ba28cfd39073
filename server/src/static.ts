// The built web app: files from web/dist, and index.html for every other non-API GET so the
// client router can draw the page (including its own not-found page). Unknown /api/… → 404 envelope.
// The build writes .br/.gz beside each file (web/build/precompress.ts): they are sent as they are.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './envelope';
import { notFound } from './errors';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Served when the build has no robots.txt of its own: crawlers may see the sign-in page, not the API. */
export const ROBOTS_TXT = 'User-agent: *\nAllow: /login\nDisallow: /api/\nDisallow: /files/\n';

export function registerWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const spa = !!webDist && existsSync(join(webDist, 'index.html'));
  // index.html names the current asset files, so it is always revalidated.
  const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
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
    app.get('/', (_req, reply) => page(reply));
  }
  if (!spa || !existsSync(join(webDist!, 'robots.txt'))) {
    app.get('/robots.txt', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT));
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (spa && !isApiPath(req.url) && (req.method === 'GET' || req.method === 'HEAD')) return page(reply);
    const { status, body } = errorResponse(notFound(), req.lang);
    return reply.code(status).send(body);
  });
}

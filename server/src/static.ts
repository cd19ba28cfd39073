// The built web app: files from web/dist, and index.html for every other non-API GET so the
// client router can draw the page (including its own not-found page). Unknown /api/… → 404 envelope.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './envelope';
import { notFound } from './errors';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function registerWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const spa = !!webDist && existsSync(join(webDist, 'index.html'));
  // index.html names the current asset files, so it is always revalidated.
  const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  if (spa) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Vite fingerprints everything under assets/: cache forever; everything else revalidates.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_req, reply) => page(reply));
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (spa && !isApiPath(req.url) && (req.method === 'GET' || req.method === 'HEAD')) return page(reply);
    const { status, body } = errorResponse(notFound(), req.lang);
    return reply.code(status).send(body);
  });
}

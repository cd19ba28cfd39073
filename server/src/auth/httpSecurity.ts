// The HTTP side of the security rules (docs/security.md): each request's session-bus scope, the
// security headers of every answer (helmet), no-store on every API answer, and the
// per-address limits on sign-in, reset and sign-up (ipRateLimit.ts).
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { registerIpRateLimit } from './ipRateLimit';
import { registerSessionBus } from './sessionBus';

/**
 * What the web app needs and nothing more: its own scripts (Vite emits no inline script);
 * inline styles, because Ant Design writes its CSS-in-JS into <style> elements at run time;
 * images from /files, data: (QR codes, signatures), blob: (previews) and any http(s) address, because
 * a person's avatar may be an external http link that the spec shows as it is (SES-06: only an empty
 * or non-http avatar falls back to the default image); socket.io on the same origin ('self' covers
 * ws/wss there); no framing by anyone.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests: a plain-HTTP deployment (or a test) would lose its own assets.
  upgradeInsecureRequests: null,
};

export function registerSecurity(app: FastifyInstance, { db }: { config: Config; db: Db }): void {
  registerSessionBus(app);
  registerIpRateLimit(app, db, process.env.REDIS_URL || undefined);
  // helmet's middleware built once: @fastify/helmet built it (parsing the policy) on every request,
  // 6% of a cached user-state's CPU (issue 12).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // The web app opens no cross-origin windows it talks to; files are same-origin.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  // API answers carry sessions, tokens and a user's data: never stored by a browser or a proxy.
  app.addHook('onSend', async (req, reply) => {
    if ((req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

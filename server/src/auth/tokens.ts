// Opaque tokens: 32 random bytes, base64url. Only their SHA-256 hashes are stored, so a database
// leak does not hand out live sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token from query `token` (spec §7) or `Authorization: Bearer …`. */
export function tokenOf(req: FastifyRequest): string | null {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export const secondsFrom = (now: Date, seconds: number): Date => new Date(now.getTime() + seconds * 1000);

// One-time secrets sent by mail: reset links (10 minutes), invitations (7 days) and email
// verification codes (10 minutes, spec §9). Only SHA-256 hashes are stored; a secret works once,
// and issuing a new one for the same purpose retires the user's earlier ones.
import { randomInt } from 'node:crypto';
import { and, eq, gt, hashToken, isNull, newToken, sql, type Tx } from '@seamline/server/api';
import { accountToken, type TokenPurpose } from './schema';

/** Spec §9: email (and SMS) verification codes are valid for 10 minutes; so are reset links. */
export const CODE_TTL_MS = 10 * 60_000;
export const RESET_LINK_TTL_MS = 10 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Wrong guesses a verification code survives. */
export const MAX_CODE_ATTEMPTS = 5;

export interface IssueOptions {
  purpose: TokenPurpose;
  userId: string;
  clientId?: string | null;
  ttlMs: number;
  now: Date;
  createdBy?: string | null;
}

async function retire(tx: Tx, userId: string, purpose: TokenPurpose, clientId: string | null | undefined, now: Date) {
  await tx
    .update(accountToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountToken.userId, userId),
        eq(accountToken.purpose, purpose),
        isNull(accountToken.usedAt),
        clientId ? eq(accountToken.clientId, clientId) : undefined,
      ),
    );
}

/** A new link token (random, base64url); the user's earlier unused ones of this purpose stop working. */
export async function issueToken(tx: Tx, o: IssueOptions): Promise<string> {
  await retire(tx, o.userId, o.purpose, o.clientId, o.now);
  const token = newToken();
  await tx.insert(accountToken).values({
    purpose: o.purpose,
    userId: o.userId,
    clientId: o.clientId ?? null,
    tokenHash: hashToken(token),
    expiresAt: new Date(o.now.getTime() + o.ttlMs),
    createdBy: o.createdBy ?? null,
    createdAt: o.now,
  });
  return token;
}

export interface LiveToken {
  id: string;
  userId: string;
  clientId: string | null;
  expiresAt: Date;
}

/** The token behind a link if it is unused and not expired; null for unknown, used or expired. */
export async function liveToken(tx: Tx, purpose: TokenPurpose, token: string, now: Date, lock = false): Promise<LiveToken | null> {
  if (!token) return null;
  const query = tx
    .select({ id: accountToken.id, userId: accountToken.userId, clientId: accountToken.clientId, expiresAt: accountToken.expiresAt })
    .from(accountToken)
    .where(
      and(eq(accountToken.tokenHash, hashToken(token)), eq(accountToken.purpose, purpose), isNull(accountToken.usedAt), gt(accountToken.expiresAt, now)),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markUsed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(accountToken).set({ usedAt: now }).where(eq(accountToken.id, id));
}

// A code is short, so its hash is salted with the user and the purpose: the same six digits of
// two users never share a hash, and a leaked table does not tell codes apart at a glance.
const codeHash = (userId: string, code: string) => hashToken(`EMAIL_CODE:${userId}:${code}`);

/** A six-digit email verification code for the user, valid CODE_TTL_MS. */
export async function issueCode(tx: Tx, userId: string, now: Date): Promise<string> {
  await retire(tx, userId, 'EMAIL_CODE', null, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.insert(accountToken).values({
    purpose: 'EMAIL_CODE',
    userId,
    tokenHash: codeHash(userId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

export type CodeCheck = 'ok' | 'expired' | 'invalid';

/**
 * Checks the user's latest code: 'ok' uses it up; 'expired' once its ten minutes are over;
 * 'invalid' for a wrong code (counted: after MAX_CODE_ATTEMPTS wrong ones the code is dead).
 */
export async function verifyCode(tx: Tx, userId: string, code: string, now: Date): Promise<CodeCheck> {
  const [latest] = await tx
    .select({ id: accountToken.id, tokenHash: accountToken.tokenHash, expiresAt: accountToken.expiresAt, attempts: accountToken.attempts })
    .from(accountToken)
    .where(and(eq(accountToken.userId, userId), eq(accountToken.purpose, 'EMAIL_CODE'), isNull(accountToken.usedAt)))
    .orderBy(sql`${accountToken.createdAt} desc`)
    .limit(1)
    .for('update');
  if (!latest || latest.attempts >= MAX_CODE_ATTEMPTS) return 'invalid';
  if (latest.tokenHash !== codeHash(userId, code.trim())) {
    await tx.update(accountToken).set({ attempts: latest.attempts + 1 }).where(eq(accountToken.id, latest.id));
    return 'invalid';
  }
  if (latest.expiresAt.getTime() <= now.getTime()) return 'expired';
  await markUsed(tx, latest.id, now);
  return 'ok';
}

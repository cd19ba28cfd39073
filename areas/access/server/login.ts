// access/login: decrypt the credentials, check the throttle, verify the password, open a session.
// A wrong username and a wrong password look the same from outside — same answer, and an
// unknown username still pays for one argon2 verification, so timing does not tell them apart.
import argon2 from 'argon2';
import {
  BizError, HttpError, and, appUser, asc, client, desc, eq, ne, sql, userClient, type Config, type Db, type Tx,
} from '@seamline/server/api';
import { decryptWithLoginKey } from './loginKey';
import { openSession, type TokenResults } from './sessions';
import { signupRequest } from './schema';
import { lockedError, lockOf, recordAttempt } from './throttle';

// An argon2id hash (default parameters, like real ones) of a random string nobody knows.
const DUMMY_HASH = '$argon2id$v=19$m=65536,p=4,t=3$SbfQJfhziWHu657mkkawjA$N/q823L6pVwV1mslmXJZVutYafDHMrbnzauI0bY+PQw';

interface Credentials {
  username: string;
  password: string;
}

export async function signIn(db: Db, config: Config, ciphertext: string | undefined, ip: string, now = new Date()): Promise<TokenResults> {
  const credentials = await readCredentials(db, ciphertext);
  const { lockedUntil, user } = await db.asSystem(async (tx) => ({
    lockedUntil: await lockOf(tx, credentials.username, now, ip),
    user: await findUser(tx, credentials.username),
  }));
  if (lockedUntil) throw lockedError(lockedUntil, now);
  // Outside any transaction: argon2 takes a quarter of a second and must not hold the database.
  const passwordOk = await argon2.verify(user?.passwordHash ?? DUMMY_HASH, credentials.password).catch(() => false);
  if (!user || !passwordOk) {
    await db.asSystem((tx) => recordAttempt(tx, credentials.username, false, ip, now));
    throw new BizError('auth.invalidCredentials');
  }
  if (user.status !== 'ACTIVE') throw new HttpError(403, 'auth.frozen');
  return db.asSystem(async (tx) => {
    const clientId = await defaultCompany(tx, user.id);
    if (!clientId) {
      // UNASSIGNED: no company yet. Say whether a sign-up or join request is still being reviewed.
      const [pending] = await tx
        .select({ id: signupRequest.id })
        .from(signupRequest)
        .where(and(eq(signupRequest.userId, user.id), eq(signupRequest.status, 'PENDING_ARRPOVE')))
        .limit(1);
      throw new HttpError(403, pending ? 'access.awaitingReview' : 'access.noCompany');
    }
    await recordAttempt(tx, credentials.username, true, ip, now);
    await tx.update(appUser).set({ lastLoginTime: now, lastLoginIp: ip }).where(eq(appUser.id, user.id));
    return openSession(tx, { userId: user.id, clientId, username: user.username, language: user.languageCode }, ip, config, now);
  });
}

async function readCredentials(db: Db, ciphertext: string | undefined): Promise<Credentials> {
  const plain = ciphertext ? await decryptWithLoginKey(db, ciphertext) : null;
  let parsed: unknown = null;
  try {
    parsed = plain === null ? null : JSON.parse(plain);
  } catch {
    // not JSON: refused below
  }
  const { username, password } = (parsed ?? {}) as Partial<Record<keyof Credentials, unknown>>;
  if (typeof username !== 'string' || typeof password !== 'string') throw new BizError('access.loginDataInvalid');
  if (!username.trim() || !password) throw new BizError('auth.invalidCredentials');
  return { username: username.trim(), password };
}

async function findUser(tx: Tx, username: string) {
  const [user] = await tx
    .select({
      id: appUser.id,
      username: appUser.username,
      passwordHash: appUser.passwordHash,
      status: appUser.status,
      languageCode: appUser.languageCode,
    })
    .from(appUser)
    .where(eq(sql`lower(${appUser.username})`, username.toLowerCase()));
  return user ?? null;
}

/** The company a sign-in lands in: the default membership, else the oldest one. */
export async function defaultCompany(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ clientId: userClient.clientId })
    .from(userClient)
    .innerJoin(client, eq(client.id, userClient.clientId))
    .where(and(eq(userClient.userId, userId), eq(client.status, 'ACTIVE'), eq(userClient.status, 'ACTIVE'), ne(userClient.userType, 'INVITED')))
    .orderBy(desc(userClient.isDefault), asc(userClient.createdAt))
    .limit(1);
  return row?.clientId ?? null;
}

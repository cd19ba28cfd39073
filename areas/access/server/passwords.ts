// Forgotten and changed passwords. A reset link (10 minutes, single use) goes to every active
// account with that email; the answer is the same whether or not one exists, and requests are
// throttled per email and per client address. A reset or a change ends the user's other sessions.
import argon2 from 'argon2';
import {
  R, S,
  BizError, HttpError, and, appUser, eq, exists, ne, not, sql, userClient, type Api, type Db, type Session, type Tx, sendMail,
} from '@seamline/server/api';
import { RESET_LINK_TTL_MS, issueCode, issueToken, liveToken, markUsed, verifyCode } from './accountTokens';
import { now } from './clock';
import { FieldChecker, fieldsOf } from './input';
import { publicBase, resetPasswordMail, verificationCodeMail } from './mails';
import { RESET_PER_EMAIL, RESET_PER_IP, RESET_WINDOW_MS, throttle } from './requestThrottle';
import { endUserSessions } from './sessions';
import { lockedError, lockOf, recordAttempt } from './throttle';

const ACCESS = 'utilsapi/access/';

/**
 * The signed-in user's current password in `field`, checked like a sign-in: a locked account is 429,
 * and a wrong one counts as a failed sign-in (guessing through this call is guessing a login) and
 * answers 11000 on the field. The password change and an email change need it.
 */
export async function checkCurrentPassword(db: Db, session: Session, f: FieldChecker, field: string, ip: string, at: Date): Promise<void> {
  const { lockedUntil, user } = await db.asSystem(async (tx) => ({
    lockedUntil: await lockOf(tx, session.username, at, ip),
    user: (await tx.select({ hash: appUser.passwordHash }).from(appUser).where(eq(appUser.id, session.userId)))[0],
  }));
  if (lockedUntil) throw lockedError(lockedUntil, at);
  const ok = !!user && !!f.value(field) && (await argon2.verify(user.hash, f.value(field)).catch(() => false));
  if (!ok) {
    await db.asSystem((tx) => recordAttempt(tx, session.username, false, ip, at));
    f.failKey(field, 'access.oldPasswordWrong').done();
  }
}

export function passwordRoutes(api: Api): void {
  api.post(ACCESS + 'request-password-reset-link', { schema: R.post('Mail a password-reset link', { email: S.string() }, { required: ['email'] }), auth: false }, async ({ db, config, body, ip, lang, log }) => {
    const f = new FieldChecker(fieldsOf(body), lang).check('email', [{ type: 'required', key: 'auth.emailRequired' }, 'email']);
    f.done();
    const email = f.value('email').toLowerCase();
    const at = now();
    const { wait, mails } = await db.asSystem(async (tx) => {
      const wait = await throttle(
        tx,
        [
          { kind: 'RESET_EMAIL', key: email, max: RESET_PER_EMAIL },
          { kind: 'RESET_IP', key: ip, max: RESET_PER_IP },
        ],
        RESET_WINDOW_MS,
        at,
      );
      if (wait !== null) return { wait, mails: [] };
      const users = await resettableUsers(tx, email);
      const base = publicBase(config);
      const mails = [];
      for (const u of users) {
        const token = await issueToken(tx, { purpose: 'RESET_PASSWORD', userId: u.id, ttlMs: RESET_LINK_TTL_MS, now: at });
        mails.push(resetPasswordMail({ email: u.email!, language: u.languageCode, name: u.fullName ?? u.username, username: u.username }, base, token));
      }
      return { wait: null, mails };
    });
    if (wait !== null) throw new HttpError(429, 'access.tooManyRequests', undefined, { 'retry-after': String(wait) });
    // Not awaited: the answer must not take longer when the email belongs to an account.
    for (const mail of mails) void sendMail(db, mail).catch((err) => log.error({ err }, 'reset mail failed'));
    return true;
  });

  // The new-password page asks first, so an expired link goes straight to the 'link expired' page.
  api.get(ACCESS + 'reset-password-check', { schema: R.get('Whether a reset link is still good', { query: { token: S.string() }, required: ['token'] }), auth: false }, async ({ db, query }) => {
    const token = typeof query.token === 'string' ? query.token : '';
    const found = await db.asSystem((tx) => liveToken(tx, 'RESET_PASSWORD', token, now()));
    if (!found) throw linkExpired();
    const [user] = await db.asSystem((tx) => tx.select({ username: appUser.username }).from(appUser).where(eq(appUser.id, found.userId)));
    return { username: user?.username ?? '', expires_at: found.expiresAt.toISOString() };
  });

  api.post(ACCESS + 'reset-password', { schema: R.post('Set a new password with a reset link', { token: S.string(), password: S.string() }, { required: ['token', 'password'] }), auth: false }, async ({ db, body, lang }) => {
    const f = new FieldChecker(fieldsOf(body), lang).newPassword();
    const token = f.value('token');
    f.done();
    const hash = await argon2.hash(f.value('password'));
    const at = now();
    const username = await db.asSystem(async (tx) => {
      const found = await liveToken(tx, 'RESET_PASSWORD', token, at, true);
      if (!found) return null;
      await markUsed(tx, found.id, at);
      const [user] = await tx
        .update(appUser)
        .set({ passwordHash: hash, updatedAt: at, updatedBy: found.userId })
        .where(eq(appUser.id, found.userId))
        .returning({ username: appUser.username });
      await endUserSessions(tx, found.userId, { now: at });
      // A forgotten password often follows failed sign-ins: the new one must work at once.
      await recordAttempt(tx, user!.username, true, 'reset', at);
      return user!.username;
    });
    if (!username) throw linkExpired();
    return { username };
  });

  api.post(ACCESS + 'change-password', { schema: R.post('Change my password', { oldPassword: S.string(), password: S.string() }, { required: ['oldPassword', 'password'] }), auth: true, guest: true }, async ({ db, session, body, lang, ip }) => {
    const f = new FieldChecker(fieldsOf(body), lang).check('oldPassword', ['required']).newPassword();
    f.done();
    const at = now();
    await checkCurrentPassword(db, session, f, 'oldPassword', ip, at);
    if (f.value('oldPassword') === f.value('password')) f.failKey('password', 'access.samePassword').done();
    const hash = await argon2.hash(f.value('password'));
    const ended = await db.asSystem(async (tx) => {
      await tx.update(appUser).set({ passwordHash: hash, updatedAt: at, updatedBy: session.userId }).where(eq(appUser.id, session.userId));
      return endUserSessions(tx, session.userId, { exceptSessionId: session.id, now: at });
    });
    return { ended_sessions: ended };
  });

  // Email verification codes (spec §9: valid 10 minutes): one to the user's own email, then its check.
  api.post(ACCESS + 'send-email-code', { schema: R.post('Mail me a code that confirms my e-mail address', {}), auth: true, guest: true }, async ({ db, session }) => {
    const mail = await db.asSystem(async (tx) => {
      const [u] = await tx.select().from(appUser).where(eq(appUser.id, session.userId));
      if (!u?.email) throw new BizError('access.noEmail');
      const code = await issueCode(tx, u.id, now());
      return verificationCodeMail({ email: u.email, language: u.languageCode, name: u.fullName ?? u.username }, code);
    });
    await sendMail(db, mail);
    return true;
  });

  api.post(ACCESS + 'verify-email-code', { schema: R.post('Confirm my e-mail address with the code', { code: S.string() }, { required: ['code'] }), auth: true, guest: true }, async ({ db, session, body, lang }) => {
    const f = new FieldChecker(fieldsOf(body), lang).check('code', ['required']);
    f.done();
    const result = await db.asSystem((tx) => verifyCode(tx, session.userId, f.value('code'), now()));
    if (result === 'expired') throw new BizError('access.codeExpired');
    if (result === 'invalid') throw new BizError('access.codeInvalid');
    return true;
  });
}

export const linkExpired = () => new BizError('common.linkExpired', undefined, { expired: true });

/**
 * Accounts a reset link goes to: active, with that email, and not only invited (an invitation is
 * accepted through its own link, which also chooses the username).
 */
async function resettableUsers(tx: Tx, email: string) {
  const onlyInvited = and(
    exists(tx.select({ one: sql`1` }).from(userClient).where(and(eq(userClient.userId, appUser.id), eq(userClient.userType, 'INVITED')))),
    not(exists(tx.select({ one: sql`1` }).from(userClient).where(and(eq(userClient.userId, appUser.id), ne(userClient.userType, 'INVITED'))))),
  );
  return tx
    .select({ id: appUser.id, email: appUser.email, username: appUser.username, fullName: appUser.fullName, languageCode: appUser.languageCode })
    .from(appUser)
    .where(and(eq(sql`lower(${appUser.email})`, email), eq(appUser.status, 'ACTIVE'), not(onlyInvited!)))
    .limit(10);
}

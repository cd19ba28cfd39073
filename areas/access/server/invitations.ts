// A company administrator invites a colleague by email: the colleague's account exists at once as
// an INVITED member (listed so until they accept), unusable for signing in; the mailed link (7
// days) lets them choose a username and password, which makes them a COMMON member.
import argon2 from 'argon2';
import { R, S, BizError, and, appUser, asc, client, eq, sql, stateChanged, userClient, type Api, newToken, sendMail } from '@seamline/server/api';
import { INVITATION_TTL_MS, issueToken, liveToken, markUsed } from './accountTokens';
import { USERNAME_RULE } from '../meta/account';
import { now } from './clock';
import { FieldChecker, fieldsOf } from './input';
import { invitationMail, publicBase } from './mails';
import { linkExpired } from './passwords';
import { accountToken } from './schema';
import { requireCompanyAdmin } from './signup';

/** Placeholder usernames of invited accounts until they choose one (never typed by anyone). */
const INVITED_PREFIX = '~invited-';

export function invitationRoutes(api: Api): void {
  api.post('utilsapi/access/invite', { schema: R.post('Invite a colleague by e-mail', { email: S.string(), fullname: S.string() }, { required: ['email'] }), auth: true }, async (ctx) => {
    requireCompanyAdmin(ctx.session);
    const f = new FieldChecker(fieldsOf(ctx.body), ctx.lang).check('email', [{ type: 'required', key: 'auth.emailRequired' }, 'email']);
    f.done();
    const email = f.value('email');
    const fullname = f.value('fullname') || null;
    const at = now();
    // An unusable password: nobody can sign in as an invited account before accepting.
    const unusable = await argon2.hash(newToken());
    const mail = await ctx.db.asSystem(async (tx) => {
      const members = await tx
        .select({ userId: appUser.id, type: userClient.userType })
        .from(userClient)
        .innerJoin(appUser, eq(appUser.id, userClient.userId))
        .where(and(eq(userClient.clientId, ctx.session.clientId), eq(sql`lower(${appUser.email})`, email.toLowerCase())));
      if (members.some((m) => m.type !== 'INVITED')) f.failKey('email', 'access.alreadyMemberEmail').done();
      let userId = members[0]?.userId;
      if (!userId) {
        const [user] = await tx
          .insert(appUser)
          .values({ username: INVITED_PREFIX + newToken().slice(0, 16), email, fullName: fullname, passwordHash: unusable, languageCode: ctx.lang, createdBy: ctx.session.userId, createdAt: at })
          .returning({ id: appUser.id });
        userId = user!.id;
        await tx.insert(userClient).values({ clientId: ctx.session.clientId, userId, userType: 'INVITED', isDefault: true, createdBy: ctx.session.userId });
      }
      // Inviting again sends a fresh link; the earlier one stops working.
      const token = await issueToken(tx, { purpose: 'INVITATION', userId, clientId: ctx.session.clientId, ttlMs: INVITATION_TTL_MS, now: at, createdBy: ctx.session.userId });
      const [company] = await tx.select({ name: client.name }).from(client).where(eq(client.id, ctx.session.clientId));
      const [inviter] = await tx.select({ name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})` }).from(appUser).where(eq(appUser.id, ctx.session.userId));
      return invitationMail({ email, language: ctx.lang, name: fullname ?? email }, inviter!.name, company!.name, publicBase(ctx.config), token);
    });
    const sent = await sendMail(ctx.db, mail);
    return { email, status: 'INVITED', mail_status: sent.status };
  });

  // The company's open invitations (user type INVITED), for the administrator's screen.
  api.get('utilsapi/access/invitations', { schema: R.get("My company's open invitations"), auth: true }, ({ db, session }) => {
    requireCompanyAdmin(session);
    return db.asSystem((tx) =>
      tx
        .select({
          user_id: appUser.id, email: appUser.email, fullname: appUser.fullName, user_type: userClient.userType, invited_at: userClient.createdAt,
          expires_at: sql<string | null>`(select max(t.expires_at) from ${accountToken} t where t.user_id = ${appUser.id} and t.purpose = 'INVITATION' and t.used_at is null and t.client_id = ${session.clientId})`,
        })
        .from(userClient)
        .innerJoin(appUser, eq(appUser.id, userClient.userId))
        .where(and(eq(userClient.clientId, session.clientId), eq(userClient.userType, 'INVITED')))
        .orderBy(asc(userClient.createdAt)),
    );
  });

  api.get('utilsapi/signup/invitation', { schema: R.get('What an invitation link is for', { query: { token: S.string() }, required: ['token'] }), auth: false }, async ({ db, query }) => {
    const token = typeof query.token === 'string' ? query.token : '';
    const found = await db.asSystem(async (tx) => {
      const live = await liveToken(tx, 'INVITATION', token, now());
      if (!live) return null;
      const [row] = await tx
        .select({ email: appUser.email, fullname: appUser.fullName, company_name: client.name })
        .from(appUser)
        .innerJoin(client, eq(client.id, live.clientId!))
        .where(eq(appUser.id, live.userId));
      return row ?? null;
    });
    if (!found) throw linkExpired();
    return found;
  });

  api.post('utilsapi/signup/accept-invitation', { schema: R.post('Accept an invitation: choose a username and password', { token: S.string(), username: S.string(), fullname: S.string(), password: S.string() }, { required: ['token', 'username', 'password'] }), auth: false }, async ({ db, body, lang }) => {
    const f = new FieldChecker(fieldsOf(body), lang)
      .check('fullname', ['required'])
      .check('username', [{ type: 'required', key: 'auth.usernameRequired' }, USERNAME_RULE])
      .newPassword();
    f.done();
    const hash = await argon2.hash(f.value('password'));
    const at = now();
    const username = f.value('username');
    return db.asSystem(async (tx) => {
      const live = await liveToken(tx, 'INVITATION', f.value('token'), at, true);
      if (!live) throw linkExpired();
      const [taken] = await tx.select({ id: appUser.id }).from(appUser).where(eq(sql`lower(${appUser.username})`, username.toLowerCase()));
      if (taken && taken.id !== live.userId) f.failKey('username', 'access.usernameTaken').done();
      const [member] = await tx
        .update(userClient)
        .set({ userType: 'COMMON', updatedAt: at })
        .where(and(eq(userClient.userId, live.userId), eq(userClient.clientId, live.clientId!), eq(userClient.userType, 'INVITED')))
        .returning({ id: userClient.id });
      if (!member) throw new BizError('common.linkExpired');
      await tx
        .update(appUser)
        .set({ username, fullName: f.value('fullname'), passwordHash: hash, languageCode: lang, updatedAt: at })
        .where(eq(appUser.id, live.userId));
      await markUsed(tx, live.id, at);
      // A user invited while a member elsewhere: those sessions show the new company and name.
      await stateChanged([{ userIds: [live.userId] }], tx);
      return { username };
    });
  });
}

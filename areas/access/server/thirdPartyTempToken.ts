// sf/send-temp-token (spec §7, OUT-08): hands a partner service a temporary token that stands for
// the signed-in user in the current company, for 10 minutes, so the partner can call back as that
// user without a password. The token is sealed like the sign-in state (thirdPartyFlow): nobody
// can read or make one outside the platform; the partner checks it with sf/check-temp-token.
// Where it goes is configuration (SF_TEMP_TOKEN_URL), never a hard-coded host; unset → a clear 400.
import { R, S, BizError, appUser, client, eq, type Api } from '@seamline/server/api';
import { SEALED_TTL_S, openTempToken, sealTempToken } from './thirdPartyFlow';

const SF = 'thirdpartyapi/sf/';
const SEND_TIMEOUT_MS = 15_000;

export function tempTokenRoutes(api: Api): void {
  api.post(SF + 'send-temp-token', { schema: R.post('Hand the partner service a temporary token for me', {}, { response: S.object({ sent: S.boolean(), expires_at: S.dateTime() }) }), auth: true }, async (ctx) => {
    const target = process.env.SF_TEMP_TOKEN_URL;
    if (!target || !/^https?:\/\//i.test(target)) throw new BizError('access.tempTokenNotConfigured');
    const [who] = await ctx.db.asSystem((tx) =>
      tx.select({ username: appUser.username, company: client.code }).from(appUser).innerJoin(client, eq(client.id, ctx.session.clientId)).where(eq(appUser.id, ctx.session.userId)),
    );
    const token = await sealTempToken(ctx.db, { userId: ctx.session.userId, clientId: ctx.session.clientId });
    const expiresAt = new Date(Date.now() + SEALED_TTL_S * 1000).toISOString();
    const sent = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ temp_token: token, username: who?.username ?? '', client_code: who?.company ?? '', expires_at: expiresAt }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    }).then((r) => r.ok, () => false);
    if (!sent) throw new BizError('access.tempTokenNotSent');
    return { sent: true, expires_at: expiresAt };
  });

  // The partner's call back: who the token stands for (no session: the token is the proof).
  api.post(SF + 'check-temp-token', { schema: R.post('Who a temporary token stands for (the partner\'s call)', { temp_token: S.string() }, { required: ['temp_token'], response: S.object({ username: S.string(), client_code: S.string(), expires_at: S.dateTime() }) }), auth: false }, async (ctx) => {
    const claims = await openTempToken(ctx.db, (ctx.body as Record<string, unknown>).temp_token);
    const [who] = await ctx.db.asSystem((tx) =>
      tx.select({ username: appUser.username, status: appUser.status, company: client.code }).from(appUser).innerJoin(client, eq(client.id, claims.clientId)).where(eq(appUser.id, claims.userId)),
    );
    if (!who || who.status !== 'ACTIVE') throw new BizError('access.thirdPartyStateInvalid');
    return { username: who.username, client_code: who.company, expires_at: new Date(claims.exp * 1000).toISOString() };
  });
}

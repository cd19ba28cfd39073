// utilsapi/access/…: the session API (docs/api-session.md).
import { R, S, BizError, HttpError, isUuid, stringField, type Api } from '@seamline/server/api';
import { listPlatforms, offeredPlatforms } from '../../system/server/platforms';
import { PLATFORM_ID, changeSettings } from '../../system/server/settings';
import { signIn } from './login';
import { loginKey } from './loginKey';
import { renewAccessToken, revokeSession, switchCompany } from './sessions';
import { sessionMenus, userStateText } from './userState';

const ACCESS = 'utilsapi/access/';

export function accessRoutes(api: Api): void {
  api.get(ACCESS + 'public-key', { schema: R.get('The RSA public key the login form encrypts with', { response: S.object({ publicKey: S.string('PEM') }) }), auth: false }, async ({ db }) => ({ publicKey: (await loginKey(db)).publicPem }));

  api.post(ACCESS + 'login', { schema: R.post('Sign in', { DATA: S.string('{username, password} as JSON, encrypted with public-key (RSA-OAEP, base64)') }, { required: ['DATA'], description: 'Answers the access token, its refresh token and the session; a locked account or bad credentials 400 (docs/api-session.md).' }), auth: false }, ({ db, config, body, ip }) => signIn(db, config, stringField(body, 'DATA'), ip));

  api.post(ACCESS + 'refresh-token', { schema: R.post('Renew an access token', { username: S.string(), refresh_token: S.string() }, { required: ['username', 'refresh_token'] }), auth: false }, async ({ db, config, body }) => {
    const username = stringField(body, 'username');
    const refreshToken = stringField(body, 'refresh_token');
    const renewed =
      username && refreshToken ? await db.asSystem((tx) => renewAccessToken(tx, username, refreshToken, config, new Date())) : null;
    if (!renewed) throw new HttpError(401, 'auth.refreshFailed');
    return renewed;
  });

  api.get(ACCESS + 'user-state', { schema: R.get('Who I am: user, company, roles, menus, settings, platforms, unread counts'), auth: true, unassigned: true }, ({ db, session, lang }) => userStateText(db, session, lang));

  api.post(ACCESS + 'logout', { schema: R.post('End this session', {}, { response: S.boolean() }), auth: true, guest: true, unassigned: true }, async ({ db, session }) => {
    await db.asSystem((tx) => revokeSession(tx, session.id, new Date()));
    return true;
  });

  // Only a platform the user has menus of (the user-state's platform_list) can be chosen.
  api.post(ACCESS + 'switch-plt', { schema: R.post('Switch to another platform of my menus', { platform_id: S.string() }, { required: ['platform_id'] }), auth: true, guest: true }, ({ session, body, lang, tenant }) =>
    tenant(async (tx) => {
      const offered = offeredPlatforms(await listPlatforms(tx, lang), await sessionMenus(tx, session, lang), null);
      const chosen = offered.find((p) => p.platform_id === stringField(body, 'platform_id'));
      if (!chosen) throw new BizError('system.unknownPlatform');
      await changeSettings(tx, session, (current) => ({ ...current, [PLATFORM_ID]: chosen.platform_id }));
      return chosen;
    }),
  );

  api.post(ACCESS + 'switch-token', { schema: R.post('Switch to another company of mine: a new token', { clientid: S.uuid() }, { required: ['clientid'] }), auth: true, guest: true, unassigned: true }, async ({ db, config, session, body, ip }) => {
    const target = stringField(body, 'clientid');
    const switched = isUuid(target) ? await db.asSystem((tx) => switchCompany(tx, session, target, ip, config, new Date())) : null;
    if (!switched) throw new HttpError(403, 'access.notMember');
    return switched;
  });
}


// Session transitions of spec §4: sign in, load the profile, switch platform or company, sign out.
import { api, paths, type CallOptions } from '../api';
import { queryClient } from '../api/queryClient';
import { setLang } from '../i18n';
import { go, redirectToLogin } from '../router/navigation';
import { encryptForServer } from './crypto';
import { endSession } from './endSession';
import {
  readTokenState,
  storeCrDash,
  storedToken,
  storePlatformId,
  storeTokens,
  type TokenSet,
} from './storage';
import { sessionStore } from './store';
import type { SessionUser, UserSettings } from './types';

/** GET access/user-state → the session user (data.results), kept whole so every field is exposed (SES-04). */
export async function loadUserState(opts: Pick<CallOptions, 'notify' | 'redirectOn401'> = {}): Promise<SessionUser> {
  const results = await api.get<SessionUser | null>(paths.userState, undefined, opts);
  const user: SessionUser = results && typeof results === 'object' ? { ...results } : {};
  // The profile's own expiry fields may be placeholders; the stored token set is authoritative.
  const tokens = readTokenState();
  Object.assign(user, {
    token: tokens.token,
    tokenexpire: tokens.tokenexpire,
    refreshtoken: tokens.refreshtoken,
    refreshexpire: tokens.refreshexpire,
  });
  if (user.platform_id) storePlatformId(user.platform_id);
  storeCrDash(user.cr_dash);
  sessionStore.set(user);
  return user;
}

/** The user's language_code decides the UI language at sign-in: 'en' → English, anything else Chinese. */
export function langOfUser(user: SessionUser): 'en' | 'zh' {
  return user.language === 'en' ? 'en' : 'zh';
}

/** Public key → encrypted DATA → tokens stored → profile loaded → language applied. */
export async function signIn(username: string, password: string): Promise<SessionUser> {
  const { publicKey } = await api.get<{ publicKey: string }>(paths.publicKey, undefined, { auth: false });
  const DATA = await encryptForServer(publicKey, { username, password });
  // A 401 here is a refused sign-in, not a lost session: the login page says so (no redirect).
  // The lockout (429) is the login page's to show too, in the server's own words.
  const set = await api.post<TokenSet>(paths.login, { DATA }, { auth: false, redirectOn401: false, notify: ({ status }) => status !== 429 });
  storeTokens({ ...set, username: set.username || username });
  let user: SessionUser;
  try {
    // A 401 for the profile just after the tokens came is a refused sign-in as well: no redirect
    // to the page the person is already on (which showed nothing), the login page says so.
    user = await loadUserState({ redirectOn401: false });
  } catch (err) {
    endSession(false);
    throw err;
  }
  setLang(langOfUser(user));
  return user;
}

/**
 * User-initiated sign-out: tells the server (POST access/logout, which kills the token and its
 * refresh token at once), then a full local sign-out — the refresh token is dead anyway — and
 * /login carrying the page the user was on (spec §2), so signing in again returns there.
 */
export async function signOut(): Promise<void> {
  if (storedToken()) await api.post(paths.logout, {}, { notify: false, redirectOn401: false }).catch(() => undefined);
  endSession(true);
  redirectToLogin();
}

/** POST access/switch-plt: stored platform id and the header's platform name follow (SES-21). */
export async function switchPlatform(platformId: string): Promise<void> {
  const res = await api.post<{ platform_id?: string; platform_name?: string }>(paths.switchPlatform, {
    platform_id: platformId,
  });
  const id = res?.platform_id ?? platformId;
  storePlatformId(id);
  const name = res?.platform_name ?? sessionStore.get()?.platform_list?.find((p) => p.platform_id === id)?.platform_name;
  sessionStore.update({ platform_id: id, platform_name: name ?? null });
}

/** POST access/switch-token: the other company's token set replaces ours, then its profile loads (SES-22). */
export async function switchCompany(clientid: string): Promise<void> {
  const set = await api.post<TokenSet>(paths.switchToken, { clientid });
  storeTokens(set);
  queryClient.clear();
  await loadUserState();
  go('/workspace/home', true);
}

/** POST save-setting merges personal settings; the answer is the merged settings. */
export async function saveSettings(patch: Partial<UserSettings>): Promise<UserSettings> {
  const merged = await api.post<UserSettings | null>(paths.saveSetting, { DATA: patch });
  const settings = merged && typeof merged === 'object' ? merged : { ...(sessionStore.get()?.settings ?? {}), ...patch };
  sessionStore.update({ settings });
  return settings;
}

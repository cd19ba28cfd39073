// The session's persistent half: the localStorage keys of spec §3/§9, always via core STORAGE_KEYS.
import { STORAGE_KEYS, langOf, signOutKeys, type Lang, type TokenState } from '@seamline/core';

/** What access/login, access/refresh-token and access/switch-token answer (expiries in epoch seconds). */
export interface TokenSet {
  token: string;
  tokenexpire: number | string;
  refreshtoken?: string;
  refreshexpire?: number | string;
  username?: string;
  lang?: string;
}

const get = (key: string): string | null => localStorage.getItem(key);
const put = (key: string, value: unknown) => {
  if (value === undefined || value === null || value === '') localStorage.removeItem(key);
  else localStorage.setItem(key, String(value));
};

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The inputs of core tokenDecision, read fresh on every call (another tab may have refreshed). */
export function readTokenState(): TokenState {
  return {
    now: nowSeconds(),
    token: get(STORAGE_KEYS.token),
    tokenexpire: get(STORAGE_KEYS.tokenexpire),
    refreshtoken: get(STORAGE_KEYS.refreshtoken),
    refreshexpire: get(STORAGE_KEYS.refreshexpire),
  };
}

export const storedToken = () => get(STORAGE_KEYS.token);
export const storedUsername = () => get(STORAGE_KEYS.username);
export const storedRefreshToken = () => get(STORAGE_KEYS.refreshtoken);
export const storedPlatformId = () => get(STORAGE_KEYS.platformId);

/** Stores a token set. A refresh answer may omit the refresh token: the stored one then stays. */
export function storeTokens(set: TokenSet): void {
  put(STORAGE_KEYS.token, set.token);
  put(STORAGE_KEYS.tokenexpire, set.tokenexpire);
  if (set.refreshtoken) put(STORAGE_KEYS.refreshtoken, set.refreshtoken);
  if (set.refreshexpire !== undefined && set.refreshexpire !== null) put(STORAGE_KEYS.refreshexpire, set.refreshexpire);
  if (set.username) put(STORAGE_KEYS.username, set.username);
}

export function storePlatformId(platformId: unknown): void {
  put(STORAGE_KEYS.platformId, platformId);
}

/** cr_dash is kept only while the profile has one (SES-05). */
export function storeCrDash(crDash: unknown): void {
  put(STORAGE_KEYS.crDash, crDash);
}

/** Plain sign-out removes token+tokenexpire; full also username, refresh token and platform (core signOutKeys). */
export function clearSessionKeys(full: boolean): void {
  for (const key of signOutKeys(full)) localStorage.removeItem(key);
}

/** A refresh token the server refused is useless; dropping it stops later checks from retrying it. */
export function forgetRefreshToken(): void {
  localStorage.removeItem(STORAGE_KEYS.refreshtoken);
  localStorage.removeItem(STORAGE_KEYS.refreshexpire);
}

/** The UI language: 'en' only for exactly 'en' (core langOf); default Chinese. */
export function storedLang(): Lang {
  return langOf(get(STORAGE_KEYS.lang));
}

/** The raw stored value, sent as x-seamline-lang so the server applies the same literal rule. */
export const rawStoredLang = () => get(STORAGE_KEYS.lang) ?? '';

export function storeLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
}

// Session rules shared by the web client and the server (SPEC §2, §3, §4, §6, §9).
import { DEFAULT_AVATAR, REFRESH_WINDOW_S } from './constants';

/** localStorage keys (SPEC §3, §9). */
export const STORAGE_KEYS = {
  token: 'token',
  tokenexpire: 'tokenexpire',
  username: 'username',
  refreshtoken: 'refreshtoken',
  refreshexpire: 'refreshexpire',
  lang: 'lang',
  platformId: 'platform_id',
  crDash: 'cr_dash',
} as const;

export type TokenDecision = 'use' | 'refresh' | 'signout';

export interface TokenState {
  /** Epoch seconds (the server's unit). */
  now: number;
  token?: string | null;
  /** Epoch seconds; localStorage strings are accepted. */
  tokenexpire?: number | string | null;
  refreshtoken?: string | null;
  refreshexpire?: number | string | null;
}

const seconds = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? NaN : Number(v));

/**
 * What to do before a call. The rule is the spec's, taken literally:
 * - token and more than 300 s left → 'use' (exactly 300 s left refreshes);
 * - token with ≤ 300 s left, already expired, or of unknown expiry → 'refresh', even when the
 *   refresh token is missing or expired (SES-12); the caller signs out if that refresh fails;
 * - no token but a refresh token whose expiry is still ahead (strictly) → 'refresh';
 * - otherwise → 'signout'.
 */
export function tokenDecision(s: TokenState): TokenDecision {
  if (s.token) {
    const left = seconds(s.tokenexpire) - s.now;
    return left > REFRESH_WINDOW_S ? 'use' : 'refresh';
  }
  if (s.refreshtoken && seconds(s.refreshexpire) > s.now) return 'refresh';
  return 'signout';
}

/** localStorage keys a sign-out removes: plain keeps username, refresh token and platform. */
export function signOutKeys(full: boolean): string[] {
  const plain: string[] = [STORAGE_KEYS.token, STORAGE_KEYS.tokenexpire];
  if (!full) return plain;
  return [
    ...plain,
    STORAGE_KEYS.username,
    STORAGE_KEYS.refreshtoken,
    STORAGE_KEYS.refreshexpire,
    STORAGE_KEYS.platformId,
    STORAGE_KEYS.crDash,
  ];
}

/** Only absolute http(s) links are shown; anything else (empty, relative, a bare file name) gets the default image. */
export function avatarUrl(avatar: unknown): string {
  return typeof avatar === 'string' && /^https?:\/\//.test(avatar) ? avatar : DEFAULT_AVATAR;
}

/** WeChat menus are never shown: exactly 'WECHAT_MGM', or a code starting with 'WX_' (case-sensitive, literal). */
export function isHiddenMenuCode(code: string): boolean {
  return code === 'WECHAT_MGM' || code.startsWith('WX_');
}

export function filterMenuCodes(codes: readonly string[]): string[] {
  return codes.filter((c) => !isHiddenMenuCode(c));
}

export function filterMenus<T extends { CODE: string }>(menus: readonly T[]): T[] {
  return menus.filter((m) => !isHiddenMenuCode(m.CODE));
}

export const MENU_GUIDE_CODE = 'SYS_MENU_GUIDE';

/** The menu guide is switched on by the SYS_MENU_GUIDE entry. */
export function hasMenuGuide(codes: readonly string[]): boolean {
  return codes.includes(MENU_GUIDE_CODE);
}

export interface MenuCategory {
  code: string;
  en: string;
  zh: string;
}

/** Module menus, in display order. */
export const MENU_CATEGORIES: readonly MenuCategory[] = [
  { code: 'SYS', en: 'System', zh: '系统管理' },
  { code: 'SRM', en: 'Supplier', zh: '供应商管理' },
  { code: 'FACTORY', en: 'Factory', zh: '工厂管理' },
  { code: 'SCM', en: 'Supply chain', zh: '供应链协同' },
  { code: 'PLAN', en: 'Planning', zh: '计划管理' },
  { code: 'DEV', en: 'Development', zh: '产品开发' },
  { code: 'RPT', en: 'Report', zh: '报表中心' },
  { code: 'COLLAB', en: 'Collaboration', zh: '协同办公' },
];

/**
 * Groups menu entries by CATEGORY, each group sorted by SEQ (entries without SEQ last, ties keep
 * their input order). Known categories come first in MENU_CATEGORIES order, then unknown ones in
 * order of appearance; categories without entries are absent.
 */
export function groupMenusByCategory<T extends { ID: string; CATEGORY: string; SEQ?: number }>(
  menus: readonly T[],
): Record<string, T[]> {
  const buckets = new Map<string, T[]>();
  for (const c of MENU_CATEGORIES) buckets.set(c.code, []);
  for (const m of menus) {
    const list = buckets.get(m.CATEGORY) ?? [];
    list.push(m);
    buckets.set(m.CATEGORY, list);
  }
  const seq = (m: T) => (typeof m.SEQ === 'number' ? m.SEQ : Number.POSITIVE_INFINITY);
  const out: Record<string, T[]> = {};
  for (const [cat, list] of buckets) {
    // `|| 0`: Infinity - Infinity is NaN, which must mean "equal" to keep the input order.
    if (list.length) out[cat] = [...list].sort((a, b) => seq(a) - seq(b) || 0);
  }
  return out;
}

/** Appends a favourite menu id unless already present. */
export function addFavourite(list: readonly string[], id: string): string[] {
  return list.includes(id) ? [...list] : [...list, id];
}

export function removeFavourite(list: readonly string[], id: string): string[] {
  return list.filter((x) => x !== id);
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/workspace/home';

/** Paths under /login never redirect to login again (no loops, no nested navipath). */
export function isLoginPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`);
}

// Query encoding that leaves '/' readable: /login?navipath=/sys/index/user.
const enc = (s: string) => encodeURIComponent(s).replace(/%2F/gi, '/');

const isNaviKey = (k: string) => k === 'navipath' || k.startsWith('naviparams_');

/** Pairs of a query string: '?a=1', 'a=1', or a whole '/path?a=1' / 'http://…?a=1' (query part taken). */
function queryPairs(search: string): [string, string][] {
  let q = search;
  if (/^(\/|[a-z][a-z0-9+.-]*:)/i.test(q)) q = q.includes('?') ? q.slice(q.indexOf('?') + 1) : '';
  return [...new URLSearchParams(q.replace(/^\?/, '')).entries()];
}

/**
 * The sign-out target: '/login?navipath=<path>&naviparams_<name>=<value>…&<other query>'.
 * On a /login path the current URL is returned unchanged, so redirecting is a no-op.
 */
export function loginRedirectUrl(pathname: string, params: Record<string, string>, search: string): string {
  if (isLoginPath(pathname)) return pathname + (search && !search.startsWith('?') ? `?${search}` : search);
  const parts = [`navipath=${enc(pathname)}`];
  for (const [k, v] of Object.entries(params)) parts.push(`naviparams_${enc(k)}=${enc(String(v ?? ''))}`);
  // Query keys that look like ours would be ambiguous on the way back, so they are dropped.
  for (const [k, v] of queryPairs(search)) if (!isNaviKey(k)) parts.push(`${enc(k)}=${enc(v)}`);
  return `${LOGIN_PATH}?${parts.join('&')}`;
}

/**
 * Where to go after signing in again: navipath plus the original query values. Takes the login
 * URL's search ('?navipath=…') or the whole login URL ('/login?navipath=…'). The route
 * parameters are already part of navipath, so naviparams_* are only dropped. Anything that is not
 * a same-origin absolute path (missing, '//host', '/\\host', 'http:…', a /login path) gives HOME_PATH.
 */
export function parseLoginRedirect(search: string): string {
  const pairs = queryPairs(search);
  const navipath = pairs.find(([k]) => k === 'navipath')?.[1] ?? '';
  if (!/^\/(?![/\\])/.test(navipath) || /[\u0000-\u001f\\]/.test(navipath)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(navipath, 'http://same.origin');
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== 'http://same.origin' || isLoginPath(url.pathname)) return HOME_PATH;
  const query = [...url.searchParams.entries(), ...pairs.filter(([k]) => !isNaviKey(k))]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return url.pathname + (query ? `?${query}` : '') + url.hash;
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from './constants';
import {
  MENU_CATEGORIES,
  STORAGE_KEYS,
  addFavourite,
  avatarUrl,
  filterMenuCodes,
  filterMenus,
  groupMenusByCategory,
  hasMenuGuide,
  isHiddenMenuCode,
  isLoginPath,
  loginRedirectUrl,
  parseLoginRedirect,
  removeFavourite,
  signOutKeys,
  tokenDecision,
} from './session';

describe('STORAGE_KEYS (SES-05)', () => {
  it('uses the exact spellings', () => {
    expect(STORAGE_KEYS).toEqual({
      token: 'token',
      tokenexpire: 'tokenexpire',
      username: 'username',
      refreshtoken: 'refreshtoken',
      refreshexpire: 'refreshexpire',
      lang: 'lang',
      platformId: 'platform_id',
      crDash: 'cr_dash',
    });
  });
});

describe('avatarUrl (SES-06)', () => {
  it.each([
    ['', DEFAULT_AVATAR],
    [null, DEFAULT_AVATAR],
    [undefined, DEFAULT_AVATAR],
    ['/upload/a.png', DEFAULT_AVATAR],
    ['a.jpg', DEFAULT_AVATAR],
    ['ftp://x/a.png', DEFAULT_AVATAR],
    ['http://cdn.x/a.png', 'http://cdn.x/a.png'],
    ['https://cdn.x/a.png', 'https://cdn.x/a.png'],
  ])('%j → %s', (a, out) => {
    expect(avatarUrl(a)).toBe(out);
  });
});

describe('tokenDecision (epoch seconds)', () => {
  const now = 1000000;
  it.each([
    // SES-07
    [{ now, token: 'T', tokenexpire: 1003600, refreshtoken: 'R', refreshexpire: 1086400 }, 'use'],
    [{ now, token: 'T', tokenexpire: 1000301, refreshtoken: 'R', refreshexpire: 1086400 }, 'use'],
    // SES-08 (boundary exactly 300 s left → refresh)
    [{ now, token: 'T', tokenexpire: 1000200, refreshtoken: 'R', refreshexpire: 1086400 }, 'refresh'],
    [{ now, token: 'T', tokenexpire: 1000000, refreshtoken: 'R', refreshexpire: 1086400 }, 'refresh'],
    [{ now, token: 'T', tokenexpire: 999990, refreshtoken: 'R', refreshexpire: 1086400 }, 'refresh'],
    [{ now, token: 'T', tokenexpire: 1000300, refreshtoken: 'R', refreshexpire: 1086400 }, 'refresh'],
    // SES-09 (boundary refreshexpire = now → sign out)
    [{ now, token: null, refreshtoken: 'R', refreshexpire: 1000500 }, 'refresh'],
    [{ now, refreshtoken: 'R', refreshexpire: 1086400 }, 'refresh'],
    [{ now, token: '', refreshtoken: 'R', refreshexpire: 1000000 }, 'signout'],
    // SES-10
    [{ now, refreshtoken: 'R', refreshexpire: 999999 }, 'signout'],
    [{ now }, 'signout'],
    [{ now, token: null, refreshtoken: null, refreshexpire: 1086400 }, 'signout'],
    // SES-12: literal rule still attempts the refresh
    [{ now, token: 'T', tokenexpire: 1000100, refreshtoken: 'R', refreshexpire: 999000 }, 'refresh'],
    // SES-23: lifetime only from the server's expiry
    [{ now, token: 'T', tokenexpire: now + 60, refreshtoken: 'R', refreshexpire: now + 604800 }, 'refresh'],
    [{ now, token: 'T', tokenexpire: now + 7200, refreshtoken: 'R', refreshexpire: now + 604800 }, 'use'],
    // localStorage strings; unknown expiry refreshes
    [{ now, token: 'T', tokenexpire: '1003600', refreshtoken: 'R', refreshexpire: '1086400' }, 'use'],
    [{ now, token: 'null', tokenexpire: null, refreshtoken: 'R', refreshexpire: '1086400' }, 'refresh'],
    [{ now, refreshtoken: 'R', refreshexpire: '1000500' }, 'refresh'],
  ] as const)('%j → %s', (state, out) => {
    expect(tokenDecision(state)).toBe(out);
  });
});

describe('signOutKeys', () => {
  it('SES-13 plain: only token and tokenexpire', () => {
    expect(signOutKeys(false)).toEqual(['token', 'tokenexpire']);
    for (const kept of ['username', 'refreshtoken', 'platform_id']) expect(signOutKeys(false)).not.toContain(kept);
  });

  it('SES-14 full: also username, refresh token and platform id', () => {
    const keys = signOutKeys(true);
    for (const k of ['token', 'tokenexpire', 'username', 'refreshtoken', 'refreshexpire', 'platform_id', 'cr_dash']) {
      expect(keys).toContain(k);
    }
    expect(keys).not.toContain('lang');
  });
});

describe('menu filtering', () => {
  it('CFG-08 removes WECHAT_MGM', () => {
    expect(filterMenuCodes(['WECHAT_MGM', 'SYS_USER'])).toEqual(['SYS_USER']);
  });

  it('CFG-09 removes codes starting with WX_ (case-sensitive)', () => {
    expect(filterMenuCodes(['WX_PAY', 'WX_', 'SYS_USER', 'MY_WX_X', 'wx_low'])).toEqual(['SYS_USER', 'MY_WX_X', 'wx_low']);
    expect(isHiddenMenuCode('WECHAT_MGM_X')).toBe(false);
    expect(isHiddenMenuCode('wechat_mgm')).toBe(false);
  });

  it('filters menu entries by CODE', () => {
    const menus = [
      { CODE: 'WX_PAY', ID: '1' },
      { CODE: 'SYS_USER', ID: '2' },
      { CODE: 'WECHAT_MGM', ID: '3' },
    ];
    expect(filterMenus(menus)).toEqual([{ CODE: 'SYS_USER', ID: '2' }]);
  });

  it('CFG-10 SYS_MENU_GUIDE switches the guide on', () => {
    expect(hasMenuGuide(['SYS_USER', 'SYS_MENU_GUIDE'])).toBe(true);
    expect(hasMenuGuide(['SYS_USER'])).toBe(false);
  });
});

describe('menu categories (RTE-28)', () => {
  it('are the eight modules in order with labels', () => {
    expect(MENU_CATEGORIES.map((c) => c.code)).toEqual(['SYS', 'SRM', 'FACTORY', 'SCM', 'PLAN', 'DEV', 'RPT', 'COLLAB']);
    expect(MENU_CATEGORIES.map((c) => c.en)).toEqual([
      'System',
      'Supplier',
      'Factory',
      'Supply chain',
      'Planning',
      'Development',
      'Report',
      'Collaboration',
    ]);
    for (const c of MENU_CATEGORIES) expect(c.zh).toMatch(/^[\u4e00-\u9fff]+$/);
  });

  it("entry {ID:'M1', CATEGORY:'SYS'} lands in SYS; groups sorted by SEQ, known categories first", () => {
    const menus = [
      { ID: 'M3', CATEGORY: 'SCM', SEQ: 2 },
      { ID: 'X1', CATEGORY: 'ZZZ' },
      { ID: 'M2', CATEGORY: 'SCM', SEQ: 1 },
      { ID: 'M4', CATEGORY: 'SCM' },
      { ID: 'M1', CATEGORY: 'SYS' },
      { ID: 'M5', CATEGORY: 'SCM', SEQ: 1 },
    ];
    const g = groupMenusByCategory(menus);
    expect(Object.keys(g)).toEqual(['SYS', 'SCM', 'ZZZ']);
    expect(g.SYS).toEqual([{ ID: 'M1', CATEGORY: 'SYS' }]);
    expect(g.SCM.map((m) => m.ID)).toEqual(['M2', 'M5', 'M3', 'M4']);
  });
});

describe('favourites (CFG-24)', () => {
  it('adds without duplicates, appending', () => {
    expect(addFavourite(['M1'], 'M1')).toEqual(['M1']);
    expect(addFavourite(['M1'], 'M2')).toEqual(['M1', 'M2']);
  });

  it('removes, leaving the input untouched', () => {
    const list = ['M1', 'M2'];
    expect(removeFavourite(list, 'M1')).toEqual(['M2']);
    expect(removeFavourite(list, 'M9')).toEqual(['M1', 'M2']);
    expect(list).toEqual(['M1', 'M2']);
  });
});

describe('login redirect (SES-16, SES-17, SES-18)', () => {
  it('SES-16 carries navipath, route params and other query values', () => {
    expect(loginRedirectUrl('/sys/index/user', { cata: 'sys', opt: 'user' }, '?tab=2')).toBe(
      '/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user&tab=2',
    );
    expect(loginRedirectUrl('/workspace/home', {}, '')).toBe('/login?navipath=/workspace/home');
    expect(loginRedirectUrl('/a', {}, 'q=x y&navipath=/evil')).toBe('/login?navipath=/a&q=x%20y');
  });

  it('SES-17 on /login the URL stays as it is', () => {
    expect(loginRedirectUrl('/login', {}, '?navipath=/x')).toBe('/login?navipath=/x');
    expect(loginRedirectUrl('/login/inner', {}, '')).toBe('/login/inner');
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/loginx')).toBe(false);
  });

  it('SES-18 returns to the path with its query values', () => {
    expect(parseLoginRedirect('/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user&tab=2')).toBe(
      '/sys/index/user?tab=2',
    );
    expect(parseLoginRedirect('?navipath=%2Fsys%2Findex%2Fuser&naviparams_cata=sys&tab=2&q=x%20y')).toBe(
      '/sys/index/user?tab=2&q=x%20y',
    );
    expect(parseLoginRedirect('navipath=/workspace/home')).toBe('/workspace/home');
  });

  it('round-trips', () => {
    const url = loginRedirectUrl('/zp/prod/index/wo', { cata: 'prod', opt: 'wo' }, '?a=1&b=%E8%AE%A2%E5%8D%95');
    expect(parseLoginRedirect(url.slice(url.indexOf('?')))).toBe('/zp/prod/index/wo?a=1&b=%E8%AE%A2%E5%8D%95');
  });

  it.each([
    '',
    '?tab=2',
    '?navipath=',
    '?navipath=https://evil.example/x',
    '?navipath=//evil.example/x',
    '?navipath=/\\evil.example',
    '?navipath=javascript:alert(1)',
    '?navipath=sys/index/user',
    '?navipath=/login',
    '?navipath=/login/inner',
  ])('%s → /workspace/home (only same-origin paths)', (search) => {
    expect(parseLoginRedirect(search)).toBe('/workspace/home');
  });
});

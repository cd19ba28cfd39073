// The session store and transitions (SES-01..05, SES-13, SES-14, SES-19, SES-21, SES-22, I18N-06).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@seamline/core';
import { i18n, setLang } from '../i18n';
import { registerRouter, type RouterLike } from '../router/navigation';
import { api } from '../api';
import { fakeServer } from '../test/fakeServer';
import { nowS, storeSignedIn, USER } from '../test/session';
import { loadUserState, signIn, signOut, switchCompany, switchPlatform } from './actions';
import { endSession } from './endSession';
import { sessionStore } from './store';
import type { SessionUser } from './types';

let navigate: ReturnType<typeof vi.fn<RouterLike['navigate']>>;

beforeEach(() => {
  setLang('zh');
  sessionStore.clear();
  navigate = vi.fn<RouterLike['navigate']>();
  const router: RouterLike = { navigate, state: { location: { pathname: '/workspace/home', search: '' }, matches: [] } };
  registerRouter(router);
});
afterEach(() => registerRouter(null));

/** Every field of the spec §3 session user. */
const FULL: SessionUser = {
  ...USER,
  avatar: 'https://cdn.example/a.png',
  email: 'ann@example.com',
  firstname: 'Ann',
  lastname: 'Lee',
  dashroles: ['BUYER', 'ADMIN'],
  menu_modules: [{ CATEGORY: 'SYS', TITLE: 'System', SEQ: 1, UNREAD_CT: 2 }],
  settings: { FAV_MENUS: ['M1'], PLATFORM_ID: 'SCM' },
  jointgroups: ['G1'],
  unread_total: 5,
  hasnewversion: true,
  contact_phone: '021-1234',
  contact_mobile: '13800138000',
  cr_dash: 'D1',
  vf_qty_amount: 12,
  license_type: 'STANDARD',
  shop_id: 'S1',
  rpt_theme: 'dark',
  thirdparty_username: 'ann.wx',
  global_search_version: 2,
  menu_unread: { M1: { UNREAD_CT: 2 } },
  category_unread: { SYS: 2 },
};

describe('user-state (SES-03, SES-04, SES-05)', () => {
  it('exposes every field of a full payload with the same value', async () => {
    storeSignedIn({ token: 'T1' });
    const server = fakeServer().on('GET', 'utilsapi/access/user-state', () => FULL);
    await loadUserState();
    const user = sessionStore.get();
    for (const [key, value] of Object.entries(FULL)) expect(user?.[key], key).toEqual(value);
    expect(user?.token).toBe('T1');
    expect(Number(user?.tokenexpire)).toBeGreaterThan(nowS());
    expect(user?.refreshtoken).toBe('R1');
    expect(server.calls('utilsapi/access/user-state')[0].query.get('token')).toBe('T1');
    expect(localStorage.getItem(STORAGE_KEYS.crDash)).toBe('D1');
    expect(localStorage.getItem(STORAGE_KEYS.platformId)).toBe('SCM');
  });

  it('accepts a minimal payload; no cr_dash key without cr_dash', async () => {
    storeSignedIn();
    localStorage.setItem(STORAGE_KEYS.crDash, 'OLD');
    fakeServer().on('GET', 'utilsapi/access/user-state', () => null);
    await loadUserState();
    expect(sessionStore.get()).toMatchObject({ token: 'T1' });
    expect(localStorage.getItem(STORAGE_KEYS.crDash)).toBeNull();
  });
});

async function rsaPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----`;
  return { pem, privateKey: pair.privateKey };
}

describe('sign in (SES-01, SES-02, I18N-06)', () => {
  it('encrypts the credentials into DATA, stores tokens and profile, applies the user language', async () => {
    const { pem, privateKey } = await rsaPair();
    const exp = nowS() + 7200;
    const server = fakeServer()
      .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
      .on('POST', 'utilsapi/access/login', () => ({
        token: 'T1',
        tokenexpire: exp,
        refreshtoken: 'R1',
        refreshexpire: exp + 86400,
        username: 'brand.buyer',
        lang: 'en',
      }))
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, language: 'en' }));

    await signIn('brand.buyer', 'Seamline2026');

    const login = server.calls('utilsapi/access/login')[0];
    expect([...(login.body?.keys() ?? [])]).toEqual(['DATA']);
    expect(login.rawBody).not.toContain('Seamline2026');
    expect(login.url).not.toContain('Seamline2026');
    expect(login.query.has('token')).toBe(false);
    const cipher = Uint8Array.from(atob(login.body?.get('DATA') ?? ''), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, cipher);
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ username: 'brand.buyer', password: 'Seamline2026' });

    expect(localStorage.getItem('token')).toBe('T1');
    expect(localStorage.getItem('tokenexpire')).toBe(String(exp));
    expect(localStorage.getItem('refreshtoken')).toBe('R1');
    expect(localStorage.getItem('refreshexpire')).toBe(String(exp + 86400));
    expect(localStorage.getItem('username')).toBe('brand.buyer');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(i18n.language).toBe('en');
    expect(sessionStore.get()?.fullname).toBe('Ann Lee');
  });

  it('a user whose language is not en gets Chinese', async () => {
    const { pem } = await rsaPair();
    setLang('en');
    fakeServer()
      .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
      .on('POST', 'utilsapi/access/login', () => ({ token: 'T1', tokenexpire: nowS() + 7200 }))
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, language: 'zh_CN' }));
    await signIn('brand.admin', 'x');
    expect(localStorage.getItem('lang')).toBe('zh');
  });
});

describe('sign out (SES-13, SES-14, SES-15, SES-19)', () => {
  const seed = () => {
    storeSignedIn();
    localStorage.setItem(STORAGE_KEYS.platformId, 'SCM');
    sessionStore.set(FULL);
  };

  it('plain: removes only token and tokenexpire, clears the profile', () => {
    seed();
    endSession(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('tokenexpire')).toBeNull();
    expect(localStorage.getItem('username')).toBe('ann');
    expect(localStorage.getItem('refreshtoken')).toBe('R1');
    expect(localStorage.getItem(STORAGE_KEYS.platformId)).toBe('SCM');
    expect(sessionStore.get()).toBeNull();
  });

  it('full: also username, refresh token and platform id', () => {
    seed();
    endSession(true);
    for (const key of ['token', 'tokenexpire', 'username', 'refreshtoken', STORAGE_KEYS.platformId])
      expect(localStorage.getItem(key), key).toBeNull();
  });

  it('user-initiated: POST access/logout, then /login carrying the page (navipath)', async () => {
    seed();
    const server = fakeServer().on('POST', 'utilsapi/access/logout', () => true);
    await signOut();
    expect(server.calls('utilsapi/access/logout')[0].query.get('token')).toBe('T1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?navipath=/workspace/home', { replace: true });
  });
});

describe('switching (SES-21, SES-22)', () => {
  it('platform: POST switch-plt, stored id and shown name follow', async () => {
    storeSignedIn();
    sessionStore.set(FULL);
    const server = fakeServer().on('POST', 'utilsapi/access/switch-plt', () => ({
      platform_id: 'PLM',
      platform_name: 'Product development',
    }));
    await switchPlatform('PLM');
    expect(server.calls('utilsapi/access/switch-plt')[0].body?.get('platform_id')).toBe('PLM');
    expect(localStorage.getItem(STORAGE_KEYS.platformId)).toBe('PLM');
    expect(sessionStore.get()?.platform_name).toBe('Product development');
  });

  it('company: POST switch-token, later calls carry the returned token', async () => {
    storeSignedIn({ token: 'T1' });
    sessionStore.set(FULL);
    const server = fakeServer()
      .on('POST', 'utilsapi/access/switch-token', () => ({ token: 'T2', tokenexpire: nowS() + 7200, refreshtoken: 'R2' }))
      .on('GET', 'utilsapi/access/user-state', () => ({ ...FULL, clientid: 'c2', client_name: 'Other Co.' }))
      .on('GET', 'x/y', () => 1);
    await switchCompany('c2');
    await api.get('x/y');
    expect(server.calls('utilsapi/access/switch-token')[0].body?.get('clientid')).toBe('c2');
    expect(server.calls('utilsapi/access/user-state')[0].query.get('token')).toBe('T2');
    expect(server.calls('x/y')[0].query.get('token')).toBe('T2');
    expect(sessionStore.get()?.client_name).toBe('Other Co.');
  });
});

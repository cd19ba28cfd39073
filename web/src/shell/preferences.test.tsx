// Personal preferences apply once signed in: the collapsed side menu (SIDER_COLLAPSED) survives the
// sider's first breakpoint check, and signing in without a navipath opens the START_PAGE.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { currentUrl, renderApp } from '../test/renderApp';
import { nowS, storeSignedIn, USER } from '../test/session';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setLang('en'));

async function publicKeyPem() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
}

describe('preferences after sign-in', () => {
  it('SIDER_COLLAPSED keeps the side menu collapsed', async () => {
    storeSignedIn();
    fakeServer().on('GET', 'utilsapi/access/user-state', () => ({ ...USER, settings: { ...USER.settings, SIDER_COLLAPSED: true } }));
    renderApp('/workspace/home');
    await screen.findByTestId('side-menu');
    await waitFor(() => expect(screen.getByTestId('menu-toggle').getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByTestId('side-menu').className).toContain('ant-menu-inline-collapsed');
  });

  it('signing in without a navipath opens the START_PAGE', async () => {
    const pem = await publicKeyPem();
    fakeServer()
      .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
      .on('POST', 'utilsapi/access/login', () => ({ token: 'T1', tokenexpire: nowS() + 7200, refreshtoken: 'R1', refreshexpire: nowS() + 86400, username: 'ann' }))
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, settings: { ...USER.settings, START_PAGE: '/mydash' } }));
    const { router } = renderApp('/login');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/mydash'));
  });
});

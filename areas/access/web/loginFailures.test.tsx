// Sign-in failures the person must be told about: a 401 from the sign-in call (refused, not a lost
// session) and the lockout, whose message says how long to wait.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, json, currentUrl, renderApp } from '@seamline/web/testing';

async function publicKeyPem() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
}

const notices = () => [...document.querySelectorAll('[data-testid="notify-error"]')].map((n) => n.textContent);

vi.setConfig({ testTimeout: 30_000 });

async function submitWith(answer: () => Response | Record<string, unknown>) {
  const pem = await publicKeyPem();
  const server = fakeServer()
    .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
    .on('POST', 'utilsapi/access/login', answer)
    .on('GET', 'utilsapi/access/user-state', () => json(401, { message: 'Unauthorized', code: 401 }));
  const app = renderApp('/login');
  fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'ann' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret123' } });
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(server.calls('utilsapi/access/login')).toHaveLength(1));
  return app;
}

describe('sign-in failures', () => {
  beforeEach(() => setLang('en'));

  it('a 401 from the sign-in call says the sign-in was refused and stays on the form', async () => {
    const { router } = await submitWith(() => json(401, { message: 'Unauthorized', code: 401 }));
    expect((await screen.findByTestId('login-refused')).textContent).toBe('Sign-in was refused. Check your username and password and try again.');
    expect(currentUrl(router)).toBe('/login');
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('the same in Chinese', async () => {
    setLang('zh');
    await submitWith(() => json(401, { message: 'Unauthorized', code: 401 }));
    expect((await screen.findByTestId('login-refused')).textContent).toBe('登录被拒绝，请检查用户名和密码后重试。');
  });

  it('the lockout tells how many minutes to wait, in its own words on the form', async () => {
    await submitWith(() => json(429, { message: 'Too many failed sign-in attempts, please try again in 15 minutes', code: 429 }));
    expect((await screen.findByTestId('login-refused')).textContent).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
    // Not the generic 'submit information is wrong: …' toast of other refusals.
    expect(notices().join(' ')).not.toContain('submit information is wrong');
  });

  it('a 401 for the profile right after the tokens came says the sign-in was refused, on the form', async () => {
    const { router } = await submitWith(() => ({ token: 'T9', tokenexpire: 9999999999, refreshtoken: 'R9', refreshexpire: 9999999999, username: 'ann' }));
    expect((await screen.findByTestId('login-refused')).textContent).toBe('Sign-in was refused. Check your username and password and try again.');
    expect(currentUrl(router)).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

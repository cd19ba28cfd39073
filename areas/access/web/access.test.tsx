// Sign-in and password screens in the real route table (VAL-22..24, SES-01, SES-18).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, currentUrl, renderApp, nowS, USER } from '@seamline/web/testing';

async function publicKeyPem() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
}

const toasts = () => [...document.querySelectorAll('[data-testid="toast-error"]')].map((n) => n.textContent);

// Full antd screens in jsdom on a shared two-core machine: give each test room.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => setLang('en'));

describe('/login', () => {
  it('VAL-24: blank username and password show errors and send nothing', async () => {
    const server = fakeServer();
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
    await waitFor(() => expect(toasts()).toContain('Please correct the input error, before submit form！'));
    expect(server.requests).toHaveLength(0);
  });

  it('SES-01/SES-18: signs in and returns to navipath with its query values', async () => {
    const pem = await publicKeyPem();
    const server = fakeServer()
      .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
      .on('POST', 'utilsapi/access/login', () => ({
        token: 'T1',
        tokenexpire: nowS() + 7200,
        refreshtoken: 'R1',
        refreshexpire: nowS() + 86400,
        username: 'ann',
      }))
      .on('GET', 'utilsapi/access/user-state', () => USER);
    const { router } = renderApp('/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user&tab=2');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/sys/index/user?tab=2'));
    expect((await screen.findByTestId('user-name')).textContent).toBe('Ann Lee');
    expect(localStorage.getItem('token')).toBe('T1');
    expect(server.calls('utilsapi/access/login')[0].rawBody).not.toContain('Secret123');
  });
});

describe('/forgotpwd', () => {
  it('VAL-24: blank email shows an error and sends nothing', async () => {
    const server = fakeServer();
    renderApp('/forgotpwd/fillemail');
    fireEvent.click(await screen.findByTestId('reset-email-submit'));
    expect(await screen.findByText('Email cannot be empty')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('a valid email asks for the reset link', async () => {
    const server = fakeServer().on('POST', 'utilsapi/access/request-password-reset-link', () => true);
    renderApp('/forgotpwd/fillemail');
    fireEvent.change(await screen.findByTestId('reset-email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByTestId('reset-email-submit'));
    expect(await screen.findByTestId('reset-link-sent')).toBeTruthy();
    expect(server.requests[0].body?.get('email')).toBe('ann@example.com');
  });

  it('VAL-22/23: weak or mismatching new passwords are refused; a valid pair is posted with the token', async () => {
    const server = fakeServer()
      .on('GET', 'utilsapi/access/reset-password-check', () => ({ username: 'ann' }))
      .on('POST', 'utilsapi/access/reset-password', () => ({ username: 'ann' }));
    renderApp('/forgotpwd/newpwd?token=TK');
    fireEvent.change(await screen.findByTestId('newpwd-password'), { target: { value: 'abc123' } });
    fireEvent.change(screen.getByTestId('newpwd-repeat'), { target: { value: 'abc124' } });
    fireEvent.click(screen.getByTestId('newpwd-submit'));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(screen.getByText(/needs upper- and lower-case letters and digits/)).toBeTruthy();
    expect(server.calls('utilsapi/access/reset-password')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('newpwd-password'), { target: { value: 'Abc123' } });
    fireEvent.change(screen.getByTestId('newpwd-repeat'), { target: { value: 'Abc123' } });
    fireEvent.click(screen.getByTestId('newpwd-submit'));
    expect(await screen.findByTestId('newpwd-done')).toBeTruthy();
    const sent = server.calls('utilsapi/access/reset-password')[0].body!;
    expect([sent.get('token'), sent.get('password'), sent.get('passwordRepeat')]).toEqual(['TK', 'Abc123', 'Abc123']);
  });

  it('VAL-24: blank new password says so', async () => {
    fakeServer().on('GET', 'utilsapi/access/reset-password-check', () => ({ username: 'ann' }));
    renderApp('/forgotpwd/newpwd?token=TK');
    fireEvent.click(await screen.findByTestId('newpwd-submit'));
    expect(await screen.findByText('New password cannot be empty')).toBeTruthy();
  });
});

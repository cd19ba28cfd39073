// Third-party sign-in and binding screens (ACC-12, ACC-13, ACC-14, RTE-01, RTE-02): the network is
// stubbed at fetch; the real exchange is covered by areas/access/server/thirdParty.int.test.ts and
// e2e/thirdparty.e2e.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, json, currentUrl, renderApp, nowS, storeSignedIn, USER } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 60_000 });
// Lazily loaded screens on a shared two-core machine: room to load, never a fixed wait.
const SLOW = { timeout: 30_000 };

beforeEach(() => {
  setLang('en');
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const notConfigured = (provider: string) => () =>
  json(400, { message: `Sign-in through ${provider} is not configured on this platform; please use your Seamline account`, code: 400 });
const TOKENS = { token: 't1', tokenexpire: nowS() + 7200, refreshtoken: 'r1', refreshexpire: nowS() + 86400, username: 'brand.buyer', lang: 'en' };
const STARTED = { authorize_url: 'http://idp.test/authorize?x=1', state: 's-1', type: 'dingtalk', provider: 'DingTalk' };

describe('login page, third-party variants', () => {
  it('ACC-13: /login/ddwelcome/{client} asks dingtalk/prepared-login for that company and offers the DingTalk button', async () => {
    const server = fakeServer().on('GET', 'utilsapi/dingtalk/prepared-login', () => STARTED);
    renderApp('/login/ddwelcome/acme');
    expect((await screen.findByTestId('login-third-start', {}, SLOW)).textContent).toBe('Sign in with DingTalk');
    expect(screen.getByTestId('login-variant').textContent).toContain('acme');
    expect(server.calls('utilsapi/dingtalk/prepared-login')[0]!.query.get('client')).toBe('acme');
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('a company without the provider shows the server’s answer and keeps the password form', async () => {
    fakeServer().on('GET', 'utilsapi/dingtalk/prepared-login', notConfigured('DingTalk'));
    renderApp('/login/ddwelcome/acme');
    expect((await screen.findByTestId('login-third-answer', {}, SLOW)).textContent).toMatch(/DingTalk is not configured/);
    expect(screen.queryByTestId('login-third-start')).toBeNull();
    expect(screen.getByTestId('login-submit')).toBeTruthy();
  });

  it('the provider’s answer for a flow this browser started is posted to access/dd-login and signs in', async () => {
    sessionStorage.setItem('seamline.third.state', 's-1');
    const server = fakeServer()
      .on('POST', 'utilsapi/access/dd-login', () => TOKENS)
      .on('GET', 'utilsapi/access/user-state', () => USER);
    const { router } = renderApp('/login/ddwelcome/acme?code=c-1&state=s-1');
    await waitFor(() => expect(currentUrl(router)).not.toMatch(/^\/login/), SLOW);
    const body = server.calls('utilsapi/access/dd-login')[0]!.body!;
    expect([body.get('code'), body.get('state')]).toEqual(['c-1', 's-1']);
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('an answer carrying a state this browser did not start is refused without asking the server', async () => {
    sessionStorage.setItem('seamline.third.state', 'mine');
    const server = fakeServer();
    renderApp('/login/ddwelcome/acme?code=c-1&state=someone-elses');
    expect((await screen.findByTestId('login-third-answer', {}, SLOW)).textContent).toBe('This sign-in link has expired or was not started here; please start again');
    expect(server.calls('utilsapi/access/dd-login')).toHaveLength(0);
  });

  it('names the provider in the UI’s language, never its raw type or a name fetched in the other language (issue 23)', async () => {
    setLang('zh');
    // The server named it while the page was Chinese; the page then switches to English.
    fakeServer().on('GET', 'utilsapi/access/qw3rd-login', () => ({ ...STARTED, type: 'wx', provider: 'wx' }));
    renderApp('/login/third/wx');
    expect((await screen.findByTestId('login-third-start', {}, SLOW)).textContent).toBe('使用微信登录');
    expect(screen.getByTestId('login-variant').textContent).toBe('正在通过微信登录。');
    act(() => setLang('en'));
    await waitFor(() => expect(screen.getByTestId('login-third-start').textContent).toBe('Sign in with WeChat'));
    expect(screen.getByTestId('login-variant').textContent).toBe('Signing in through WeChat.');
  });

  it('the busy notice follows the language too: no "Signing you in with 钉钉…" (issue 23)', async () => {
    setLang('zh');
    // A code and state of its own: an answer is exchanged once per page load (sendOnce).
    sessionStorage.setItem('seamline.third.state', 's-busy');
    fakeServer().on('POST', 'utilsapi/access/dd-login', () => new Promise(() => undefined));
    renderApp('/login/ddwelcome/acme?code=c-busy&state=s-busy');
    expect((await screen.findByTestId('login-third-busy', {}, SLOW)).textContent).toBe('正在通过钉钉登录…');
    act(() => setLang('en'));
    await waitFor(() => expect(screen.getByTestId('login-third-busy').textContent).toBe('Signing you in with DingTalk…'));
  });

  it('ACC-14: /login/third/{type} passes the caller’s params to access/qw3rd-login', async () => {
    const server = fakeServer().on('GET', 'utilsapi/access/qw3rd-login', () =>
      json(400, { message: 'This sign-in link has expired or was not started here; please start again', code: 400 }),
    );
    renderApp('/login/third/wx?code=abc');
    expect(await screen.findByTestId('login-third-answer', {}, SLOW)).toBeTruthy();
    const q = server.calls('utilsapi/access/qw3rd-login')[0]!.query;
    expect([q.get('code'), q.get('type')]).toEqual(['abc', 'wx']);
  });

  it('an unbound id explains the link step; the password sign-in then binds it with the ticket', async () => {
    sessionStorage.setItem('seamline.third.state', 's-2');
    const pem = await publicKeyPem();
    const server = fakeServer()
      .on('GET', 'utilsapi/access/qw3rd-login', () => ({
        bound: false, type: 'wecom', provider: 'WeCom', message: 'This WeCom account is not linked to a Seamline account yet. Sign in with your Seamline username and password once to link it.', bind_ticket: 'ticket-1',
      }))
      .on('GET', 'utilsapi/access/public-key', () => ({ publicKey: pem }))
      .on('POST', 'utilsapi/access/login', () => TOKENS)
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('POST', 'thirdpartyapi/third-login/bind', () => ({ bound: true, type: 'wecom', provider: 'WeCom' }));
    const { router } = renderApp('/login/qywxwelcome?code=c-2&state=s-2');
    expect((await screen.findByTestId('login-third-unbound', {}, SLOW)).textContent).toBe('This WeCom account is not linked to a Seamline account yet. Sign in with your Seamline username and password once to link it.');
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'brand.buyer' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Seamline2026' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(server.calls('thirdpartyapi/third-login/bind')).toHaveLength(1));
    expect(server.calls('thirdpartyapi/third-login/bind')[0]!.body!.get('bind_ticket')).toBe('ticket-1');
    await waitFor(() => expect(currentUrl(router)).not.toMatch(/^\/login/), SLOW);
  });
});

describe('binding screens (signed in)', () => {
  const MINE = [
    { type: 'dingtalk', provider: 'DingTalk', configured: true, bound: true },
    { type: 'wecom', provider: 'WeCom', configured: true, bound: false },
    { type: 'wx', provider: 'WeChat', configured: false, bound: false },
  ];

  it('ACC-12/16: /page/qywxbinding starts the owner’s WeCom binding (bind-start), not someone else’s', async () => {
    storeSignedIn();
    const server = fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('GET', 'thirdpartyapi/third-login/mine', () => MINE)
      .on('GET', 'thirdpartyapi/third-login/bind-start', () => ({ ...STARTED, type: 'wecom', provider: 'WeCom', state: 's-3' }));
    renderApp('/page/qywxbinding');
    expect(await screen.findByTestId('third-row-wecom', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('third-row-dingtalk')).toBeNull();
    // Leaving for the provider is a full navigation: caught here instead of jsdom's 'not implemented'.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(screen.getByTestId('qywx-bind'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STARTED.authorize_url));
    expect(server.calls('thirdpartyapi/third-login/bind-start')[0]!.query.get('type')).toBe('wecom');
    expect(sessionStorage.getItem('seamline.third.state')).toBe('s-3');
  });

  it('ACC-12: back from WeCom, the answer goes to POST thirdpartyapi/qywx-basic/binding-qywx', async () => {
    storeSignedIn();
    sessionStorage.setItem('seamline.third.state', 's-4');
    sessionStorage.setItem('seamline.third.type', 'wecom');
    const server = fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('GET', 'thirdpartyapi/third-login/mine', () => MINE)
      .on('POST', 'thirdpartyapi/qywx-basic/binding-qywx', () => ({ bound: true, type: 'wecom', provider: 'WeCom' }));
    renderApp('/page/thirdbinding?code=c-4&state=s-4');
    expect((await screen.findByTestId('third-linked', {}, SLOW)).textContent).toBe('WeCom is linked to your account');
    expect(server.calls('thirdpartyapi/qywx-basic/binding-qywx')[0]!.body!.get('code')).toBe('c-4');
  });

  it('the profile card lists each provider’s state and unlinks only after confirming', async () => {
    storeSignedIn();
    const server = fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('GET', 'thirdpartyapi/third-login/mine', () => MINE)
      .on('POST', 'thirdpartyapi/third-login/unbind', () => ({ bound: false, type: 'dingtalk', provider: 'DingTalk' }));
    renderApp('/page/userinfo');
    expect((await screen.findByTestId('third-row-dingtalk', {}, SLOW)).textContent).toContain('Linked');
    expect(screen.getByTestId('third-row-wx').textContent).toContain('Not configured for your company');
    expect((screen.getByTestId('third-link-wx') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('third-unlink-dingtalk'));
    expect(server.calls('thirdpartyapi/third-login/unbind')).toHaveLength(0);
    fireEvent.click(await screen.findByText('OK', {}, SLOW));
    await waitFor(() => expect(server.calls('thirdpartyapi/third-login/unbind')).toHaveLength(1));
    expect(await screen.findByText('DingTalk is no longer linked', {}, SLOW)).toBeTruthy();
  });
});

/** A real RSA-OAEP public key: the page encrypts the credentials with it (the fake server does not decrypt). */
async function publicKeyPem(): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
}

// The request client's rules (spec §7, §8), with fetch stubbed at the client's own boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { Modal, notification, message } from 'antd';
import { bindFeedback } from './feedback';
import { api, apiUrl, refreshToken } from './client';
import { ApiError, FieldErrorsError, SignedOutError } from './errors';
import { fakeServer, json, ok } from '../test/fakeServer';
import { nowS, storeSignedIn } from '../test/session';
import { registerRouter, type RouterLike } from '../router/navigation';
import { setLang } from '../i18n';

function fakeRouter(pathname: string, search = '', params: Record<string, string> = {}) {
  const navigate = vi.fn();
  const router: RouterLike = { navigate, state: { location: { pathname, search }, matches: [{ params }] } };
  registerRouter(router);
  return navigate;
}

const bodyText = () => document.body.textContent ?? '';
// Notifications of earlier tests may still be leaving (jsdom runs no animations), so tests look
// for their own text or count what is new.
const notices = () => [...document.querySelectorAll('[data-testid="notify-error"]')].map((n) => n.textContent);

beforeEach(() => {
  setLang('en');
  fakeRouter('/workspace/home');
});

afterEach(() => {
  notification.destroy();
  message.destroy();
  registerRouter(null);
  vi.useRealTimers();
});

describe('requests', () => {
  it('uses a relative /api/ base and appends the stored token (REQ-01, REQ-03)', async () => {
    storeSignedIn({ token: 'T1' });
    const server = fakeServer().on('GET', 'mdapi/vendor/page-list', () => ({ rows: [] }));
    await api.get('mdapi/vendor/page-list', { q: { NAME: 'x' }, p: { page: 1 } });
    const req = server.requests[0];
    expect(req.url.startsWith('/api/mdapi/vendor/page-list?')).toBe(true);
    expect(req.query.get('token')).toBe('T1');
    expect(JSON.parse(req.query.get('q') ?? '')).toEqual({ NAME: 'x' });
    expect(req.headers['x-seamline-lang']).toBe('en');
  });

  it('sends no token on calls made without one (login, public key)', async () => {
    const server = fakeServer().on('GET', 'utilsapi/access/public-key', () => ({ publicKey: 'k' }));
    await api.get('utilsapi/access/public-key', undefined, { auth: false });
    expect(server.requests[0].query.has('token')).toBe(false);
  });

  it('form-encodes bodies; an empty array is an empty value, objects travel as JSON (REQ-04, REQ-05)', async () => {
    storeSignedIn();
    const server = fakeServer().on('POST', 'mdapi/vendor/save', () => true);
    await api.post('mdapi/vendor/save', { ids: [], a: 1, b: 'x', DATA: { CODE: 'V1' } });
    const req = server.requests[0];
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.rawBody).toBe('ids=&a=1&b=x&DATA=%7B%22CODE%22%3A%22V1%22%7D');
  });

  it('resolves with data.results on message OK (REQ-06)', async () => {
    storeSignedIn();
    fakeServer().on('GET', 'x/y', () => [1]);
    await expect(api.get('x/y')).resolves.toEqual([1]);
  });
});

describe('token refresh (SES-07..12, SES-23)', () => {
  it('does not refresh while more than 300 s remain', async () => {
    storeSignedIn({ tokenexpire: nowS() + 7200 });
    const server = fakeServer().on('GET', 'x/y', () => 1);
    await api.get('x/y');
    expect(server.calls('utilsapi/access/refresh-token')).toHaveLength(0);
  });

  it('refreshes first when within 300 s, then uses and stores the new token', async () => {
    storeSignedIn({ token: 'T1', tokenexpire: nowS() + 100, username: 'ann' });
    const server = fakeServer()
      .on('POST', 'utilsapi/access/refresh-token', () => ({ token: 'T2', tokenexpire: nowS() + 7200 }))
      .on('GET', 'x/y', () => 1);
    await api.get('x/y');
    const [refresh] = server.calls('utilsapi/access/refresh-token');
    expect(refresh.body?.get('username')).toBe('ann');
    expect(refresh.body?.get('refresh_token')).toBe('R1');
    expect(refresh.query.has('token')).toBe(false);
    expect(server.calls('x/y')[0].query.get('token')).toBe('T2');
    expect(localStorage.getItem('token')).toBe('T2');
    await api.get('x/y');
    expect(server.calls('utilsapi/access/refresh-token')).toHaveLength(1);
  });

  it('refreshes with only an unexpired refresh token', async () => {
    storeSignedIn();
    localStorage.removeItem('token');
    const server = fakeServer()
      .on('POST', 'utilsapi/access/refresh-token', () => ({ token: 'T9', tokenexpire: nowS() + 7200 }))
      .on('GET', 'x/y', () => 1);
    await api.get('x/y');
    expect(server.calls('x/y')[0].query.get('token')).toBe('T9');
  });

  it('shares one refresh between concurrent calls', async () => {
    storeSignedIn({ tokenexpire: nowS() + 10 });
    const server = fakeServer()
      .on('POST', 'utilsapi/access/refresh-token', () => ({ token: 'T2', tokenexpire: nowS() + 7200 }))
      .on('GET', 'x/y', () => 1);
    await Promise.all([api.get('x/y'), api.get('x/y'), api.get('x/y')]);
    expect(server.calls('utilsapi/access/refresh-token')).toHaveLength(1);
    expect(server.calls('x/y').every((r) => r.query.get('token') === 'T2')).toBe(true);
  });

  it('signs out and goes to /login when the refresh fails (SES-12)', async () => {
    storeSignedIn({ tokenexpire: nowS() + 10 });
    const navigate = fakeRouter('/sys/index/user', '', { cata: 'sys', opt: 'user' });
    const server = fakeServer().on('POST', 'utilsapi/access/refresh-token', () => json(401, { message: 'expired' }));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(SignedOutError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user', {
      replace: true,
    });
    expect(server.calls('x/y')).toHaveLength(0);
  });

  it('signs out without a call when there is no token and no refresh token (SES-10)', async () => {
    const server = fakeServer();
    await expect(api.get('x/y')).rejects.toBeInstanceOf(SignedOutError);
    expect(server.requests).toHaveLength(0);
  });

  it('a concurrent refresh failure rejects every waiting call', async () => {
    storeSignedIn({ tokenexpire: nowS() + 10 });
    fakeServer().on('POST', 'utilsapi/access/refresh-token', () => json(500, {}));
    const results = await Promise.allSettled([refreshToken(), refreshToken()]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });
});

describe('HTTP 401 (SES-16, SES-17, SES-20)', () => {
  it('signs out (plain) and redirects with navipath, params and query', async () => {
    storeSignedIn();
    const navigate = fakeRouter('/sys/index/user', '?tab=2', { cata: 'sys', opt: 'user' });
    fakeServer().on('GET', 'x/y', () => json(401, { message: 'no' }));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(SignedOutError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('tokenexpire')).toBeNull();
    expect(localStorage.getItem('username')).toBe('ann');
    expect(localStorage.getItem('refreshtoken')).toBe('R1');
    expect(navigate).toHaveBeenCalledWith(
      '/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user&tab=2',
      { replace: true },
    );
  });

  it('does not redirect when already on /login', async () => {
    storeSignedIn();
    const navigate = fakeRouter('/login', '?navipath=/x');
    fakeServer().on('GET', 'x/y', () => json(401, {}));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(SignedOutError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('error texts (spec §8)', () => {
  beforeEach(() => storeSignedIn());

  it('REQ-09: an HTTP error with a message → submit information is wrong: …', async () => {
    fakeServer().on('GET', 'x/y', () => json(404, { message: 'no such api' }));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(bodyText()).toContain('submit information is wrong: no such api'));
    expect(document.querySelector('[data-testid="contact-admin-action"]')).toBeNull();
  });

  it('REQ-10: an HTTP error without a message → {status} service not found', async () => {
    fakeServer().on('GET', 'x/y', () => new Response('', { status: 502 }));
    await expect(api.get('x/y')).rejects.toThrow('502 service not found');
    await waitFor(() => expect(bodyText()).toContain('502 service not found'));
  });

  it('REQ-11: code 500 adds the contact-administrator action', async () => {
    fakeServer().on('GET', 'x/y', () => json(500, { message: 'Internal server error', code: 500 }));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(document.querySelector('[data-testid="contact-admin-action"]')).not.toBeNull());
    expect(bodyText()).toContain('Contact administrator');
  });

  it('REQ-12: a timeout after 200 s → server error with contact administrator', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = api.get('x/y');
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(199_000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(pending).rejects.toThrow('server error');
    vi.useRealTimers();
    await waitFor(() => expect(document.querySelector('[data-testid="contact-admin-action"]')).not.toBeNull());
  });

  it('REQ-13: a network error is only logged', async () => {
    const shown = vi.fn();
    bindFeedback({ notification: { error: shown }, message: { success: shown, error: shown }, modal: { info: shown } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('x/y')).rejects.toBeInstanceOf(ApiError);
    expect(warn).toHaveBeenCalled();
    expect(shown).not.toHaveBeenCalled();
    bindFeedback({ notification, message, modal: Modal });
  });

  it('REQ-14/REQ-07: code 11000 rejects with the field errors for the form layer', async () => {
    fakeServer().on('POST', 'x/save', () => json(200, { message: 'ERR', code: 11000, data: { errors: { CODE: ['too long', 'exists'] } } }));
    const err = await api.post('x/save', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FieldErrorsError);
    expect((err as FieldErrorsError).errors).toEqual({ CODE: ['too long', 'exists'] });
  });

  it('REQ-17: code 400 with a message shows that message, red, at the top', async () => {
    fakeServer().on('POST', 'x/lock', () => json(400, { code: 400, message: 'Order locked' }));
    await expect(api.post('x/lock', {})).rejects.toThrow('Order locked');
    await waitFor(() => expect(notices()).toContain('Order locked'));
    expect(document.querySelector('.ant-notification-top')).not.toBeNull();
  });

  it('a notify function lets the caller handle a refusal itself, with its data (MD-17)', async () => {
    storeSignedIn({ token: 'T1' });
    const data = { warning: 'IN_USE', count: 1, usages: ['Line A'] };
    fakeServer()
      .on('POST', 'x/in-use', () => json(400, { code: 400, message: 'in use: quiet', data }))
      .on('POST', 'x/other', () => json(400, { code: 400, message: 'other: shown' }));
    const unlessInUse = ({ data: d }: { data: Record<string, unknown> }) => d.warning !== 'IN_USE';
    const err = await api.post('x/in-use', {}, { notify: unlessInUse }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'in use: quiet', status: 400, shown: false, data });
    await expect(api.post('x/other', {}, { notify: unlessInUse })).rejects.toMatchObject({ shown: true, data: {} });
    await waitFor(() => expect(notices()).toContain('other: shown'));
    expect(notices()).not.toContain('in use: quiet');
  });

  it('REQ-18: other failures show operated failed', async () => {
    fakeServer().on('POST', 'x/a', () => json(200, { code: 300, message: '' }));
    await expect(api.post('x/a', {})).rejects.toThrow('operated failed');
    await waitFor(() => expect(bodyText()).toContain('operated failed'));
  });

  it('REQ-18: code 400 without a message → operated failed', async () => {
    fakeServer().on('POST', 'x/b', () => json(200, { code: 400 }));
    await expect(api.post('x/b', {})).rejects.toThrow('operated failed');
  });

  it('texts follow the stored language (Chinese by default)', async () => {
    setLang('zh');
    fakeServer().on('GET', 'x/y', () => new Response('', { status: 404 }));
    await expect(api.get('x/y')).rejects.toThrow('404 服务未找到');
  });
});

describe('apiUrl', () => {
  it('skips empty query values and keeps paths relative', () => {
    expect(apiUrl('/srmapi/a', { x: undefined, y: null, z: 0 }, 'T')).toBe('/api/srmapi/a?z=0&token=T');
  });
});

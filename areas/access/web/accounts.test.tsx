// The account lifecycle's screens in the real route table, the network stubbed at fetch:
// sign-up (ACC-01..03, ACC-07), reset links (ACC-08..10), password change (ACC-11), third-party
// entries (ACC-12..14), avatar hint (CON-20), the reviews and invitations.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, json, currentUrl, renderApp, storeSignedIn, USER } from '@seamline/web/testing';

const toasts = (kind: 'error' | 'success') => [...document.querySelectorAll(`[data-testid="toast-${kind}"]`)].map((n) => n.textContent);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

// Full antd screens in jsdom on a shared two-core machine: give each test room.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => setLang('en'));
afterEach(() => vi.useRealTimers());

describe('/signup', () => {
  it('ACC-01/03/07: a company sign-up posts signup/company, then counts down in seconds and goes to /login', async () => {
    const server = fakeServer().on('POST', 'utilsapi/signup/company', () => ({ id: 'r1', status: 'PENDING_ARRPOVE', username: 'ann.lee' }));
    const { router } = renderApp('/signup');
    fireEvent.change(await screen.findByTestId('signup-company-name'), { target: { value: 'Acme Apparel' } });
    type('signup-company-code', 'acme');
    fireEvent.mouseDown(screen.getByTestId('signup-company-type').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('Brand'));
    type('signup-admin-fullname', 'Ann Lee');
    type('signup-admin-username', 'ann.lee');
    type('signup-admin-email', 'ann@acme.example');
    type('signup-admin-password', 'Abc123');
    type('signup-admin-repeat', 'Abc123');
    fireEvent.click(screen.getByTestId('signup-company-submit'));
    expect(await screen.findByTestId('signup-done')).toBeTruthy();
    const [call] = server.calls('utilsapi/signup/company');
    expect(call.method).toBe('POST');
    expect(call.body!.get('companyCode')).toBe('ACME');
    expect(call.body!.get('username')).toBe('ann.lee');
    expect(screen.getByTestId('signup-countdown').textContent).toBe('Taking you to sign-in in 5 s');
    await waitFor(() => expect(screen.getByTestId('signup-countdown').textContent).toBe('Taking you to sign-in in 4 s'), { timeout: 2500 });
    fireEvent.click(screen.getByTestId('signup-go-login'));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
  });

  it('refuses an invalid form without sending; the server’s field errors land on the fields', async () => {
    const server = fakeServer().on('POST', 'utilsapi/signup/join', () =>
      json(422, { message: 'x', code: 11000, data: { errors: { username: ['This username is already taken'] } } }),
    );
    renderApp('/signup');
    fireEvent.click(await screen.findByText('Join a company'));
    fireEvent.click(await screen.findByTestId('signup-join-submit'));
    await waitFor(() => expect(toasts('error')).toContain('Please correct the input error, before submit form！'));
    expect(server.requests).toHaveLength(0);

    // An existing account needs only its username and password.
    fireEvent.click(screen.getByTestId('signup-join-existing'));
    expect(screen.queryByTestId('signup-join-email')).toBeNull();
    server.on('GET', 'utilsapi/signup/companies', () => [{ code: 'DEMO_BRAND', name: 'Demo Brand Co.' }]);
    const select = screen.getByTestId('signup-join-company');
    fireEvent.change(select.querySelector('input')!, { target: { value: 'demo' } });
    fireEvent.click(await screen.findByText('Demo Brand Co. (DEMO_BRAND)'));
    type('signup-join-username', 'taken.name');
    type('signup-join-password', 'whatever');
    fireEvent.click(screen.getByTestId('signup-join-submit'));
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    const body = server.calls('utilsapi/signup/join')[0].body!;
    expect([body.get('companyCode'), body.get('existing')]).toEqual(['DEMO_BRAND', '1']);
  });
});

describe('/forgotpwd', () => {
  it('ACC-10: an expired link goes to the deadline page, which says so and offers a resend', async () => {
    fakeServer().on('GET', 'utilsapi/access/reset-password-check', () => json(400, { message: 'link expired please resend', code: 400, data: { expired: true } }));
    const { router } = renderApp('/forgotpwd/newpwd?token=OLD');
    expect(await screen.findByTestId('link-expired')).toBeTruthy();
    expect(currentUrl(router)).toBe('/forgotpwd/deadline');
    expect(screen.getByText('link expired please resend')).toBeTruthy();
    fireEvent.click(screen.getByTestId('link-expired-resend'));
    await waitFor(() => expect(currentUrl(router)).toBe('/forgotpwd/fillemail'));
  });

  it('a link that expires while the form is open also ends on the deadline page', async () => {
    fakeServer()
      .on('GET', 'utilsapi/access/reset-password-check', () => ({ username: 'ann' }))
      .on('POST', 'utilsapi/access/reset-password', () => json(400, { message: 'link expired please resend', code: 400, data: { expired: true } }));
    const { router } = renderApp('/forgotpwd/newpwd?token=TK');
    expect((await screen.findByTestId('newpwd-user')).textContent).toContain('ann');
    type('newpwd-password', 'Abc123');
    type('newpwd-repeat', 'Abc123');
    fireEvent.click(screen.getByTestId('newpwd-submit'));
    await waitFor(() => expect(currentUrl(router)).toBe('/forgotpwd/deadline'));
    expect(toasts('error')).toEqual([]);
  });
});

describe('/signup/invite', () => {
  it('shows the company, and accepting posts the token with the chosen account', async () => {
    const server = fakeServer()
      .on('GET', 'utilsapi/signup/invitation', () => ({ email: 'col@example.com', fullname: 'Col', company_name: 'Demo Brand Co.' }))
      .on('POST', 'utilsapi/signup/accept-invitation', () => ({ username: 'col.league' }));
    renderApp('/signup/invite?token=INV');
    expect((await screen.findByTestId('invite-title')).textContent).toBe('Join Demo Brand Co. on Seamline');
    type('invite-username', 'col.league');
    type('invite-password', 'Abc123');
    type('invite-repeat', 'Abc123');
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-done')).toBeTruthy();
    const body = server.calls('utilsapi/signup/accept-invitation')[0].body!;
    expect([body.get('token'), body.get('fullname'), body.get('username')]).toEqual(['INV', 'Col', 'col.league']);
  });
});

describe('/signup/invite with a used or expired link (issue 13)', () => {
  it.each([
    ['en', 'This invitation link has expired or was already used'],
    ['zh', '该邀请链接已过期或已被使用'],
  ] as const)('%s: says it was an invitation, not a reset link', async (lang, text) => {
    setLang(lang);
    fakeServer().on('GET', 'utilsapi/signup/invitation', () => json(400, { message: 'link expired please resend', code: 400, data: { expired: true } }));
    renderApp('/signup/invite?token=USED');
    const page = await screen.findByTestId('invite-expired');
    expect(page.textContent).toContain(text);
    expect(page.textContent).not.toMatch(/reset link|重置链接/);
  });
});

describe('/page/userinfo', () => {
  const signedIn = () => {
    storeSignedIn();
    return fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('GET', 'utilsapi/access/profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', language: 'en' }));
  };

  it('ACC-11: a password change says so on success, and "password change failed" on failure', async () => {
    const server = signedIn().on('POST', 'utilsapi/access/change-password', () => ({ ended_sessions: 1 }));
    renderApp('/page/userinfo');
    const card = await screen.findByTestId('password-card');
    const fill = () => {
      fireEvent.change(within(card).getByTestId('pwd-old'), { target: { value: 'Old12345' } });
      fireEvent.change(within(card).getByTestId('pwd-password'), { target: { value: 'New12345' } });
      fireEvent.change(within(card).getByTestId('pwd-repeat'), { target: { value: 'New12345' } });
      fireEvent.click(within(card).getByTestId('pwd-submit'));
    };
    fill();
    await waitFor(() => expect(toasts('success')).toContain('password changed successfully'));
    server.on('POST', 'utilsapi/access/change-password', () =>
      json(422, { message: 'x', code: 11000, data: { errors: { oldPassword: ['The current password is not correct'] } } }),
    );
    fill();
    await waitFor(() => expect(toasts('error')).toContain('password change failed'));
    expect(await within(card).findByText('The current password is not correct')).toBeTruthy();
  });

  it('CON-20: the avatar upload shows the 200x200 hint; the profile saves through access/save-profile', async () => {
    const server = signedIn().on('POST', 'utilsapi/access/save-profile', () => ({}));
    renderApp('/page/userinfo');
    expect((await screen.findByTestId('profile-avatar-hint')).textContent).toContain('200 x 200');
    await waitFor(() => expect((screen.getByTestId('profile-email') as HTMLInputElement).value).toBe('ann@example.com'));
    fireEvent.change(screen.getByTestId('profile-fullname'), { target: { value: 'Ann B. Lee' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(server.calls('utilsapi/access/save-profile')).toHaveLength(1));
    expect(server.calls('utilsapi/access/save-profile')[0].body!.get('fullname')).toBe('Ann B. Lee');
    expect(screen.queryByTestId('profile-email-password')).toBeNull();
  });

  it('a new email asks for the current password and sends it (docs/security.md)', async () => {
    const server = signedIn().on('POST', 'utilsapi/access/save-profile', () => ({}));
    renderApp('/page/userinfo');
    await waitFor(() => expect((screen.getByTestId('profile-email') as HTMLInputElement).value).toBe('ann@example.com'));
    fireEvent.change(screen.getByTestId('profile-email'), { target: { value: 'ann.new@example.com' } });
    const password = await screen.findByTestId('profile-email-password');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.calls('utilsapi/access/save-profile')).toHaveLength(0);
    fireEvent.change(password, { target: { value: 'Seamline2026' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(server.calls('utilsapi/access/save-profile')).toHaveLength(1));
    const body = server.calls('utilsapi/access/save-profile')[0].body!;
    expect([body.get('email'), body.get('password')]).toEqual(['ann.new@example.com', 'Seamline2026']);
  });
});

describe('reviews and invitations', () => {
  const admin = () => {
    storeSignedIn();
    return fakeServer().on('GET', 'utilsapi/access/user-state', () => ({ ...USER, user_type: 'ADMIN' }));
  };

  it('ACC-06: a company admin approves a pending join request after confirming', async () => {
    const row = { id: 'j1', status: 'PENDING_ARRPOVE', company_name: 'Demo', username: 'joe', fullname: 'Joe', email: 'joe@x.com', created_at: '2026-11-22T01:00:00Z' };
    const server = admin()
      .on('GET', 'utilsapi/signup/join-requests', () => ({ rows: [row], total: 1, page: 1, size: 20 }))
      .on('POST', 'utilsapi/signup/approve-join', () => ({ id: 'j1', status: 'APPROVED' }));
    renderApp('/sys/index/join-request');
    fireEvent.click(await screen.findByTestId('approve-joe'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(server.calls('utilsapi/signup/approve-join')[0]?.body?.get('id')).toBe('j1'));
    expect(server.calls('utilsapi/signup/join-requests')[0].query.get('status')).toBe('PENDING_ARRPOVE');
  });

  it('a rejection needs a reason, which is posted', async () => {
    const row = { id: 'j2', status: 'PENDING_ARRPOVE', company_name: 'Demo', username: 'kim', fullname: 'Kim', created_at: '2026-11-22T01:00:00Z' };
    const server = admin()
      .on('GET', 'utilsapi/signup/join-requests', () => ({ rows: [row], total: 1, page: 1, size: 20 }))
      .on('POST', 'utilsapi/signup/reject-join', () => ({ id: 'j2', status: 'REJECTED' }));
    renderApp('/sys/index/join-request');
    fireEvent.click(await screen.findByTestId('reject-kim'));
    fireEvent.click(await screen.findByTestId('reject-submit'));
    expect(await screen.findByText(/cannot be empty|required/i)).toBeTruthy();
    expect(server.calls('utilsapi/signup/reject-join')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Not our staff' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(server.calls('utilsapi/signup/reject-join')[0]?.body?.get('reason')).toBe('Not our staff'));
  });

  it('ACC-05: a company admin gets no sign-up approval screen (403)', async () => {
    const server = admin().on('GET', 'utilsapi/signup/company-requests', () => ({ rows: [], total: 0, page: 1, size: 20 }));
    renderApp('/sys/index/signup-approval');
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
    expect(server.calls('utilsapi/signup/company-requests')).toHaveLength(0);
  });

  it('the super admin sees the company sign-ups awaiting review', async () => {
    storeSignedIn();
    const row = { id: 'c1', status: 'PENDING_ARRPOVE', company_name: 'Acme Apparel', company_code: 'ACME', company_type: 'BRAND', username: 'alice', fullname: 'Alice', created_at: '2026-11-22T01:00:00Z' };
    const server = fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, user_type: 'ADMIN', is_super_admin: true }))
      .on('GET', 'utilsapi/signup/company-requests', () => ({ rows: [row], total: 1, page: 1, size: 20 }));
    renderApp('/sys/index/signup-approval');
    expect(await screen.findByText('Acme Apparel')).toBeTruthy();
    expect(screen.getByTestId('approve-alice')).toBeTruthy();
    expect(server.calls('utilsapi/signup/company-requests')[0].query.get('status')).toBe('PENDING_ARRPOVE');
  });

  it('ACC-15: an invitation is sent and the list shows the colleague as INVITED', async () => {
    let invited: unknown[] = [];
    const server = admin()
      .on('GET', 'utilsapi/access/invitations', () => invited)
      .on('POST', 'utilsapi/access/invite', (req) => {
        invited = [{ user_id: 'u9', email: req.body!.get('email'), fullname: null, user_type: 'INVITED', invited_at: '2026-11-22T01:00:00Z', expires_at: null }];
        return { status: 'INVITED' };
      });
    renderApp('/sys/index/invitation');
    fireEvent.change(await screen.findByTestId('invite-email'), { target: { value: 'new@x.com' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    const list = await screen.findByTestId('invitation-list');
    expect(await within(list).findByText('new@x.com')).toBeTruthy();
    expect(within(list).getAllByText('Invited').length).toBeGreaterThan(0);
    expect(server.calls('utilsapi/access/invite')).toHaveLength(1);
  });
});


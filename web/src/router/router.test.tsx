// The route table end to end in a memory router (spec §2): guard, not-found, templates, titles.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { currentUrl, renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';
import type { SessionUser } from '../session/types';

function signedInServer(user: SessionUser = USER) {
  storeSignedIn({ token: 'T1' });
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', () => user)
    .on('GET', 'utilsapi/clientinfoapi/user-profile/my-workspace-home-setting', () => ({ panels: [] }))
    .on('GET', 'utilsapi/clientinfoapi/user-profile/my-dash-setting', () => ({ layout: [] }));
}

beforeEach(() => setLang('en'));

describe('not found (RTE-23)', () => {
  it('shows the 404 page with Back and Home', async () => {
    fakeServer();
    const { router } = renderApp('/no/such/path/here/at/all');
    expect(await screen.findByTestId('notfound-back')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notfound-home'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/no/such/path/here/at/all'));
  });
});

describe('guard (SES-10, SES-16, RTE-06)', () => {
  it('signed out: /workspace/home → /login?navipath=/workspace/home', async () => {
    const server = fakeServer();
    const { router } = renderApp('/workspace/home');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?navipath=/workspace/home'));
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('carries route params and query values', async () => {
    fakeServer();
    const { router } = renderApp('/sys/index/user?tab=2');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/login?navipath=/sys/index/user&naviparams_cata=sys&naviparams_opt=user&tab=2'),
    );
  });

  it.each(['/mydash/index', '/page/userinfo', '/zp/visual/x', '/printpage/htprintview'])('%s needs a login', async (path) => {
    fakeServer();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('public routes render without a session (RTE-01..05)', async () => {
    fakeServer();
    const { router } = renderApp('/login/ddwelcome/acme');
    expect((await screen.findByTestId('login-variant')).textContent).toContain('acme');
    expect(router.state.location.pathname).toBe('/login/ddwelcome/acme');
  });

  it.each([
    ['/login/third/wx', 'login-variant'],
    ['/signup', 'signup-company-submit'],
    ['/forgotpwd/fillemail', 'reset-email'],
    ['/forgotpwd/deadline', 'link-expired'],
    ['/discovery/index', 'discovery'],
    ['/newdiscovery/index', 'discovery'],
  ])('%s is public', async (path, testId) => {
    fakeServer();
    const { router } = renderApp(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('/forgotpwd/newpwd is public: it checks its link, and a bad one goes to the deadline page', async () => {
    const server = fakeServer();
    const { router } = renderApp('/forgotpwd/newpwd?token=x');
    expect(await screen.findByTestId('link-expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgotpwd/deadline');
    expect(server.calls('utilsapi/access/reset-password-check')).toHaveLength(1);
  });
});

describe('signed in', () => {
  it('loads user-state with the token and shows the user (SES-03)', async () => {
    const server = signedInServer();
    renderApp('/workspace/home');
    expect((await screen.findByTestId('user-name')).textContent).toBe('Ann Lee');
    expect(server.calls('utilsapi/access/user-state')[0].query.get('token')).toBe('T1');
    expect(server.calls('utilsapi/clientinfoapi/user-profile/my-workspace-home-setting')).toHaveLength(1);
  });

  it('{cata}/index/{opt} nobody registered is a template page, not the 404 page (RTE-10)', async () => {
    signedInServer();
    renderApp('/qa/index/inspection-plan');
    const pending = await screen.findByTestId('template-pending');
    expect(pending.getAttribute('data-template')).toBe('index');
    expect(screen.getByTestId('template-cata').textContent).toBe('qa');
    expect(screen.getByTestId('template-opt').textContent).toBe('inspection-plan');
    expect(screen.queryByTestId('notfound-back')).toBeNull();
  });

  it.each([
    ['/scm/ectabindex/po', 'ectabindex'],
    ['/page/view/po', 'page.view'],
    ['/superdemopage/pick/x', 'superdemopage.pick'],
  ])('%s resolves to template %s', async (path, kind) => {
    signedInServer();
    renderApp(path);
    expect((await screen.findByTestId('template-pending')).getAttribute('data-template')).toBe(kind);
  });

  it('/zp/{cata}/calendarview/{opt} shows a calendar (RTE-20)', async () => {
    signedInServer();
    renderApp('/zp/prod/calendarview/wo');
    expect(await screen.findByTestId('calendar-view')).toBeTruthy();
  });

  it('/ goes to the workbench', async () => {
    signedInServer();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/home'));
  });

  it('title from the route (RTE-24)', async () => {
    signedInServer();
    renderApp('/workspace/home');
    await waitFor(() => expect(document.title).toBe('Workbench - Seamline'));
    // The tab title is set from the route while the shell is still loading: wait for the heading.
    expect((await screen.findByTestId('page-title')).textContent).toBe('Workbench');
  });

  it('title from the menu entry whose URL matches (RTE-25)', async () => {
    signedInServer();
    renderApp('/sys/index/user');
    await waitFor(() => expect(document.title).toBe('User Management - Seamline'));
  });

  it('no menu of this platform names the path → the screen it shows names it (issue 23)', async () => {
    const server = signedInServer();
    server.on('GET', 'plmapi/season/page-list', () => ({ rows: [], total: 0, page: 1, size: 20 }));
    renderApp('/dev/index/season');
    await waitFor(() => expect(document.title).toBe('Season - Seamline'));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Season');
  });

  it('a calendar without records names its screen, never the raw cata and opt of its route (issue 23)', async () => {
    const entry = { ID: 'LC', CODE: 'FACTORY_LINE_CAPACITY', CATEGORY: 'FACTORY', TITLE: '产线产能', URL: '/zp/prodmgm/calendarview/line-capacity' };
    setLang('zh');
    signedInServer({ ...USER, menus: { ...(USER.menus as object), FACTORY: [entry] } });
    renderApp('/zp/prodmgm/calendarview/line-capacity');
    const view = await screen.findByTestId('calendar-view');
    await waitFor(() => expect(view.querySelector('.ant-alert-message')?.textContent).toBe('产线产能暂无可显示的记录。'));
    expect(view.textContent).not.toMatch(/prodmgm|line-capacity/);
  });

  it('no route or menu title → Seamline', async () => {
    signedInServer();
    renderApp('/sys/index/nothing');
    await screen.findByTestId('template-pending');
    expect(document.title).toBe('Seamline');
  });

  it('a new version is announced only when hasnewversion (RTE-29)', async () => {
    signedInServer({ ...USER, hasnewversion: true });
    renderApp('/workspace/home');
    expect(await screen.findByTestId('new-version')).toBeTruthy();
  });

  it('menu guide entry only with SYS_MENU_GUIDE (CFG-10)', async () => {
    signedInServer();
    renderApp('/workspace/home');
    await screen.findByTestId('user-name');
    expect(screen.queryByText('Feature guide')).toBeNull();
  });

  it('menu guide entry shown with SYS_MENU_GUIDE (CFG-10)', async () => {
    const guide = { ID: 'G', CODE: 'SYS_MENU_GUIDE', CATEGORY: 'SYS', TITLE: 'Guide', URL: '/workspace/menuguide' };
    signedInServer({ ...USER, menus: { SYS: [...(USER.menus as { SYS: never[] }).SYS, guide] } });
    renderApp('/workspace/home');
    await screen.findByTestId('user-name');
    expect(screen.getAllByText('Feature guide').length).toBeGreaterThan(0);
  });

  it('a minimal user-state payload still renders the shell (SES-04)', async () => {
    signedInServer({});
    renderApp('/workspace/home');
    expect(await screen.findByTestId('module-menus')).toBeTruthy();
    expect(screen.getByTestId('fav-list')).toBeTruthy();
  });

  it('a 401 later signs out and returns to /login with navipath (SES-20)', async () => {
    const server = signedInServer();
    const { router } = renderApp('/mydash');
    await screen.findByTestId('user-name');
    server.on('GET', 'utilsapi/clientinfoapi/user-profile/my-workspace-home-setting', () => new Response('', { status: 401 }));
    await router.navigate('/workspace/home');
    await waitFor(() => expect(currentUrl(router)).toBe('/login?navipath=/workspace/home'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

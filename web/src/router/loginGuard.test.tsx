// /login while signed in: the sign-in form is skipped for the workbench (or the navipath asked for).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { currentUrl, renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setLang('en'));

describe('/login while signed in', () => {
  it('goes to the workbench', async () => {
    storeSignedIn();
    fakeServer().on('GET', 'utilsapi/access/user-state', () => USER);
    const { router } = renderApp('/login');
    await waitFor(() => expect(currentUrl(router)).toBe('/workspace/home'));
    expect(screen.queryByTestId('login-submit')).toBeNull();
  });

  it('goes to the navipath it carries', async () => {
    storeSignedIn();
    fakeServer().on('GET', 'utilsapi/access/user-state', () => USER);
    const { router } = renderApp('/login?navipath=/mydash');
    await waitFor(() => expect(currentUrl(router)).toBe('/mydash'));
  });

  it('shows the form when the stored session is dead (expired refresh token)', async () => {
    storeSignedIn({ tokenexpire: 1, refreshexpire: 1 });
    fakeServer();
    const { router } = renderApp('/login');
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(currentUrl(router)).toBe('/login');
  });
});

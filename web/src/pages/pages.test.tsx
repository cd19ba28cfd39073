// Signed-in pages that talk to the profile API (CFG-21, CFG-22, REQ-24, CON-10).
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CURRENCIES } from '@seamline/core';
import { AppProviders } from '../AppProviders';
import { CurrencySelect } from '../components/CurrencySelect';
import { setLang } from '../i18n';
import { sessionStore } from '../session/store';
import { fakeServer, json } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

const DASH = 'utilsapi/clientinfoapi/user-profile/my-dash-setting';
const SAVE_SETTING = 'utilsapi/clientinfoapi/user-profile/save-setting';

function signedIn() {
  storeSignedIn();
  return fakeServer().on('GET', 'utilsapi/access/user-state', () => USER);
}

beforeEach(() => setLang('en'));

describe('/mydash', () => {
  it('loads my-dash-setting and shows the empty dashboard (CFG-22)', async () => {
    const server = signedIn().on('GET', DASH, () => ({ layout: [] }));
    renderApp('/mydash');
    expect(await screen.findByText('Your dashboard has no widgets yet')).toBeTruthy();
    expect(server.calls(DASH)).toHaveLength(1);
  });

  it('a failed load says Loading failed in place (REQ-24)', async () => {
    signedIn().on('GET', DASH, () => json(500, { code: 500, message: 'boom' }));
    renderApp('/mydash');
    expect(await screen.findByText('Loading failed')).toBeTruthy();
  });
});

describe('/page/userinfo', () => {
  it("shows the user's own details (RTE-12)", async () => {
    signedIn();
    renderApp('/page/userinfo');
    expect((await screen.findByTestId('userinfo-username')).textContent).toBe('ann');
    expect(screen.getByTestId('userinfo-fullname').textContent).toBe('Ann Lee');
  });

  it('saves preferences with save-setting and keeps them in the profile (CFG-21)', async () => {
    const server = signedIn().on('POST', SAVE_SETTING, (req) => ({ FAV_MENUS: [], ...JSON.parse(req.body?.get('DATA') ?? '{}') }));
    renderApp('/page/userinfo');
    fireEvent.click(await screen.findByLabelText('My dashboard'));
    fireEvent.click(screen.getByTestId('pref-save'));
    await waitFor(() => expect(server.calls(SAVE_SETTING)).toHaveLength(1));
    expect(JSON.parse(server.calls(SAVE_SETTING)[0].body?.get('DATA') ?? '{}')).toMatchObject({ START_PAGE: '/mydash' });
    await waitFor(() => expect(sessionStore.get()?.settings?.START_PAGE).toBe('/mydash'));
  });
});

describe('CurrencySelect (CON-10)', () => {
  it('lists every currency with a label', async () => {
    render(
      <AppProviders>
        <CurrencySelect open virtual={false} />
      </AppProviders>,
    );
    for (const code of ['RMB', 'CNY', 'USD', 'HKD', 'IDR', 'MYR', 'PHP', 'SGD', 'THB', 'VND', 'TW'])
      expect(await screen.findByText(new RegExp(`^${code} · `))).toBeTruthy();
    expect(CURRENCIES).toHaveLength(11);
  });
});

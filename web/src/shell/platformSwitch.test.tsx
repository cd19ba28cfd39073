// Issue 13, spec §4 'A platform switch updates platform id and name': the switch moves the side
// menu and the workbench's module cards to the chosen platform's menus at once (no reload), and
// is not offered where the server lists one platform.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setLang('en'));

const SHARED = [{ ID: 'M1', CODE: 'SYS_USER', CATEGORY: 'SYS', TITLE: 'User Management', URL: '/sys/index/user', SEQ: 1 }];
const BY_PLATFORM = {
  SCM: { name: 'Supply chain collaboration', menus: { SYS: SHARED, SRM: [{ ID: 'M3', CODE: 'SRM_RFQ', CATEGORY: 'SRM', TITLE: 'Quotation requests', URL: '/srm/index/rfq', SEQ: 1 }] } },
  PLM: { name: 'Product development', menus: { SYS: SHARED, DEV: [{ ID: 'M9', CODE: 'DEV_STYLE', CATEGORY: 'DEV', TITLE: 'Styles', URL: '/dev/index/style', SEQ: 1 }] } },
};
type Platform = keyof typeof BY_PLATFORM;

/** A user-state that answers the stored platform's menus, as access/user-state does. */
function platformServer(list: Platform[] = ['SCM', 'PLM']) {
  let current: Platform = 'SCM';
  const state = () => ({
    ...USER,
    platform_id: current,
    platform_name: BY_PLATFORM[current].name,
    platform_list: list.map((p) => ({ platform_id: p, platform_name: BY_PLATFORM[p].name })),
    menus: BY_PLATFORM[current].menus,
  });
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', state)
    .on('POST', 'utilsapi/access/switch-plt', (req) => {
      current = req.body!.get('platform_id') as Platform;
      return { platform_id: current, platform_name: BY_PLATFORM[current].name };
    });
}

/** The side menu's categories, in order (entries render only inside an opened category). */
const sideCategories = () =>
  [...screen.getByTestId('side-menu').querySelectorAll('[data-menu-id*="cat:"]')].map((e) => e.getAttribute('data-menu-id')!.split('cat:')[1]);

describe('platform switch', () => {
  it('moves the side menu and the module cards to the chosen platform without a reload', async () => {
    storeSignedIn();
    const server = platformServer();
    renderApp('/workspace/home');
    expect(await screen.findByTestId('module-entry-M3')).toBeTruthy();
    expect(sideCategories()).toEqual(['SYS', 'SRM']);

    fireEvent.click(screen.getByTestId('platform-switch'));
    fireEvent.click(await screen.findByTestId('platform-PLM'));

    await waitFor(() => expect(sideCategories()).toEqual(['SYS', 'DEV']));
    expect(within(screen.getByTestId('module-menus')).getByTestId('module-entry-M9')).toBeTruthy();
    expect(screen.queryByTestId('module-entry-M3')).toBeNull();
    expect(screen.getByTestId('platform-name').textContent).toBe('Product development');
    expect(server.calls('utilsapi/access/switch-plt')[0].body?.get('platform_id')).toBe('PLM');
  });

  it('shows only the name, no switch, where the server offers one platform', async () => {
    storeSignedIn();
    platformServer(['SCM']);
    renderApp('/workspace/home');
    expect((await screen.findByTestId('platform-name')).textContent).toBe('Supply chain collaboration');
    expect(screen.queryByTestId('platform-switch')).toBeNull();
  });
});

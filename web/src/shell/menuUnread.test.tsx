// NTF-07: per-menu unread counts come from GET notifyapi/notify-msg/menu-unread-sum (keyed by menu
// id, UNREAD_CT), not only from the profile; the category shows the sum of its menus (NTF-08).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setLang('en'));

describe('side menu unread counts (NTF-07)', () => {
  it('shows the counts menu-unread-sum answers', async () => {
    storeSignedIn();
    const server = fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, unread_total: 5, menu_unread: {}, category_unread: {} }))
      .on('GET', 'utilsapi/notifyapi/notify-msg/menu-unread-sum', () => ({ M1: { UNREAD_CT: 3 }, M3: { UNREAD_CT: 2 } }));
    renderApp('/sys/index/user');
    const entry = await screen.findByTestId('side-menu-M1');
    await waitFor(() => expect(entry.querySelector('.ant-badge')?.textContent).toBe('3'));
    expect(server.calls('utilsapi/notifyapi/notify-msg/menu-unread-sum').length).toBeGreaterThan(0);
    const srmCategory = screen.getByTestId('side-menu').querySelector('[data-menu-id$="cat:SRM"]');
    expect(srmCategory?.querySelector('.ant-badge')?.textContent).toBe('2');
  });
});

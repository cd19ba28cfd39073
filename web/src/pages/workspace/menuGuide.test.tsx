// The feature guide names each menu as the side menu does, linking to it, and never prints its
// route or code (issue 13: a new user read '/sys/index/user' as the description).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setLang } from '../../i18n';
import { signedInServer } from '../../engine/test/fixtures';
import { renderApp } from '../../test/renderApp';
import { MENUS, USER } from '../../test/session';

const GUIDE = { ID: 'M9', CODE: 'SYS_MENU_GUIDE', CATEGORY: 'SYS', TITLE: 'Feature guide', URL: '/workspace/menuguide', SEQ: 9 };

describe('feature guide', () => {
  it.each(['en', 'zh'] as const)('%s: menus by name with a link, no raw routes or codes', async (lang) => {
    setLang(lang);
    signedInServer({ ...USER, language: lang, menus: { ...MENUS, SYS: [...MENUS.SYS, GUIDE] } });
    renderApp('/workspace/menuguide');
    const guide = await screen.findByTestId('menu-guide', undefined, { timeout: 45_000 });
    const link = within(guide).getByRole('link', { name: 'User Management' });
    expect(link.getAttribute('href')).toBe('/sys/index/user');
    expect(guide.textContent).not.toMatch(/\/sys\/index|\/srm\/index|SYS_USER|SRM_RFQ/);
  }, 60_000);
});

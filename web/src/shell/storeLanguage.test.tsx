// The header's language switch stores the user's language (issue 13): the profile is saved whole
// with only the language changed, so the server's messages follow the screen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n, setLang } from '../i18n';
import { renderApp } from '../test/renderApp';
import { signedInServer } from '../engine/test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => setLang('zh'));

describe('header language switch', () => {
  it('saves the picked language into the profile, keeping the other fields', async () => {
    const server = signedInServer()
      .on('GET', 'utilsapi/access/profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', mobile: null, language: 'zh' }))
      .on('POST', 'utilsapi/access/save-profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', language: 'en' }));
    renderApp('/tst/index/test-order');
    const sw = await screen.findByTestId('lang-switch', undefined, { timeout: 60_000 });
    await act(async () => fireEvent.click(within(sw).getByText('English')));
    await waitFor(() => expect(server.calls('utilsapi/access/save-profile')).toHaveLength(1));
    const body = server.calls('utilsapi/access/save-profile')[0].body!;
    expect(body.get('language')).toBe('en');
    expect(body.get('fullname')).toBe('Ann Lee');
    expect(body.get('email')).toBe('ann@example.com');
    expect(body.get('mobile')).toBe('');
  });

  it('a language picked on the login page holds after sign-in and is stored', async () => {
    sessionStorage.setItem('seamline.pickedLang', 'en'); // what the login page's switch remembers
    const server = signedInServer()
      .on('GET', 'utilsapi/access/profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', language: 'zh' }))
      .on('POST', 'utilsapi/access/save-profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', language: 'en' }));
    renderApp('/tst/index/test-order');
    await screen.findByTestId('lang-switch', undefined, { timeout: 60_000 });
    await waitFor(() => expect(server.calls('utilsapi/access/save-profile')).toHaveLength(1));
    expect(server.calls('utilsapi/access/save-profile')[0].body!.get('language')).toBe('en');
    expect(i18n.language).toBe('en');
    expect(sessionStorage.getItem('seamline.pickedLang')).toBeNull();
  });

  it('the login page switch remembers the pick for after sign-in', async () => {
    sessionStorage.clear();
    renderApp('/login');
    const sw = await screen.findByTestId('lang-switch', undefined, { timeout: 60_000 });
    await act(async () => fireEvent.click(within(sw).getByText('English')));
    expect(sessionStorage.getItem('seamline.pickedLang')).toBe('en');
  });
});

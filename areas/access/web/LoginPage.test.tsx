// The sign-in page's own controls, now native rather than antd (issue 12): the password can be
// shown and hidden again, and the language switch re-renders the page at once and remembers the
// pick for after sign-in. The form's rules, refusals and redirects: access.test / loginFailures.test.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, renderApp } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setLang('zh');
  sessionStorage.clear();
  fakeServer();
});

describe('/login controls', () => {
  it('shows the typed password on request and hides it again', async () => {
    renderApp('/login');
    const password = (await screen.findByTestId('login-password')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'Secret123' } });
    expect(password.type).toBe('password');
    const reveal = screen.getByTestId('login-password-reveal');
    expect(reveal.textContent).toBe('显示');
    fireEvent.click(reveal);
    expect(password.type).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(reveal.textContent).toBe('隐藏');
    fireEvent.click(reveal);
    expect(password.type).toBe('password');
    expect(password.value).toBe('Secret123');
  });

  it('switches to English in place and remembers the pick for after sign-in', async () => {
    renderApp('/login');
    expect((await screen.findByTestId('page-title')).textContent).toBe('登录 Seamline');
    const zh = within(screen.getByTestId('lang-switch')).getByText('中文');
    expect(zh.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(screen.getByTestId('lang-switch')).getByText('English'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Sign in to Seamline'));
    expect(screen.getByLabelText('Username')).toBe(screen.getByTestId('login-username'));
    expect(within(screen.getByTestId('lang-switch')).getByText('English').getAttribute('aria-pressed')).toBe('true');
    expect(sessionStorage.getItem('seamline.pickedLang')).toBe('en');
  });
});

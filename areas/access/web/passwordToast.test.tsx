// 'password change failed' in English (issue 13): an ASCII colon before the reason, and a bare
// code such as 'ERROR' is not shown as if it were a reason.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '@seamline/web/engine';
import { fakeServer, json, renderApp, storeSignedIn, USER } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 120_000 });
const toasts = () => [...document.querySelectorAll('[data-testid="toast-error"]')].map((n) => n.textContent);

beforeEach(() => {
  setLang('en');
  message.destroy();
});

describe('password change failure toast', () => {
  it('uses an ASCII colon in English and drops a raw code', async () => {
    storeSignedIn();
    let answer = { message: 'the account is locked', code: 400 };
    fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => USER)
      .on('GET', 'utilsapi/access/profile', () => ({ fullname: 'Ann Lee', email: 'ann@example.com', language: 'en' }))
      .on('POST', 'utilsapi/access/change-password', () => json(400, answer));
    renderApp('/page/userinfo');
    const card = await screen.findByTestId('password-card');
    const fill = () => {
      fireEvent.change(within(card).getByTestId('pwd-old'), { target: { value: 'Old12345' } });
      fireEvent.change(within(card).getByTestId('pwd-password'), { target: { value: 'New12345' } });
      fireEvent.change(within(card).getByTestId('pwd-repeat'), { target: { value: 'New12345' } });
      fireEvent.click(within(card).getByTestId('pwd-submit'));
    };
    fill();
    await waitFor(() => expect(toasts().some((x) => x?.startsWith('password change failed'))).toBe(true));
    const first = toasts().find((x) => x?.startsWith('password change failed'))!;
    expect(first).not.toContain('：');
    message.destroy();
    answer = { message: 'ERROR', code: 400 };
    fill();
    await waitFor(() => expect(toasts()).toContain('password change failed'));
  });
});

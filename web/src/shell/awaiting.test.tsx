// A membership awaiting assignment (user type UNASSIGNED) sees only that, and the shell asks the
// server for nothing else: every other call would be refused (docs/security.md 'User types').
import { beforeEach, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

beforeEach(() => setLang('en'));

it('shows the awaiting-assignment notice instead of the page, and calls nothing but user-state', async () => {
  storeSignedIn();
  const server = fakeServer().on('GET', 'utilsapi/access/user-state', () => ({ ...USER, user_type: 'UNASSIGNED', menus: {} }));
  renderApp('/workspace/home');
  const notice = await screen.findByTestId('awaiting-assignment', undefined, { timeout: 45_000 });
  expect(notice.textContent).toContain('Your account is waiting for the company administrator to assign you');
  await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
  expect(server.requests.map((r) => r.path).filter((p) => p !== 'utilsapi/access/user-state')).toEqual([]);
}, 90_000);

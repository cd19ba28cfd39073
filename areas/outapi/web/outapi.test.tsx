// The delivery log and its test push (/sys/page/out-api-log) in the real route table, the network
// stubbed at fetch: only a user with the out-API log menu gets the screen; anyone else who opens
// it by URL sees a 403 and nothing is asked of the server (issue 22 point 4.5).
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, renderApp, storeSignedIn, USER } from '@seamline/web/testing';
import { BUS } from '../meta';

vi.setConfig({ testTimeout: 60_000 });
const SLOW = { timeout: 20_000 };
beforeEach(() => setLang('en'));
// The screen is a lazy chunk: load it once up front, so a busy machine's first transform does not
// count against a test's wait.
beforeAll(() => import('./DeliveryLogScreen'), 120_000);

const LOG_MENU = { ID: 'M9', CODE: 'SYS_OUT_API_LOG', CATEGORY: 'SYS', TITLE: 'Out-API delivery log', URL: '/sys/page/out-api-log', SEQ: 9 };

function serverFor(user: typeof USER) {
  storeSignedIn();
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', () => user)
    .on('GET', `${BUS}/deliveries`, () => ({ rows: [], total: 0 }))
    .on('GET', 'utilsapi/out-api-config/page-list', () => ({ rows: [{ api_id: 'ERP_PO' }], total: 1 }));
}

describe('/sys/page/out-api-log', () => {
  it('a member without the log menu opening it by URL gets a 403: no log, no test push, no call', async () => {
    const server = serverFor(USER);
    renderApp('/sys/page/out-api-log');
    expect(await screen.findByTestId('forbidden', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('outapi-test-push')).toBeNull();
    expect(server.calls(`${BUS}/deliveries`)).toHaveLength(0);
  });

  it('a holder of the log menu gets the log and the test push', async () => {
    const menus = USER.menus as Record<string, unknown[]>;
    const server = serverFor({ ...USER, menus: { ...menus, SYS: [...(menus.SYS ?? []), LOG_MENU] } } as typeof USER);
    renderApp('/sys/page/out-api-log');
    expect(await screen.findByTestId('outapi-test-push', {}, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('outapi-deliveries', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('forbidden')).toBeNull();
    expect(server.calls(`${BUS}/deliveries`).length).toBeGreaterThan(0);
  });
});

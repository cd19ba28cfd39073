// The public discovery page in jsdom: signed out it lists the cards the server gives without a
// token and never sends the visitor to /login (DSC-01, DSC-02); filters go to the server.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, fakeServer, json, storeSignedIn } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import { DiscoveryPage } from './DiscoveryPage';

const card = (code: string, name: string, extra = {}) => ({
  id: `${code}-id`, client_id: `${code}-client`, code, name, type: 'GARMENT_SUPPLIER', country: 'CN', state: '广东省', city: '佛山市',
  capabilities: ['KNITTING'], card_version: 2, contact_person: null, connection: null, ...extra,
});

beforeEach(() => {
  setLang('en');
  queryClient.clear();
  localStorage.clear();
});

describe('discovery signed out', () => {
  it('lists company cards without a token, with their version, and sends the filters', { timeout: 30_000 }, async () => {
    const server = fakeServer()
      .on('GET', 'utilsapi/discovery/companies', (req) =>
        req.query.get('keyword') === 'knit' ? { rows: [card('G', 'Knit Co.')], total: 1 } : { rows: [card('G', 'Knit Co.'), card('B', 'Brand Co.', { type: 'BRAND' })], total: 2 },
      )
      .on('GET', 'utilsapi/discovery/regions', () => ['广东省']);
    render(<AppProviders><DiscoveryPage /></AppProviders>);
    expect(await screen.findByText('Brand Co.')).toBeTruthy();
    expect(screen.getByTestId('company-card-G').textContent).toContain('Card v2');
    expect(screen.getByTestId('company-card-G').textContent).toContain('Knitting');
    expect(screen.getAllByText('Sign in to connect')).toHaveLength(2);
    expect(server.calls('utilsapi/discovery/companies')[0]!.query.get('token')).toBeNull();
    // No requests or friends tabs (and no calls for them) without a session.
    expect(server.calls('utilsapi/discovery/requests')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('discovery-keyword'), { target: { value: 'knit' } });
    fireEvent.click(screen.getByTestId('discovery-search'));
    await waitFor(() => expect(screen.queryByText('Brand Co.')).toBeNull());
    expect(server.calls('utilsapi/discovery/companies').at(-1)!.query.get('keyword')).toBe('knit');
  });

  it.each([
    ['en', 'Shanghai', 'Guangdong · Foshan'],
    ['zh', '上海市', '广东省 · 佛山市'],
  ] as const)('%s: places read in the page’s language, a municipality once (issue 23)', { timeout: 30_000 }, async (lang, shanghai, foshan) => {
    setLang(lang);
    fakeServer()
      .on('GET', 'utilsapi/discovery/companies', () => ({ rows: [card('S', 'Shanghai Co.', { state: '上海市', city: '上海市' }), card('G', 'Foshan Co.')], total: 2 }))
      .on('GET', 'utilsapi/discovery/regions', () => ['上海市', '广东省']);
    render(<AppProviders><DiscoveryPage /></AppProviders>);
    await screen.findByText('Shanghai Co.');
    const lines = screen.getAllByTestId('discovery-region-line').map((n) => n.textContent);
    expect(lines).toEqual([shanghai, foshan]);
  });

  it('a failing call shows no error notification and no sign-in redirect', async () => {
    const server = fakeServer()
      .on('GET', 'utilsapi/discovery/companies', () => json(401, { code: 401, message: 'signed out' }))
      .on('GET', 'utilsapi/discovery/regions', () => []);
    render(<AppProviders><DiscoveryPage /></AppProviders>);
    await waitFor(() => expect(server.calls('utilsapi/discovery/companies')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryState(['discovery', 'companies', {}, 1, false])?.status).toBe('error'));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(window.location.pathname).not.toContain('/login');
  });

  it('a stale token in local storage leaves a visitor: no signed-in calls, no sign-out, no redirect (DSC-02)', { timeout: 30_000 }, async () => {
    storeSignedIn({ token: 'STALE' });
    const server = fakeServer()
      .on('GET', 'utilsapi/discovery/companies', () => ({ rows: [card('G', 'Knit Co.')], total: 1, signed_in: false }))
      .on('GET', 'utilsapi/discovery/regions', () => [])
      .on('GET', 'utilsapi/discovery/requests', () => json(401, { code: 401, message: 'signed out' }))
      .on('GET', 'utilsapi/discovery/friends', () => json(401, { code: 401, message: 'signed out' }));
    render(<AppProviders><DiscoveryPage /></AppProviders>);
    expect(await screen.findByText('Knit Co.')).toBeTruthy();
    expect(screen.getAllByText('Sign in to connect')).toHaveLength(1);
    expect(server.calls('utilsapi/discovery/requests')).toHaveLength(0);
    expect(server.calls('utilsapi/discovery/friends')).toHaveLength(0);
    expect(window.location.pathname).not.toContain('/login');
  });

  it('a live token shows the signed-in parts', { timeout: 30_000 }, async () => {
    storeSignedIn({ token: 'LIVE' });
    const server = fakeServer()
      .on('GET', 'utilsapi/discovery/companies', () => ({ rows: [card('G', 'Knit Co.', { connection: 'NONE' })], total: 1, signed_in: true }))
      .on('GET', 'utilsapi/discovery/regions', () => [])
      .on('GET', 'utilsapi/discovery/requests', () => [])
      .on('GET', 'utilsapi/discovery/friends', () => []);
    render(<AppProviders><DiscoveryPage /></AppProviders>);
    await screen.findByTestId('connect-G');
    await waitFor(() => expect(server.calls('utilsapi/discovery/requests')).toHaveLength(1));
  });
});

// The e-signing screens in jsdom, the network stubbed at fetch (web/src/test/fakeServer): the QR
// dialog's countdown reaching 0 → expired → a new code with a restarted countdown (ESG-02); the
// phone page's summary, its refusals in the user's language, and 'draw first'; the list's paging,
// filters and the 'no longer matches' mark — in English and Chinese.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { queryClient, i18n, setLang } from '@seamline/web/engine';
import { fakeServer, json, storeSignedIn } from '@seamline/web/testing';
import { ESIGN_PATHS, type EsignRow } from '../meta';
import './register';
import EsignListScreen from './EsignListScreen';
import { QrDialog } from './QrDialog';
import SignPage from './SignPage';

function mount(node: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

// jsdom has no 2D canvas: signature_pad gets a context that accepts every call and draws nothing.
const noCanvas = new Proxy({}, { get: (_t, key) => (key === 'canvas' ? undefined : () => undefined), set: () => true });

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(noCanvas as unknown as CanvasRenderingContext2D);
  queryClient.clear();
  storeSignedIn();
  act(() => setLang('en'));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the QR dialog', () => {
  it('counts the code down in seconds, marks it expired at 0 and makes a new one on request', async () => {
    let n = 0;
    const server = fakeServer().on('POST', 'utilsapi/esignapi/request', () => {
      n += 1;
      return { id: `r${n}`, status: 'PENDING', expires_in: n === 1 ? 2 : 100, signer_name: null, signed_at: null, node_name: n === 1 ? 'Countersign' : null, url: `/zp/collab/page/esign?code=t${n}` };
    });
    mount(<QrDialog entity="vendor" recordId="v1" open onClose={() => undefined} />);
    const qr = await screen.findByTestId('esign-qr');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('Approval node: Countersign')).toBeTruthy();
    expect(screen.getByTestId('esign-countdown').textContent).toMatch(/^Valid for [12] s$/);
    expect(new URLSearchParams(server.calls('utilsapi/esignapi/request')[0]!.rawBody!).get('DATA')).toBe(JSON.stringify({ entity: 'vendor', id: 'v1' }));

    await screen.findByTestId('esign-expired', undefined, { timeout: 5000 });
    expect(screen.getByText('This code has expired.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('esign-regenerate'));
    await waitFor(() => expect(server.calls('utilsapi/esignapi/request')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('esign-expired')).toBeNull());
    expect((await screen.findByTestId('esign-countdown')).textContent).toMatch(/^Valid for (100|99|98) s$/);
  });
});

describe('the phone signing page', () => {
  const summary = { entity_label: 'Vendor', title: 'Acme Knits', fields: [{ label: 'Vendor code', value: 'V001' }], requested_by_name: 'Bea Buyer', node_name: null, expires_in: 100 };

  it('shows the document summary and refuses to sign an empty signature', async () => {
    const server = fakeServer().on('GET', 'utilsapi/esignapi/sign/summary', () => summary);
    mount(<SignPage />, '/zp/collab/page/esign?code=abc');
    const card = await screen.findByTestId('esign-summary');
    expect(within(card).getByText('Vendor: Acme Knits')).toBeTruthy();
    expect(within(card).getByText('V001')).toBeTruthy();
    expect(within(card).getByText('Bea Buyer')).toBeTruthy();
    expect(server.calls('utilsapi/esignapi/sign/summary')[0]!.query.get('code')).toBe('abc');
    fireEvent.click(screen.getByTestId('esign-submit'));
    await screen.findByText('Please draw your signature first');
    expect(server.calls('utilsapi/esignapi/sign')).toHaveLength(0);
  });

  it("says why a code cannot be signed, in the user's language", async () => {
    act(() => setLang('zh'));
    fakeServer().on('GET', 'utilsapi/esignapi/sign/summary', () => json(410, { code: 410, message: '此签署码已过期，请在电脑上重新生成' }));
    mount(<SignPage />, '/zp/collab/page/esign?code=old');
    expect((await screen.findByTestId('esign-page-error')).textContent).toContain('此签署码已过期');
    expect(screen.getByText('无法签署')).toBeTruthy();
    // Opening a used or expired code submits nothing: no 'submission error' wording (issue 23).
    expect(screen.getByTestId('esign-page-error').textContent).not.toContain('提交信息有误');
  });

  it('without a token asks to scan a code', async () => {
    fakeServer();
    mount(<SignPage />, '/zp/collab/page/esign');
    expect(await screen.findByText('Open this page by scanning a signing QR code.')).toBeTruthy();
  });
});

describe('the signatures under a document', () => {
  it('a save on the page takes the old verdict away at once and shows the new version’s answer (issue 23)', async () => {
    const signature = { id: 's', entity: 'vendor', entity_label: 'Vendor', record_id: 'v1', title: 'Acme', status: 'SIGNED', created_at: '2026-11-24T01:00:00Z',
      expires_at: '2026-11-24T01:02:00Z', requested_by_name: 'Bea', node_seq: null, node_name: null, signer_name: 'Al Admin',
      signed_at: '2026-11-24T01:01:00Z', signer_ip: '10.0.0.7', doc_hash: 'ab'.repeat(32) } as const;
    let answer: (rows: unknown) => void = () => undefined;
    const server = fakeServer().on('GET', ESIGN_PATHS.document, (req) =>
      req.query.get('v') === '1' ? [{ ...signature, matches: true }] : new Promise((resolve) => (answer = resolve)),
    );
    const { SignCard } = await import('./SignCard');
    const view = mount(<SignCard entity="vendor" recordId="v1" version={1} />);
    expect((await screen.findByTestId('esign-match')).textContent).toBe('Matches the document');
    // The document is saved on the page: version 2.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element: <SignCard entity="vendor" recordId="v1" version={2} /> }])} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(server.calls(ESIGN_PATHS.document).some((r) => r.query.get('v') === '2')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('esign-match').textContent).toBe('Checking the document…'));
    expect(screen.queryByText('Matches the document')).toBeNull();
    act(() => answer([{ ...signature, matches: false }]));
    await waitFor(() => expect(screen.getByTestId('esign-match').textContent).toBe('Signature no longer matches'));
  });
});

describe('the list of requests and signatures', () => {
  const row = (over: Partial<EsignRow>): EsignRow => ({
    id: 'a', entity: 'vendor', entity_label: 'Vendor', record_id: 'v1', title: 'Acme Knits', status: 'SIGNED', created_at: '2026-11-24T01:00:00Z',
    expires_at: '2026-11-24T01:02:00Z', requested_by_name: 'Bea Buyer', node_seq: null, node_name: null, signer_name: 'Al Admin',
    signed_at: '2026-11-24T01:01:00Z', signer_ip: '10.0.0.7', doc_hash: 'ab'.repeat(32), matches: true, ...over,
  });

  it('pages, filters and marks a signature whose document changed', async () => {
    const server = fakeServer().on('GET', 'utilsapi/esignapi/page-list', (req) => ({
      rows: req.query.get('status') === 'EXPIRED' ? [row({ id: 'c', status: 'EXPIRED', signer_name: null, signed_at: null, signer_ip: null, doc_hash: null, matches: null })] : [row({}), row({ id: 'b', title: 'Blue Denim', matches: false })],
      total: 2,
    }));
    mount(<EsignListScreen />);
    await screen.findByText('Vendor: Blue Denim');
    expect(screen.getByText('Signature no longer matches')).toBeTruthy();
    expect(screen.getByText('Matches the document')).toBeTruthy();
    expect(server.calls('utilsapi/esignapi/page-list')[0]!.query.get('sort')).toBe('created_at');
    // jsdom is as narrow as a phone: the IP and times wait in the row's details.
    expect(screen.queryByText('10.0.0.7')).toBeNull();
    server.on('GET', 'utilsapi/esignapi/request/view', (req) => ({ ...row({ id: req.query.get('id')! }), image: 'data:image/png;base64,iVBORw0KGgo=' }));
    fireEvent.click(screen.getByText('Vendor: Acme Knits'));
    const detail = await screen.findByTestId('esign-detail');
    expect(within(detail).getByText('10.0.0.7')).toBeTruthy();
    expect(within(detail).getByText('ab'.repeat(32))).toBeTruthy();
    expect(within(detail).getByRole('img', { name: 'Signature' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.mouseDown(within(screen.getByTestId('esign-status-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Expired'));
    await waitFor(() => expect(server.calls('utilsapi/esignapi/page-list').at(-1)!.query.get('status')).toBe('EXPIRED'));
    await waitFor(() => expect(screen.queryByText('Vendor: Blue Denim')).toBeNull());
    expect(screen.getAllByText('Expired').length).toBeGreaterThan(0);
  });

  it('speaks Chinese', async () => {
    act(() => setLang('zh'));
    fakeServer().on('GET', 'utilsapi/esignapi/page-list', () => ({ rows: [row({ matches: false })], total: 1 }));
    mount(<EsignListScreen />);
    expect(await screen.findByText('签名与单据不再一致')).toBeTruthy();
    expect(screen.getByText('签署请求与签名')).toBeTruthy();
  });
});

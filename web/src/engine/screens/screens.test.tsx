// The other generic screens: read-only view (RTE-16), print (RTE-17), pickers (FORM-21),
// master-detail, sub-list, menu landing page, and the registration of master data under 'md'.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../../i18n';
import { currentUrl, renderApp } from '../../test/renderApp';
import { USER } from '../../test/session';
import { PICK_MESSAGE } from '../pick/pickBridge';
import { fieldBox, findField, posted, signedInServer, typeInto } from '../test/fixtures';

// Whole antd forms in jsdom are slow on a busy machine; the assertions, not the clock, decide.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => setLang('en'));

const DOC = {
  id: 'd1',
  version: 2,
  code: 'SO-0001',
  title: 'Basic tee',
  status: 'draft',
  priority: '2',
  quantity: 100,
  customer_ref: 'C-1',
  order_date: '2024-03-01',
  urgent: true,
  needs_b: 'N',
  vendor_id: 'v1',
  vendor_id__display: 'Acme',
  lines: [{ id: 'l1', item: 'FAB-1', qty: '1.5000', is_primary: true, line_remark: 'Rush' }],
};

const VENDORS = [
  { id: 'v1', version: 1, code: 'V001', short_name: 'Acme', full_name: 'Acme Garments Ltd', status: '10' },
  { id: 'v2', version: 1, code: 'V002', short_name: 'Blue Mill', full_name: 'Blue Mill Fabrics', status: '0' },
];

describe('read-only view (RTE-16)', () => {
  it('/page/view/{opt}: every input disabled, no save, submit or delete', async () => {
    signedInServer().on('GET', 'scmapi/test-order/view', () => DOC);
    renderApp('/page/view/test-order?id=d1');
    await findField('code');
    const panel = screen.getByTestId('document-panel');
    const inputs = [...panel.querySelectorAll('input, textarea')] as HTMLInputElement[];
    expect(inputs.length).toBeGreaterThan(20);
    for (const input of inputs) expect(input.disabled, input.id || input.name).toBe(true);
    for (const sel of panel.querySelectorAll('.ant-select')) expect(sel.classList.contains('ant-select-disabled')).toBe(true);
    for (const sw of panel.querySelectorAll('.ant-switch')) expect((sw as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('document-save')).toBeNull();
    expect(screen.queryByTestId('transition-submit')).toBeNull();
    expect(screen.queryByTestId(/child-lines-(add|remove)/)).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    // the reference shows its label, the select its option label
    expect(fieldBox('vendor_id').textContent).toContain('Acme');
    expect(fieldBox('priority').textContent).toContain('High');
    // the audit trail stays available
    expect(screen.getByTestId('open-audit')).toBeTruthy();
  });

  it('the edit route offers Save and the transitions the status allows', async () => {
    signedInServer().on('GET', 'scmapi/test-order/view', () => DOC);
    renderApp('/tst/page/test-order?id=d1');
    await findField('code');
    expect(screen.getByTestId('document-save')).toBeTruthy();
    expect(screen.getByTestId('transition-submit')).toBeTruthy();
    expect(screen.queryByTestId('transition-approve')).toBeNull(); // needs ADMIN or QA
  });

  it('a transition posts {id, version} and the audit trail lists changes', async () => {
    let stored: Record<string, unknown> = DOC;
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => stored)
      .on('POST', 'scmapi/test-order/submit', () => (stored = { ...DOC, status: 'submitted', version: 3 }))
      .on('GET', 'scmapi/test-order/audit', () => [
        { at: '2024-03-02T10:00:00.000Z', user: { username: 'ann', full_name: 'Ann Lee' }, action: 'submit', changes: [{ field: 'status', old: 'draft', new: 'submitted' }] },
      ]);
    renderApp('/tst/page/test-order?id=d1');
    await findField('code');
    fireEvent.click(screen.getByTestId('transition-submit'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(server.calls('scmapi/test-order/submit')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/submit')[0])).toEqual({ id: 'd1', version: 2 });
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 3'));
    fireEvent.click(screen.getByTestId('open-audit'));
    const entry = await screen.findByTestId('audit-entry');
    expect(entry.textContent).toContain('Submit');
    expect(entry.textContent).toContain('Ann Lee');
    expect(within(entry).getByText('Draft')).toBeTruthy();
    expect(within(entry).getByText('Submitted')).toBeTruthy();
  });
});

describe('print (RTE-17)', () => {
  it('/printpage/{opt}: header fields and child rows, nothing editable', async () => {
    signedInServer().on('GET', 'scmapi/test-order/view', () => DOC);
    renderApp('/printpage/test-order?id=d1');
    const doc = await screen.findByTestId('print-document');
    expect(doc.querySelectorAll('input, textarea, select, .ant-select')).toHaveLength(0);
    expect(doc.textContent).toContain('SO-0001');
    expect(doc.textContent).toContain('Acme');
    expect(within(screen.getByTestId('child-rows-lines')).getByText('FAB-1')).toBeTruthy();
    expect(screen.queryByTestId('document-save')).toBeNull();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByText('Print'));
    expect(print).toHaveBeenCalled();
  });
});

describe('pickers (FORM-21)', () => {
  it('a reference field picks a vendor in the modal and shows its label; the id is posted', async () => {
    const server = signedInServer()
      .on('GET', 'mdapi/vendor/page-list', () => ({ rows: VENDORS, total: 2, page: 1, size: 20 }))
      .on('POST', 'scmapi/test-order/save', (req) => ({ ...posted(req), id: 'n1', version: 1 }))
      .on('GET', 'scmapi/test-order/view', () => ({ id: 'n1', version: 1 }));
    renderApp('/tst/page/test-order');
    await findField('vendor_id');
    fireEvent.click(screen.getByTestId('pick-vendor_id'));
    const modal = await screen.findByTestId('pick-modal-vendor');
    fireEvent.click(await within(modal).findByTestId('choose-Acme'));
    await waitFor(() => expect(screen.queryByTestId('pick-modal-vendor')).toBeNull());
    await waitFor(() => expect(fieldBox('vendor_id').querySelector('.ant-select-selection-item')?.textContent).toBe('Acme'));
    typeInto('code', 'SO-9');
    typeInto('title', 'Tee');
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/save')[0]).vendor_id).toBe('v1');
  });

  it('/superdemopage/pick/{opt} returns the chosen record to the window that opened it', async () => {
    signedInServer().on('GET', 'mdapi/vendor/page-list', () => ({ rows: VENDORS, total: 2, page: 1, size: 20 }));
    const opener = { postMessage: vi.fn() };
    vi.stubGlobal('opener', opener);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderApp('/superdemopage/pick/vendor?channel=c1&field=vendor_id');
    fireEvent.click(await screen.findByTestId('choose-Acme'));
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: PICK_MESSAGE, channel: 'c1', entity: 'vendor', field: 'vendor_id', row: VENDORS[0] },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('/page/pick/{opt} returns to the calling route with the pick in its state', async () => {
    signedInServer().on('GET', 'mdapi/vendor/page-list', () => ({ rows: VENDORS, total: 2, page: 1, size: 20 }));
    const { router } = renderApp('/workspace/mailindex');
    await act(() => router.navigate('/page/pick/vendor', { state: { returnTo: '/workspace/home', field: 'vendor_id' } }));
    fireEvent.click(await screen.findByTestId('choose-Blue Mill'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/home'));
    expect(router.state.location.state).toEqual({ picked: { entity: 'vendor', field: 'vendor_id', row: VENDORS[1] } });
  });
});

describe('other screens', () => {
  it('master data is registered under md: list, and unknown names stay pending (RTE-10, MD-01)', async () => {
    signedInServer().on('GET', 'mdapi/vendor/page-list', () => ({ rows: VENDORS, total: 2, page: 1, size: 20 }));
    const { router } = renderApp('/md/index/vendor');
    expect(await screen.findByText('Blue Mill')).toBeTruthy();
    // activation states as coloured tags (MD-14)
    const tags = [...document.querySelectorAll('[data-status]')].map((n) => `${n.getAttribute('data-status')}:${n.className}`);
    expect(tags.some((t) => t.startsWith('10:') && t.includes('ant-tag-green'))).toBe(true);
    expect(tags.some((t) => t.startsWith('0:') && t.includes('ant-tag-blue'))).toBe(true);
    await act(() => router.navigate('/md/index/no-such-thing'));
    expect((await screen.findByTestId('template-pending')).getAttribute('data-template')).toBe('index');
  });

  it('master-detail: the chosen row opens beside the list', async () => {
    signedInServer()
      .on('GET', 'scmapi/test-order/page-list', () => ({ rows: [{ ...DOC, lines: undefined }], total: 1, page: 1, size: 20 }))
      .on('GET', 'scmapi/test-order/view', () => DOC);
    const { router } = renderApp('/tst/masterdetail/test-order');
    expect(await screen.findByTestId('masterdetail-empty')).toBeTruthy();
    fireEvent.click(await screen.findByText('SO-0001'));
    await findField('code');
    expect(currentUrl(router)).toBe('/tst/masterdetail/test-order?id=d1');
    expect((fieldBox('code').querySelector('input') as HTMLInputElement).value).toBe('SO-0001');
  });

  it('sub-list: a child table of a document, read-only', async () => {
    signedInServer().on('GET', 'scmapi/test-order/view', () => DOC);
    renderApp('/page/subindex/test-order?parent=test-order&id=d1&child=lines');
    const table = await screen.findByTestId('child-rows-lines');
    expect(within(table).getByText('FAB-1')).toBeTruthy();
    expect(within(table).getByText('Rush')).toBeTruthy();
    expect(table.querySelectorAll('input')).toHaveLength(0);
  });

  it('menuindex: cards of the category\'s menus from the session', async () => {
    signedInServer({ ...USER });
    renderApp('/sys/menuindex/SYS');
    expect(await screen.findByTestId('menu-card-M1')).toBeTruthy();
    expect(screen.getByTestId('menu-card-M2').textContent).toContain('Roles');
    expect(screen.queryByTestId('menu-card-M3')).toBeNull();
  });

  it('the showcase: hub, the form that shows its post body, and demo lists from memory', async () => {
    signedInServer();
    const { router } = renderApp('/superdemo');
    fireEvent.click(await screen.findByTestId('demo-tile-form'));
    await findField('code');
    typeInto('code', ' so-9 ');
    typeInto('title', ' Tee ');
    typeInto('customer_ref', 'C1');
    typeInto('lines.0.item', ' fab-1 ');
    (fieldBox('lines.0.qty').querySelector('input') as HTMLInputElement).focus();
    fireEvent.change(fieldBox('lines.0.qty').querySelector('input')!, { target: { value: '2' } });
    typeInto('confirm_code', 'x');
    fireEvent.click(screen.getByTestId('demo-submit'));
    const body = JSON.parse((await screen.findByTestId('demo-post-body')).textContent!);
    expect(body).toMatchObject({ code: 'SO-9', title: 'Tee', lines: [{ item: 'FAB-1', qty: '2', is_primary: false }] });
    expect(body).not.toHaveProperty('confirm_code');
    await act(() => router.navigate('/superdemo/ectabindex/demo-order'));
    await waitFor(() => expect(screen.getByTestId('tab-count-all').textContent).toBe('26'));
  });
});

// The entity form (FORM-01..17, VAL-20, REQ-14/15): every field type of the demo definition,
// the posted body (case, trim, skipped fields), client-side validation that sends nothing, and
// 11000 errors from the server on a field and on a child row. The network is stubbed at fetch.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { FieldType } from '@seamline/core';
import { setLang } from '../../i18n';
import { json } from '../../test/fakeServer';
import { currentUrl, renderApp } from '../../test/renderApp';
import { demoOrderEntity } from '../demo/demoEntity';
import { choose, errorsUnder, fieldBox, findField, posted, signedInServer, typeInto } from '../test/fixtures';

// Whole antd forms in jsdom are slow on a busy machine; the assertions, not the clock, decide.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const toasts = (kind: 'error' | 'success') => [...document.querySelectorAll(`[data-testid="toast-${kind}"]`)].map((n) => n.textContent);

/** The control each field type is drawn with. */
const CONTROL: Record<FieldType, string> = {
  string: 'input.ant-input',
  text: 'textarea',
  integer: '.ant-input-number input',
  decimal: 'input.ant-input',
  boolean: 'button.ant-switch',
  date: '.ant-picker input',
  datetime: '.ant-picker input',
  time: '.ant-picker input',
  select: '.ant-select',
  multiselect: '.ant-select-multiple',
  reference: '.ant-select',
  image: 'input.ant-input',
  file: 'input',
  json: 'textarea',
};

const SAVED = { id: 'n1', version: 1, code: 'SO-9', title: 'Tee', status: 'draft', quantity: 1, customer_ref: 'C1', order_date: '2024-03-13', lines: [] };

/** A stored document with two lines, valid as it stands. */
const STORED = {
  id: 'd1',
  version: 4,
  code: 'SO-0001',
  title: 'Basic tee',
  status: 'draft',
  priority: '1',
  quantity: 100,
  spare_qty: 0,
  customer_ref: 'C-1',
  order_date: '2024-03-01',
  urgent: false,
  needs_b: 'N',
  total_amount: '1250.0000',
  lines: [
    { id: 'l1', item: 'FAB-1', qty: '1.5000', is_primary: true },
    { id: 'l2', item: 'FAB-2', qty: '2.0000', is_primary: false },
  ],
};

async function openNewForm() {
  const server = signedInServer();
  const view = renderApp('/tst/page/test-order');
  await findField('code');
  return { server, ...view };
}

describe('entity form', () => {
  it('renders every field type of the demo definition with its control (FORM-01)', async () => {
    signedInServer();
    renderApp('/superdemopage/form');
    await findField('code');
    const types = new Set<FieldType>();
    for (const f of demoOrderEntity.fields) {
      const box = fieldBox(f.name);
      if (!box) continue; // hidden by its condition (b_note, pro_note)
      types.add(f.type);
      if (f.readOnly) expect(box.querySelector('[data-readonly-field]'), f.name).toBeTruthy();
      else expect(box.querySelector(CONTROL[f.type]), `${f.name} (${f.type})`).toBeTruthy();
    }
    expect([...types].sort()).toEqual([...new Set(demoOrderEntity.fields.map((f) => f.type))].sort());
    // labels in the user's language, defaults on a new form (FORM-02), the reference picker button
    expect(screen.getByText('Order code')).toBeTruthy();
    expect((fieldBox('currency').querySelector('input') as HTMLInputElement).value).toBe('CNY');
    expect(screen.getByTestId('pick-vendor_id')).toBeTruthy();
    // a child table with a primary-flag radio
    expect(document.querySelector('[data-field="lines.0.is_primary"] .ant-radio')).toBeTruthy();
  });

  it('conditions follow live values and the session (FORM-09, FORM-10, FORM-11, FORM-12)', async () => {
    await openNewForm();
    expect(fieldBox('b_note')).toBeNull();
    await choose(fieldBox('needs_b'), 'Yes');
    await findField('b_note');
    expect(fieldBox('pro_note')).toBeNull(); // the test user has no PRO licence
    const mobile = () => fieldBox('mobile').querySelector('input') as HTMLInputElement;
    expect(mobile().disabled).toBe(false);
    await choose(fieldBox('status'), 'Submitted');
    await waitFor(() => expect(mobile().disabled).toBe(true));
    // roles: BUYER alone lacks all [BUYER, QA] and any [ADMIN, QA]; not being GUEST passes the inverted check
    expect((fieldBox('qa_note').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect((fieldBox('approval_note').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect((fieldBox('public_note').querySelector('input') as HTMLInputElement).disabled).toBe(false);
    // route action 'edit' only: disabled on a new form
    expect((fieldBox('edit_only_note').querySelector('input') as HTMLInputElement).disabled).toBe(true);
  });

  it('posts trimmed and cased values and skips hidden, disabled, isNotPost and read-only fields (FORM-06..08)', async () => {
    const { server, router } = await openNewForm();
    server.on('POST', 'scmapi/test-order/save', () => SAVED).on('GET', 'scmapi/test-order/view', () => SAVED);
    typeInto('code', ' so-9 ');
    typeInto('title', '  Tee  ');
    typeInto('contact_email', ' Ann@Example.COM ');
    typeInto('customer_ref', 'C1');
    typeInto('confirm_code', 'x');
    typeInto('mobile', 'abc'); // invalid, but disabled below: neither checked nor posted
    await choose(fieldBox('status'), 'Submitted');
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    const body = posted(server.calls('scmapi/test-order/save')[0]);
    expect(body).toMatchObject({ code: 'SO-9', title: 'Tee', contact_email: 'ann@example.com', customer_ref: 'C1', status: 'submitted', quantity: 1 });
    for (const skipped of ['mobile', 'confirm_code', 'b_note', 'pro_note', 'qa_note', 'total_amount', 'edit_only_note']) {
      expect(body, skipped).not.toHaveProperty(skipped);
    }
    expect(body).not.toHaveProperty('id');
    expect(body.order_date).toMatch(/^\d{4}-\d{2}-\d{2}$/); // '@now' default of a date field
    // success: a toast, and the form stays, now on the saved document
    await waitFor(() => expect(toasts('success')).toContain('Saved successfully'));
    await waitFor(() => expect(currentUrl(router)).toBe('/tst/page/test-order?id=n1'));
    expect((await screen.findByTestId('document-version')).textContent).toBe('Version 1');
    expect(server.calls('scmapi/test-order/view')).toHaveLength(0); // the save's answer is the document
  });

  it('required and email errors appear under the fields and nothing is sent (VAL-20)', async () => {
    const { server } = await openNewForm();
    typeInto('contact_email', 'not-an-email');
    typeInto('customer_ref', 'C1');
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(toasts('error')).toContain('Please correct the input error, before submit form！'));
    await waitFor(() => expect(errorsUnder('contact_email')).toEqual(['Please enter a valid email address']));
    expect(errorsUnder('code')).toEqual(['This field is required']);
    expect(errorsUnder('title')).toEqual(['This field is required']);
    expect(server.calls('scmapi/test-order/save')).toHaveLength(0);
  });

  it('a hidden required field does not stop the save (FORM-07)', async () => {
    const { server } = await openNewForm();
    server.on('POST', 'scmapi/test-order/save', () => SAVED).on('GET', 'scmapi/test-order/view', () => SAVED);
    typeInto('code', 'SO-9');
    typeInto('title', 'Tee');
    typeInto('customer_ref', 'C1');
    await choose(fieldBox('needs_b'), 'Yes');
    await findField('b_note');
    await choose(fieldBox('needs_b'), 'No');
    await waitFor(() => expect(fieldBox('b_note')).toBeNull());
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
  });

  it('places 11000 errors on a field and on a child row; the document keeps id and version (REQ-14)', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => STORED)
      .on('POST', 'scmapi/test-order/save', () =>
        json(200, { message: 'check failed', code: 11000, data: { errors: { code: ['code exists', 'too long'], lines: [null, { qty: ['bad qty'] }] } } }),
      );
    renderApp('/tst/page/test-order?id=d1');
    await findField('lines.1.qty');
    // read-only field shown as its value, the stored select value as its label (FORM-16)
    expect(fieldBox('total_amount').textContent).toContain('1250.0000');
    expect(fieldBox('priority').textContent).toContain('Open');
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(errorsUnder('code')).toEqual(['code exists,too long']));
    expect(errorsUnder('lines.1.qty')).toEqual(['bad qty']);
    expect(errorsUnder('lines.0.qty')).toEqual([]);
    const body = posted(server.calls('scmapi/test-order/save')[0]);
    expect(body).toMatchObject({ id: 'd1', version: 4, priority: '1' });
    expect(body.lines).toEqual([
      { id: 'l1', item: 'FAB-1', qty: '1.5000', is_primary: true },
      { id: 'l2', item: 'FAB-2', qty: '2.0000', is_primary: false },
    ]);
  });

  it('a stale version (409) offers a reload with the spec message', async () => {
    let version = 4;
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => ({ ...STORED, version }))
      .on('POST', 'scmapi/test-order/save', () => json(409, { message: 'the document was changed by someone else, refresh and retry', code: 409 }));
    renderApp('/tst/page/test-order?id=d1');
    await findField('code');
    fireEvent.click(screen.getByTestId('document-save'));
    expect((await screen.findByTestId('stale-alert')).textContent).toContain('the document was changed by someone else, refresh and retry');
    version = 5;
    fireEvent.click(screen.getByTestId('stale-reload'));
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));
    expect(server.calls('scmapi/test-order/view').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before saving a change to a record in use: Cancel sends nothing more, Still process re-sends with force=1 (MD-17)', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => STORED)
      .on('POST', 'scmapi/test-order/save', (req) =>
        req.body?.get('force') === '1'
          ? { ...STORED, version: 5, title: 'Renamed' }
          : json(400, { message: 'the process is in use, still process?', code: 400, data: { warning: 'IN_USE', count: 1, usages: ['Production line “CUT-01” allows CUT'] } }),
      );
    renderApp('/tst/page/test-order?id=d1');
    await findField('title');
    typeInto('title', 'Renamed');
    const lastOf = (id: string) => screen.getAllByTestId(id).at(-1)!;

    fireEvent.click(screen.getByTestId('document-save'));
    expect((await screen.findByTestId('in-use-usages')).textContent).toBe('Production line “CUT-01” allows CUT');
    expect(document.querySelector('[data-testid="notify-error"]')).toBeNull();
    fireEvent.click(lastOf('in-use-cancel'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.calls('scmapi/test-order/save')).toHaveLength(1);
    expect(toasts('success')).toEqual([]);
    expect((fieldBox('title').querySelector('input') as HTMLInputElement).value).toBe('Renamed');

    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('in-use-still').length).toBeGreaterThan(1));
    fireEvent.click(lastOf('in-use-still'));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(3));
    const [first, , forced] = server.calls('scmapi/test-order/save');
    expect(first.body!.get('force')).toBeNull();
    expect(forced.body!.get('force')).toBe('1');
    expect(posted(forced)).toMatchObject({ id: 'd1', version: 4, title: 'Renamed' });
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));
  });

  it('a save the server wants confirmed (data.warning CONFIRM) asks with its message, no error toast; Still process re-sends with force=1', async () => {
    const message = '10.1.2.3 is a private or local address (10.1.2.3). Save it anyway?';
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => STORED)
      .on('POST', 'scmapi/test-order/save', (req) =>
        req.body?.get('force') === '1' ? { ...STORED, version: 5, title: 'Renamed' } : json(400, { message, code: 400, data: { warning: 'CONFIRM' } }),
      );
    renderApp('/tst/page/test-order?id=d1');
    await findField('title');
    typeInto('title', 'Renamed');
    fireEvent.click(screen.getByTestId('document-save'));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(document.querySelector('[data-testid="notify-error"]')).toBeNull();
    expect(screen.queryByTestId('in-use-usages')).toBeNull();
    fireEvent.click(screen.getAllByTestId('in-use-still').at(-1)!);
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(2));
    expect(server.calls('scmapi/test-order/save')[1].body!.get('force')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));
  });

  it('the primary flag behaves like a radio group across rows', async () => {
    const server = signedInServer().on('GET', 'scmapi/test-order/view', () => STORED).on('POST', 'scmapi/test-order/save', () => STORED);
    renderApp('/tst/page/test-order?id=d1');
    const second = (await findField('lines.1.is_primary')).querySelector('input') as HTMLInputElement;
    fireEvent.click(second);
    fireEvent.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    const lines = posted(server.calls('scmapi/test-order/save')[0]).lines as Array<{ is_primary: boolean }>;
    expect(lines.map((l) => l.is_primary)).toEqual([false, true]);
  });
});

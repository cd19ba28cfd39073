// Engine form guards a new user tripped over (issue 13): Enter in a date field does not submit
// the half-filled form; a field that becomes disabled drops its old error; a transition on a
// form with unsaved edits asks to save them first instead of dropping them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/renderApp';
import { choose, errorsUnder, fieldBox, findField, posted, signedInServer, typeInto } from '../test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const STORED = {
  id: 'd1', version: 4, code: 'SO-0001', title: 'Basic tee', status: 'draft', priority: '1', quantity: 100, spare_qty: 0,
  customer_ref: 'C-1', order_date: '2024-03-01', urgent: false, needs_b: 'N', total_amount: '1250.0000',
  lines: [{ id: 'l1', item: 'FAB-1', qty: '1.5000', is_primary: true }],
};

describe('engine form guards', () => {
  it('Enter in a date field is kept from submitting the form', async () => {
    const server = signedInServer();
    renderApp('/tst/page/test-order');
    const input = (await findField('order_date')).querySelector('.ant-picker input') as HTMLInputElement;
    // fireEvent answers false when a handler prevented the default (the browser's implicit submit)
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.calls('scmapi/test-order/save')).toHaveLength(0);
  });

  it('a field that becomes disabled drops its old error', async () => {
    signedInServer();
    renderApp('/tst/page/test-order');
    await findField('mobile');
    typeInto('mobile', 'abc');
    await waitFor(() => expect(errorsUnder('mobile').length).toBe(1));
    await choose(fieldBox('status'), 'Submitted');
    await waitFor(() => expect((fieldBox('mobile').querySelector('input') as HTMLInputElement).disabled).toBe(true));
    await waitFor(() => expect(errorsUnder('mobile')).toEqual([]));
  });

  it('a transition with unsaved edits asks to save first; "Save and submit" saves them, then submits the saved version (issue 23)', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => STORED)
      .on('POST', 'scmapi/test-order/save', (req) => ({ ...STORED, ...posted(req), version: 5 }))
      .on('POST', 'scmapi/test-order/submit', () => ({ ...STORED, status: 'submitted', version: 5 }));
    renderApp('/tst/page/test-order?id=d1');
    await findField('title');
    typeInto('title', 'Renamed');
    fireEvent.click(screen.getByTestId('transition-submit'));
    expect((await screen.findAllByText('Unsaved changes')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('This form has changes that are not saved. Save them first, then Submit.').length).toBeGreaterThan(0);
    const button = screen.getAllByTestId('unsaved-save').at(-1)!;
    expect(button.textContent).toBe('Save and submit');
    fireEvent.click(button);
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/save')[0]).title).toBe('Renamed');
    // No second confirmation: the saved version is submitted.
    await waitFor(() => expect(server.calls('scmapi/test-order/submit')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/submit')[0])).toMatchObject({ id: 'd1', version: 5 });
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));
  });
});

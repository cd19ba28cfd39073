// Yes/no switches of the engine form (issue 13): the stored value shows, a click flips it both
// ways, the save posts what the switch shows, and a reopened document shows the saved value.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/renderApp';
import { findField, posted, signedInServer } from '../test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const STORED = {
  id: 'd1', version: 4, code: 'SO-0001', title: 'Basic tee', status: 'draft', priority: '1', quantity: 100, spare_qty: 0,
  customer_ref: 'C-1', order_date: '2024-03-01', urgent: true, needs_b: 'N', total_amount: '1250.0000',
  lines: [{ id: 'l1', item: 'FAB-1', qty: '1.5000', is_primary: true, line_remark: 'r' }],
};

const urgentSwitch = async () => (await findField('urgent')).querySelector('button.ant-switch') as HTMLButtonElement;
const isOn = (b: HTMLButtonElement) => b.getAttribute('aria-checked') === 'true';

describe('engine form switch', () => {
  it('shows the stored value, toggles off and on, saves what it shows and reads it back', async () => {
    let doc: Record<string, unknown> = { ...STORED };
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => doc)
      .on('POST', 'scmapi/test-order/save', (req) => {
        // the stored lines keep their remarks (hidden, so not posted, while urgent is off)
        doc = { ...doc, urgent: posted(req).urgent, version: (doc.version as number) + 1 };
        return doc;
      });
    renderApp('/tst/page/test-order?id=d1');
    expect(isOn(await urgentSwitch())).toBe(true); // a stored true shows on

    fireEvent.click(await urgentSwitch());
    await waitFor(async () => expect(isOn(await urgentSwitch())).toBe(false));
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/save')[0]).urgent).toBe(false);
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));

    cleanup(); // reopen: the saved false shows off
    renderApp('/tst/page/test-order?id=d1');
    await waitFor(async () => expect(screen.getByTestId('document-version').textContent).toBe('Version 5'));
    expect(isOn(await urgentSwitch())).toBe(false);

    fireEvent.click(await urgentSwitch());
    await waitFor(async () => expect(isOn(await urgentSwitch())).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(2));
    expect(posted(server.calls('scmapi/test-order/save')[1]).urgent).toBe(true);

    cleanup();
    renderApp('/tst/page/test-order?id=d1');
    await waitFor(async () => expect(screen.getByTestId('document-version').textContent).toBe('Version 6'));
    expect(isOn(await urgentSwitch())).toBe(true);
  });
});

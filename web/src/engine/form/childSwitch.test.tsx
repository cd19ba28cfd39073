// A yes/no switch in a child-table row (issue 13: the RFI question's 'answer required' showed the
// wrong state after reload): the stored value shows, a click turns it off, the save posts what the
// row shows, and the reopened document shows the saved value.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { defineEntity } from '@seamline/core';
import { setLang } from '../../i18n';
import { registerEntity } from '../registry';
import { renderApp } from '../../test/renderApp';
import { posted, signedInServer, testOrder } from '../test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

const L = (en: string, zh: string) => ({ en, zh });
// The RFI question rows of a sourcing project, on the engine's test order.
const rfiOrder = defineEntity({
  ...testOrder,
  name: 'rfi-order',
  table: 'rfi_order',
  route: { cata: 'tst', opt: 'rfi-order' },
  children: [
    {
      name: 'rfi_questions',
      label: L('RFI questions', '信息征询问题'),
      fields: [
        { name: 'question', type: 'string', label: L('Question', '问题'), required: true },
        { name: 'required', type: 'boolean', label: L('Answer required', '必答'), defaultValue: false },
      ],
    },
  ],
});
registerEntity(rfiOrder);

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const STORED = {
  id: 'd1', version: 1, code: 'SO-0001', title: 'Basic tee', status: 'draft', priority: '1', quantity: 100, spare_qty: 0,
  customer_ref: 'C-1', order_date: '2024-03-01', urgent: false,
  rfi_questions: [{ id: 'q1', question: 'Certificates?', required: true }],
};

const rowSwitch = async () => {
  await waitFor(() => expect(document.querySelector('[data-child="rfi_questions"] button.ant-switch, .ant-table button.ant-switch')).toBeTruthy(), { timeout: 30_000 });
  return document.querySelector('.ant-table button.ant-switch') as HTMLButtonElement;
};
const isOn = (b: HTMLButtonElement) => b.getAttribute('aria-checked') === 'true';

describe('child-table switch', () => {
  it('shows the stored true, turns off, saves false and reads it back', async () => {
    let doc: Record<string, unknown> = { ...STORED };
    const server = signedInServer()
      .on('GET', 'scmapi/rfi-order/view', () => doc)
      .on('POST', 'scmapi/rfi-order/save', (req) => (doc = { ...doc, rfi_questions: posted(req).rfi_questions, version: (doc.version as number) + 1 }));
    renderApp('/tst/page/rfi-order?id=d1');
    expect(isOn(await rowSwitch())).toBe(true);
    fireEvent.click(await rowSwitch());
    await waitFor(async () => expect(isOn(await rowSwitch())).toBe(false));
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(server.calls('scmapi/rfi-order/save')).toHaveLength(1));
    expect((posted(server.calls('scmapi/rfi-order/save')[0]).rfi_questions as Array<Record<string, unknown>>)[0]).toMatchObject({ id: 'q1', required: false });

    cleanup();
    renderApp('/tst/page/rfi-order?id=d1');
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 2'), { timeout: 30_000 });
    expect(isOn(await rowSwitch())).toBe(false);
  });
});

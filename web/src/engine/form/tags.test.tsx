// Free tags (issue 13): a multiselect with freeEntry keeps what the user types beside the listed
// options, posts it, and shows it again when the document is reopened. A plain multiselect still
// offers only its options.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/renderApp';
import { findField, posted, signedInServer } from '../test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => message.destroy());

const STORED = {
  id: 'd1', version: 1, code: 'SO-0001', title: 'Basic tee', status: 'draft', priority: '1', quantity: 100, spare_qty: 0,
  customer_ref: 'C-1', order_date: '2024-03-01', urgent: false, tags: ['ECO'], lines: [],
};

const shownTags = async () => [...(await findField('tags')).querySelectorAll('.ant-select-selection-item-content')].map((n) => n.textContent);

describe('engine multiselect with free tags', () => {
  it.each([
    ['en' as const, 'Sustainable'],
    ['zh' as const, '环保'],
  ])('%s: a typed tag is kept, saved and read back', async (lang, eco) => {
    setLang(lang);
    let doc: Record<string, unknown> = { ...STORED };
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/view', () => doc)
      .on('POST', 'scmapi/test-order/save', (req) => (doc = { ...doc, tags: posted(req).tags, version: (doc.version as number) + 1 }));
    renderApp('/tst/page/test-order?id=d1');
    await waitFor(async () => expect(await shownTags()).toEqual([eco]));

    const input = (await findField('tags')).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Rush 48h' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(async () => expect(await shownTags()).toEqual([eco, 'Rush 48h']));
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(server.calls('scmapi/test-order/save')).toHaveLength(1));
    expect(posted(server.calls('scmapi/test-order/save')[0]).tags).toEqual(['ECO', 'Rush 48h']);

    cleanup();
    renderApp('/tst/page/test-order?id=d1');
    await waitFor(async () => expect(await shownTags()).toEqual([eco, 'Rush 48h']));
  });
});

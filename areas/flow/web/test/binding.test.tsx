// A saved flow binding on its generic screen (issue 23): the header names the document type in the
// UI language ('采购需求', not the key 'purchase-requirement'), and the flow reads 'CODE · name'
// (a copy keeps its flow's name).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, USER, signedInServer } from '@seamline/web/testing';

// The first render compiles the route table's screens: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
const SLOW = { timeout: 90_000 };

const BINDING = {
  id: 'b1',
  version: 1,
  entity: 'purchase-requirement',
  process_id: 'p2',
  comment: null,
  _labels: { process_id: 'PR_APPR_COPY · Purchase requirement approval' },
};

describe('flow binding screen', () => {
  it.each([
    ['zh', '采购需求'],
    ['en', 'Purchase requirement'],
  ] as const)('%s: the header shows the document type, the flow its code and name', async (lang, title) => {
    setLang(lang);
    signedInServer({ ...USER, user_type: 'ADMIN' } as never).on('GET', 'crossapi/superdesignapi/flow-binding/view', () => BINDING);
    renderApp('/sys/page/flow-binding?id=b1');
    await waitFor(() => expect(screen.getByTestId('document-title').textContent).toBe(title), SLOW);
    expect(document.body.textContent).not.toContain('purchase-requirement');
    expect(document.body.textContent).toContain('PR_APPR_COPY · Purchase requirement approval');
  });
});

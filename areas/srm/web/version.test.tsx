// A stage action after saving the project form (issue 13): the workspace must post the version
// the save answered, not the one it loaded before ('changed by someone else' otherwise).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '@seamline/web/engine';
import { renderApp, posted, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

async function confirmPopup() {
  const pop = await waitFor(() => {
    const el = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!el) throw new Error('no confirm');
    return el as HTMLElement;
  });
  await act(async () => fireEvent.click(pop));
}

describe('sourcing project workspace', () => {
  it('a stage action after a save posts the saved version', async () => {
    const project = { id: 'P1', version: 7, code: 'SP2611001', name: 'SS27 shirting', currency: 'USD', info_stage: '0', rfi_status: 'none', publish_stage: '0', inquiry_status: 'none', eval_stage: '0', items: [], rfi_questions: [] };
    let workspaceCalls = 0;
    const srv = signedInServer()
      .on('GET', 'srmapi/sourcing-project/view', () => project)
      .on('GET', 'utilsapi/meta/entities', () => [])
      // the workspace answers what it loaded first: a slow or skipped refresh must not matter
      .on('GET', 'srmapi/sourcing-project/workspace', () => {
        workspaceCalls++;
        return { project: { ...project, version: 7 }, actions: ['publish'], facts: {}, invitations: [], rfi_records: [], approval: null };
      })
      .on('GET', 'srmapi/invitation/candidates', () => [])
      .on('POST', 'srmapi/sourcing-project/save', () => ({ ...project, version: 8 }))
      .on('POST', 'srmapi/sourcing-project/publish', () => ({ ...project, version: 9 }));
    renderApp('/srm/page/rfq?id=P1');
    await screen.findByTestId('action-publish', undefined, { timeout: 60_000 });
    await act(async () => fireEvent.click(screen.getByTestId('document-save')));
    await waitFor(() => expect(srv.calls('srmapi/sourcing-project/save')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('document-version').textContent).toBe('Version 8'));
    expect(workspaceCalls).toBeGreaterThanOrEqual(1);
    fireEvent.click(screen.getByTestId('action-publish'));
    await confirmPopup();
    await waitFor(() => expect(srv.calls('srmapi/sourcing-project/publish')).toHaveLength(1));
    expect(posted(srv.calls('srmapi/sourcing-project/publish')[0])).toEqual({ id: 'P1', version: 8 });
  });

  it('a posting time shows in the format of the screen language, not the browser (issue 13)', async () => {
    setLang('zh');
    const at = new Date(2026, 10, 24, 1, 35, 33).toISOString();
    signedInServer()
      .on('GET', 'srmapi/sourcing-project/view', () => ({ id: 'P1', version: 7, code: 'SP2611001', name: 'SS27', items: [], rfi_questions: [] }))
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'srmapi/sourcing-project/workspace', () => ({
        project: { id: 'P1', version: 7, info_stage: '0', rfi_status: 'none', publish_stage: '10', inquiry_status: 'quoting', eval_stage: '0' },
        actions: [], facts: {}, rfi_records: [], approval: null,
        invitations: [{ id: 'V1', version: 1, supplier_name: 'Demo Mill', status: 'posted', posted_at: at }],
      }))
      .on('GET', 'srmapi/invitation/candidates', () => [])
      .on('GET', 'srmapi/quotation/compare', () => ({ project: { id: 'P1' }, quotations: [], items: [] }));
    renderApp('/srm/page/rfq?id=P1');
    fireEvent.click(await screen.findByText(/^邀请/, { selector: '.ant-tabs-tab-btn' }, { timeout: 60_000 }));
    const table = await screen.findByTestId('invitations', undefined, { timeout: 60_000 });
    expect(table.textContent).toContain('2026/11/24 01:35:33');
  });
});

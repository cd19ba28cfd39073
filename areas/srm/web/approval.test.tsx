// The sourcing project page while publishing awaits approval (docs/sourcing.md 'Approval'): the
// 'awaiting approval' tag in both languages, the flow area's approval panel under the stages, no
// Select in the comparison; and neither once the step is not awaiting approval.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, signedInServer } from '@seamline/web/testing';
import { mockReactFlowDom } from '../../flow/web/test/reactFlowDom';
import { CPM } from '../../flow/web/panel/cpmApi';

vi.setConfig({ testTimeout: 30_000 });
mockReactFlowDom();
beforeEach(() => setLang('en'));

const PROJECT = { id: 'P1', version: 7, code: 'SP2611001', name: 'SS27 shirting', info_stage: '0', rfi_status: 'none', publish_stage: '10', inquiry_status: 'closed', eval_stage: '20' };
const APPROVAL = { pid: 'I1', action: 'select', payload: { quotation_id: 'QA' }, status_code: 'S20', text: 'Manager check', color: 'orange' };
const VIEW = {
  pid: 'I1',
  entity: 'sourcing-project',
  record_id: 'P1',
  title: 'SP2611001 SS27 shirting',
  status: 'PENDING_ARRPOVE',
  current_seq: 20,
  current_status_code: 'S20',
  node_version: 2,
  initiator: { id: 'u1', full_name: 'Ann Lee' },
  doc_status: null,
  action: 'select',
  process: { code: 'SRC_APPR', name: 'Sourcing approval' },
  nodes: [{ seq: 20, status_code: 'S20', text: 'Manager check', color: 'orange', sign_type: 'OR', is_end: true, current: true, outcome: 'PENDING', approvers: [{ id: 'a1', full_name: 'Olivia Chen', outcome: 'PENDING' }] }],
  history: [{ at: '2026-11-20T09:00:00Z', user: { id: 'u1', full_name: 'Ann Lee' }, action: 'SUBMIT', seq: null, status_code: null, target_seq: null, comment: 'select' }],
};
const COMPARE = {
  project: PROJECT,
  approval: APPROVAL,
  quotations: [{ id: 'QA', version: 3, supplier_name: 'Demo Garment Factory', status: 'posted', currency: 'USD', evaluation_score: null }],
  items: [{ id: 'I1', name: 'Denim', best_price: '5.1000', offers: [{ quotation_id: 'QA', unit_price: '5.1000', lead_time_days: 14, tiers: [] }] }],
};

function server(approval: typeof APPROVAL | null) {
  return signedInServer()
    .on('GET', 'srmapi/sourcing-project/view', () => ({ ...PROJECT, items: [], rfi_questions: [] }))
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'srmapi/sourcing-project/workspace', () => ({ project: PROJECT, approval, actions: ['end-publishing'], facts: {}, invitations: [], rfi_records: [] }))
    .on('GET', 'srmapi/invitation/candidates', () => [])
    .on('GET', 'srmapi/quotation/compare', () => ({ ...COMPARE, approval }))
    .on('GET', CPM.pidFromUi, () => ({ pid: 'I1', status: 'PENDING_ARRPOVE' }))
    .on('GET', CPM.view, () => VIEW)
    .on('GET', CPM.nodeActions, () => [{ action: 'APPROVE', label: { en: 'Approve', zh: '审批通过' }, text: '' }])
    .on('GET', CPM.scenario, () => null);
}

describe('sourcing project awaiting approval', () => {
  it('shows the step awaiting approval and the approval panel, and offers no Select meanwhile', async () => {
    const srv = server(APPROVAL);
    renderApp('/srm/page/rfq?id=P1');
    const tag = await screen.findByTestId('awaiting-approval', undefined, { timeout: 20_000 });
    expect(tag.textContent).toBe('Awaiting approval: Award · Manager check');
    await screen.findByTestId('approval-panel', undefined, { timeout: 20_000 });
    await waitFor(() => expect(srv.calls(CPM.pidFromUi)[0]?.query.get('entity')).toBe('sourcing-project'));
    await screen.findByTestId('comparison');
    expect(screen.queryAllByTestId('select-quotation')).toHaveLength(0);
  });

  it('says it in Chinese', async () => {
    setLang('zh');
    server(APPROVAL);
    renderApp('/srm/page/rfq?id=P1');
    const tag = await screen.findByTestId('awaiting-approval', undefined, { timeout: 20_000 });
    expect(tag.textContent).toBe('待审批：定标 · Manager check');
  });

  it('shows neither without an approval, and Select is offered', async () => {
    const srv = server(null);
    renderApp('/srm/page/rfq?id=P1');
    expect((await screen.findAllByTestId('select-quotation', undefined, { timeout: 20_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
    expect(screen.queryByTestId('approval-panel')).toBeNull();
    expect(srv.calls(CPM.pidFromUi)).toHaveLength(0);
  });
});

// The match view (390 px): a held invoice shows each held line's reason in the reader's language,
// the supplier corrects a price as text (never a float) and saves, then resubmits; the buyer of a
// matched invoice sees Approve and Reject, never the supplier's edit fields.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { posted, renderApp, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 240_000 });
beforeEach(() => setLang('en'));

const LINE = { id: 'L1', seq: 0, order_code: 'PO-7', style_code: 'SH-1', colour: 'Navy', size: 'M', qty: '60.0000', price: '8.5000', amount: '510.0000', order_price: '8.2000', received_qty: '60.0000' };
const DOC = {
  id: 'I1', version: 3, code: 'INV-ASN-1-1', status: 'HELD', side: 'owner', currency: 'CNY', bill_on: 'received', tax_rate: '13.0000',
  invoice_date: '2026-11-28', due_date: '2027-01-27', subtotal: '510.0000', tax_amount: '66.3000', total: '576.3000', paid_amount: '0.0000',
  set_off_amount: '0.0000', open_amount: '576.3000', supplier_name: 'Demo Garment Factory', buyer_name: 'Demo Brand Co.', shipment_code: 'ASN-1',
  payments: [], set_offs: [], actions: ['submit'],
};

function server(doc: Record<string, unknown>) {
  return signedInServer()
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'scmapi/finance/invoice/view', () => doc)
    .on('POST', 'scmapi/finance/invoice/save', () => doc)
    .on('POST', 'scmapi/finance/invoice/submit', () => doc);
}

describe('match view', () => {
  it('shows the held reason; the supplier corrects the price as text, saves, then submits', async () => {
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const srv = server({ ...DOC, lines: [{ ...LINE, match_status: 'HELD', held_reason: 'price 8.5000 above order 8.2000 by 3.66%' }] });
    renderApp('/scm/page/finance?invoice=I1');
    await screen.findByTestId('invoice-view', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('held-reason-0').textContent).toBe('price 8.5000 above order 8.2000 by 3.66%');
    expect(screen.getByTestId('held-alert').textContent).toContain('1 line(s) held');
    expect(screen.getByTestId('invoice-total').textContent).toContain('576.3000');
    // A correction must be saved before submitting.
    fireEvent.change(screen.getByTestId('edit-price-0'), { target: { value: '8.4000' } });
    expect(screen.getByTestId('action-submit')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('save-lines'));
    await waitFor(() => expect(srv.calls('scmapi/finance/invoice/save')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/finance/invoice/save')[0])).toEqual({ id: 'I1', version: 3, lines: [{ id: 'L1', qty: '60.0000', price: '8.4000' }] });
    await waitFor(() => expect(screen.getByTestId('action-submit')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('action-submit'));
    await waitFor(() => expect(srv.calls('scmapi/finance/invoice/submit')).toHaveLength(1));
  });

  it('the buyer of a matched invoice approves or rejects, and edits nothing (in Chinese)', async () => {
    setLang('zh');
    server({ ...DOC, status: 'MATCHED', side: 'counterpart', actions: ['approve', 'reject'], lines: [{ ...LINE, price: '8.4000', match_status: 'MATCHED', held_reason: null }] });
    renderApp('/scm/page/finance?invoice=I1');
    await screen.findByTestId('invoice-view', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('match-0').textContent).toBe('已匹配');
    expect(screen.queryByTestId('edit-price-0')).toBeNull();
    // antd spaces two Chinese characters on a button.
    expect(screen.getByTestId('action-approve').textContent?.replace(/\s/g, '')).toBe('批准');
    expect(screen.getByTestId('action-reject').textContent?.replace(/\s/g, '')).toBe('退回');
    expect(screen.getByTestId('status-MATCHED').textContent).toBe('已匹配');
  });

  it('credit notes: the amount is checked as text before posting, the supplier confirms, and answers the buyer\'s request (390 px, in Chinese)', async () => {
    setLang('zh');
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const asked = { id: 'C2', version: 1, code: 'CN-INV-ASN-1-1-2', note_date: '2026-11-29', amount: '100.0000', reason: '短码', status: 'OPEN', by: 'buyer', mine: false };
    const doc = {
      ...DOC, status: 'PARTLY_PAID', actions: [], can_credit: true, credit_amount: '26.6000', open_amount: '549.7000',
      shipments: [{ id: 'S1', code: 'ASN-1' }, { id: 'S2', code: 'ASN-2' }],
      lines: [{ ...LINE, match_status: 'MATCHED', shipment_code: 'ASN-1' }, { ...LINE, id: 'L2', seq: 1, size: 'L', match_status: 'MATCHED', shipment_code: 'ASN-2' }],
      credit_notes: [{ id: 'C1', version: 1, code: 'CN-INV-ASN-1-1-1', note_date: '2026-11-28', amount: '26.6000', reason: '补偿', status: 'APPLIED', by: 'supplier', mine: true }, asked],
    };
    const srv = server(doc).on('POST', 'scmapi/finance/credit-note/issue', () => doc).on('POST', 'scmapi/finance/credit-note/accept', () => doc);
    renderApp('/scm/page/finance?invoice=I1');
    await screen.findByTestId('invoice-view', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('invoice-shipments').textContent).toBe('ASN-1, ASN-2');
    expect(screen.getByTestId('credit-notes').textContent).toContain('待供应商确认');
    // A float-looking or too-large amount never leaves the form.
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '1.23456' } });
    fireEvent.change(screen.getByTestId('credit-reason'), { target: { value: '让利' } });
    fireEvent.click(screen.getByTestId('credit-issue'));
    expect(await screen.findByText('金额须大于 0，最多 4 位小数')).toBeTruthy();
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('credit-issue'));
    expect(await screen.findByText(/不能超过尚欠金额/)).toBeTruthy();
    expect(srv.calls('scmapi/finance/credit-note/issue')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('credit-amount'), { target: { value: '49.70' } });
    fireEvent.click(screen.getByTestId('credit-issue'));
    fireEvent.click(await screen.findByTestId('credit-confirm'));
    await waitFor(() => expect(srv.calls('scmapi/finance/credit-note/issue')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/finance/credit-note/issue')[0])).toEqual({ invoice_id: 'I1', amount: '49.70', reason: '让利' });
    // The buyer's request: the supplier accepts it.
    fireEvent.click(screen.getByTestId(`credit-accept-${asked.code}`));
    expect(srv.calls('scmapi/finance/credit-note/accept')).toHaveLength(0); // confirmed first
    fireEvent.click(await screen.findByTestId('credit-accept-confirm'));
    await waitFor(() => expect(srv.calls('scmapi/finance/credit-note/accept')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/finance/credit-note/accept')[0])).toEqual({ id: 'C2', version: 1 });
  });

  it("with the buyer's bound flow, approve reads 'Send for approval'; while the flow runs, approve and reject wait for it", async () => {
    const base = { ...DOC, status: 'MATCHED', side: 'counterpart', actions: ['approve', 'reject'], approval_flow: true, lines: [{ ...LINE, match_status: 'MATCHED', held_reason: null }] };
    server(base);
    renderApp('/scm/page/finance?invoice=I1');
    await screen.findByTestId('invoice-view', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('action-approve').textContent).toBe('Send for approval');
    expect(screen.queryByTestId('approval-running')).toBeNull();
  });

  it('a running approval flow shows its node; approve and reject are not offered (in Chinese)', async () => {
    setLang('zh');
    server({ ...DOC, status: 'MATCHED', side: 'counterpart', actions: ['approve', 'reject'], approval_flow: true, lines: [{ ...LINE, match_status: 'MATCHED', held_reason: null }],
      approval: { pid: 'P1', node: '财务审核', text: '该发票正在审批流程中(当前节点：财务审核)，须在流程中处理' } });
    renderApp('/scm/page/finance?invoice=I1');
    await screen.findByTestId('invoice-view', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('approval-running').textContent).toContain('当前节点：财务审核');
    expect(screen.queryByTestId('action-approve')).toBeNull();
    expect(screen.queryByTestId('action-reject')).toBeNull();
  });
});

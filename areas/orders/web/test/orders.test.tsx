// The orders screens the engine does not draw: the action buttons of a shared order (a rejection
// needs a reason; completing short of the order asks again and then confirms), and the planning
// calendar (chips per line and day, a locked one not draggable, a drop moves a draft).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, json, posted, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => setLang('en'));

const ORDER = { id: 'O1', version: 3, code: 'PO-1', status: 'OPEN', total_qty: '100.0000', produced_qty: '0', total_amount: '4212.3400', buyer_name: 'Demo Brand Co.', lines: [] };

function orderServer(doc: Record<string, unknown>, side: 'owner' | 'counterpart' = 'owner') {
  return signedInServer()
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'scmapi/customer-order/placed-list', () => ({ rows: [], total: 0, page: 1, size: 20 }))
    .on('GET', 'scmapi/customer-order/shared-view', () => ({ doc, side, owner_name: 'Demo Garment Factory', actions: [] }));
}

describe('actions of a shared customer order', () => {
  it('reject asks for a reason: empty is blocked on the screen, a reason is sent', { timeout: 240_000 }, async () => {
    const srv = orderServer(ORDER).on('POST', 'scmapi/customer-order/reject', () => ({ ...ORDER, status: 'CANCELLED', reject_reason: 'price', version: 4 }));
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 150_000 });
    expect(within(view).getByTestId('status-OPEN').textContent).toBe('Pending acceptance');
    fireEvent.click(within(view).getByTestId('action-reject'));
    fireEvent.click(await screen.findByTestId('action-dialog-ok'));
    await screen.findByText('Required');
    expect(srv.calls('scmapi/customer-order/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'price' } });
    fireEvent.click(screen.getByTestId('action-dialog-ok'));
    await waitFor(() => expect(srv.calls('scmapi/customer-order/reject')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/customer-order/reject')[0])).toEqual({ id: 'O1', version: 3, reason: 'price' });
  });

  it('complete short of the order asks for confirmation with the server’s words, then completes with confirm', async () => {
    const doc = { ...ORDER, status: 'IN_PROGRESS' };
    let n = 0;
    const srv = orderServer(doc).on('POST', 'scmapi/customer-order/complete', () =>
      ++n === 1
        ? json(400, { code: 400, message: 'Only 80 of 100 pcs ordered are finished. Complete the order anyway?', data: { warning: 'SHORT_FINISH', finished: '80.0000', ordered: '100.0000' } })
        : { ...doc, status: 'COMPLETED', finished_qty: '80.0000', version: 4 },
    );
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 60_000 });
    fireEvent.click(within(view).getByTestId('action-complete'));
    fireEvent.change(await screen.findByTestId('finished-qty'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('action-dialog-ok'));
    await screen.findByText('Only 80 of 100 pcs ordered are finished. Complete the order anyway?');
    fireEvent.click(screen.getByTestId('confirm-short-finish'));
    await waitFor(() => expect(srv.calls('scmapi/customer-order/complete')).toHaveLength(2));
    const [first, second] = srv.calls('scmapi/customer-order/complete').map(posted);
    expect(first).toEqual({ id: 'O1', version: 3, finished_qty: '80' });
    expect(second).toEqual({ id: 'O1', version: 3, finished_qty: '80', confirm: 1 });
  });

  it('the brand’s side offers only Withdraw, in Chinese too', async () => {
    setLang('zh');
    orderServer(ORDER, 'counterpart');
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 60_000 });
    expect(within(view).getByTestId('order-actions').textContent).toBe('撤 回');
    expect(within(view).getByTestId('status-OPEN').textContent).toBe('待接单');
    // The brand placed it: its own words, not the other side's 'shared with us' (issue 23).
    expect(within(view).getByTestId('shared-side').textContent).toBe('我方向Demo Garment Factory下的订单');
  });

  it('the brand reads its order as placed with the factory; the factory as received from the brand', async () => {
    orderServer(ORDER, 'counterpart');
    const first = renderApp('/scm/index/customer-order?id=O1');
    expect((await screen.findByTestId('shared-side', undefined, { timeout: 60_000 })).textContent).toBe('Placed by us with Demo Garment Factory');
    first.unmount();
    orderServer(ORDER, 'owner');
    renderApp('/scm/index/customer-order?id=O1');
    expect((await screen.findByTestId('shared-side', undefined, { timeout: 60_000 })).textContent).toBe('Received from Demo Brand Co.');
  });
});

describe('planning calendar', () => {
  const CAL = {
    from: '2026-03-02',
    to: '2026-03-15',
    lines: [{ id: 'L1', code: 'CUT-01', name: 'Cutting line 1', status: 'active', plant: 'FS-01' }],
    orders: [
      { id: 'W1', version: 2, code: 'PP-1-01', status: 'DRAFT', line: 'L1', start: '2026-03-02', end: '2026-03-03', qty: '100', completed: '0', style: 'SH', process: 'Cutting', order_code: 'PO-1' },
      { id: 'W2', version: 5, code: 'PP-2-01', status: 'PLANNED', line: 'L1', start: '2026-03-04', end: '2026-03-04', qty: '50', completed: '0', style: 'SH', process: 'Cutting', order_code: 'PO-2' },
      { id: 'W3', version: 1, code: 'PP-3-02', status: 'PENDING', line: null, start: null, end: null, qty: '50', completed: '0', style: 'SH', process: 'Sewing', order_code: 'PO-3' },
    ],
    load: [
      { line: 'L1', day: '2026-03-02', planned: '4.0000', capacity: '8.0000', over: false },
      { line: 'L1', day: '2026-03-03', planned: '10.5000', capacity: '8.0000', over: true },
    ],
  };

  it('shows work orders per line and day; a draft dropped on a day moves; a locked one cannot be dragged', async () => {
    const srv = signedInServer()
      .on('GET', 'scmapi/work-order/calendar', () => CAL)
      .on('POST', 'scmapi/work-order/reschedule', () => ({ id: 'W1' }));
    renderApp('/zp/prodmgm/calendarview/work-order?from=2026-03-04');
    await screen.findByTestId('cal-grid', undefined, { timeout: 60_000 });
    // The week of the given day, two weeks long.
    expect(screen.getByTestId('cal-range').textContent).toBe('2026-03-02 → 2026-03-15');
    expect(srv.calls('scmapi/work-order/calendar')[0].query.get('from')).toBe('2026-03-02');
    await within(await screen.findByTestId('cal-cell-CUT-01-2026-03-03')).findByTestId('wo-chip-PP-1-01');
    const locked = within(screen.getByTestId('cal-cell-CUT-01-2026-03-04')).getByTestId('wo-chip-PP-2-01');
    // Each chip names its customer order and its process (issue 23).
    expect(within(screen.getByTestId('cal-cell-CUT-01-2026-03-02')).getByTestId('wo-chip-PP-1-01').textContent?.trim()).toBe('PO-1Cutting');
    expect(locked.textContent).toContain('PO-2');
    expect(locked.getAttribute('draggable')).toBe('false');
    expect(within(screen.getByTestId('cal-pending')).getByTestId('wo-chip-PP-3-02').getAttribute('draggable')).toBe('true');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '' };
    fireEvent.dragStart(within(screen.getByTestId('cal-cell-CUT-01-2026-03-02')).getByTestId('wo-chip-PP-1-01'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('cal-cell-CUT-01-2026-03-09'), { dataTransfer });
    await waitFor(() => expect(srv.calls('scmapi/work-order/reschedule')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/work-order/reschedule')[0])).toEqual({ id: 'W1', version: 2, planned_start: '2026-03-09', production_line_id: 'L1' });
    // Dragging the locked one sends nothing.
    data.clear();
    fireEvent.dragStart(locked, { dataTransfer });
    fireEvent.drop(screen.getByTestId('cal-cell-CUT-01-2026-03-10'), { dataTransfer });
    expect(srv.calls('scmapi/work-order/reschedule')).toHaveLength(1);
  });

  it('the load view shows hours planned of the line hours per day, over capacity in red, in Chinese', async () => {
    setLang('zh');
    signedInServer().on('GET', 'scmapi/work-order/calendar', () => CAL);
    renderApp('/zp/prodmgm/calendarview/work-order?from=2026-03-02&view=load');
    await screen.findByTestId('load-grid', undefined, { timeout: 60_000 });
    const fine = await within(await screen.findByTestId('load-cell-CUT-01-2026-03-02')).findByTestId('load-2026-03-02');
    expect([fine.textContent?.trim(), fine.getAttribute('data-over')]).toEqual(['4 / 8 小时', '0']);
    const over = within(screen.getByTestId('load-cell-CUT-01-2026-03-03')).getByTestId('load-2026-03-03');
    expect([over.textContent?.trim(), over.getAttribute('data-over'), over.className]).toEqual(['10.5 / 8 小时', '1', 'ord-load ord-load-over']);
    expect(screen.getByTestId('load-summary').textContent).toContain('超出产能的产线日:1 个');
    // Back to the work orders: the chips again.
    fireEvent.click(screen.getByText('工单'));
    await screen.findByTestId('cal-grid');
  });
});

describe('material orders received from a customer (issue 23)', () => {
  const MO = { id: 'M1', version: 2, code: 'MO-9', status: 'NEW', required_date: '2026-12-20', confirmed_date: null, total_amount: '1920.0000', lines: [{ id: 'L1', material_code: 'FB-POPLIN', qty: '100.0000', price: '19.2000' }] };

  it('the supplier opens the order, sees its lines and confirms it with a delivery date', async () => {
    const srv = signedInServer()
      .on('GET', 'scmapi/material-order/received-list', () => ({ rows: [{ ...MO, company_name: 'Demo Garment Factory' }], total: 1, page: 1, size: 20 }))
      .on('GET', 'scmapi/material-order/shared-view', () => ({ doc: MO, side: 'counterpart', owner_name: 'Demo Garment Factory', actions: ['confirm', 'decline'] }))
      .on('POST', 'scmapi/material-order/confirm', () => ({ ...MO, status: 'ACCEPTED', confirmed_date: '2026-12-18', version: 3 }));
    renderApp('/scm/ecindex/material-order?tab=received&id=M1');
    const view = await screen.findByTestId('material-view', undefined, { timeout: 60_000 });
    expect(within(view).getByTestId('material-side').textContent).toBe('Received from Demo Garment Factory');
    expect(view.textContent).toContain('FB-POPLIN');
    expect(within(view).getByTestId('order-actions').textContent).toBe('ConfirmDecline');
    fireEvent.click(within(view).getByTestId('action-confirm'));
    fireEvent.click(await screen.findByTestId('action-dialog-ok'));
    await screen.findByText('Required');
    expect(srv.calls('scmapi/material-order/confirm')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('confirmed-date'), { target: { value: '2026-12-18' } });
    fireEvent.click(screen.getByTestId('action-dialog-ok'));
    await waitFor(() => expect(srv.calls('scmapi/material-order/confirm')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/material-order/confirm')[0])).toEqual({ id: 'M1', version: 2, confirmed_date: '2026-12-18' });
  });
});

describe('a purchase requirement’s BOM lines under their entry (ORD-01)', () => {
  const PR = {
    id: 'P1', version: 2, code: 'PR0009', title: 'Shirts', status: 'DRAFT',
    lines: [{ id: 'E1', material_id: 'M1', qty: '10.0000' }, { id: 'E2', material_id: 'M2', qty: '5.0000' }],
    bom: [
      { id: 'B1', entry_no: 1, material_code: 'FB-POPLIN', usage: '1.2000', unit: 'm' },
      { id: 'B2', entry_no: 2, material_code: 'TR-BUTTON', usage: '6.0000', unit: 'pc' },
      { id: 'B3', entry_no: 1, material_code: 'TR-LABEL', usage: '1.0000', unit: 'pc' },
    ],
  };

  it('shows each entry with its BOM lines, and a line added under entry 2 belongs to entry 2', { timeout: 240_000 }, async () => {
    signedInServer()
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'utilsapi/dynamic-form/scenario', () => null)
      .on('GET', 'scmapi/purchase-requirement/view', () => PR);
    renderApp('/page/document/purchase-requirement?id=P1');
    const first = await screen.findByTestId('child-bom-group-1', undefined, { timeout: 150_000 });
    const second = screen.getByTestId('child-bom-group-2');
    const codes = (el: HTMLElement) => [...el.querySelectorAll('input')].map((i) => (i as HTMLInputElement).value).filter((v) => /^[A-Z]{2}-/.test(v));
    expect(codes(first)).toEqual(['FB-POPLIN', 'TR-LABEL']);
    expect(codes(second)).toEqual(['TR-BUTTON']);
    fireEvent.click(screen.getByTestId('child-bom-add-2'));
    await waitFor(() => expect(within(screen.getByTestId('child-bom-rows-2')).getAllByRole('row').length).toBe(3));
  });
});

// The orders screens the engine does not draw: the action buttons of a shared order (a rejection
// needs a reason; completing short of the order asks again and then confirms), and the planning
// calendar (chips per line and day, a locked one not draggable, a drop moves a draft).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../../../../web/src/i18n';
import { renderApp } from '../../../../web/src/test/renderApp';
import { json } from '../../../../web/src/test/fakeServer';
import { posted, signedInServer } from '../../../../web/src/engine/test/fixtures';

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
  it('reject asks for a reason: empty is blocked on the screen, a reason is sent', async () => {
    const srv = orderServer(ORDER).on('POST', 'scmapi/customer-order/reject', () => ({ ...ORDER, status: 'CANCELLED', reject_reason: 'price', version: 4 }));
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 60_000 });
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
        ? json(400, { code: 400, message: 'Only 80.0000 of 100.0000 ordered are finished. Complete the order anyway?', data: { warning: 'SHORT_FINISH', finished: '80.0000', ordered: '100.0000' } })
        : { ...doc, status: 'COMPLETED', finished_qty: '80.0000', version: 4 },
    );
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 60_000 });
    fireEvent.click(within(view).getByTestId('action-complete'));
    fireEvent.change(await screen.findByTestId('finished-qty'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('action-dialog-ok'));
    await screen.findByText('Only 80.0000 of 100.0000 ordered are finished. Complete the order anyway?');
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

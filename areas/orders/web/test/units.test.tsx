// Issue 30 on the screens: a customer order's pieces read '60 pcs', never '60.0000', in the
// engine's list and in the shared view (the unit beside every quantity, the currency's symbol
// beside every amount), in English and Chinese; a fraction of pieces is refused on the form.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 240_000 });
beforeEach(() => setLang('en'));

const ROW = { id: 'O1', version: 1, code: 'SO-60', status: 'OPEN', currency: 'USD', total_qty: '60.0000', produced_qty: '1200.0000', total_amount: '1234.5000' };

function server() {
  return signedInServer()
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'scmapi/customer-order/page-list', () => ({ rows: [ROW], total: 1, page: 1, size: 20 }))
    .on('GET', 'scmapi/customer-order/placed-list', () => ({ rows: [{ ...ROW, company_name: 'Demo Garment Factory' }], total: 1, page: 1, size: 20 }))
    .on('GET', 'scmapi/customer-order/shared-view', () => ({
      doc: { ...ROW, buyer_name: 'Demo Brand Co.', lines: [{ id: 'L1', style_code: 'ST-1', colour: 'Red', size: 'M', qty: '60.0000', price: '20.5750', amount: '1234.5000' }] },
      side: 'counterpart',
      owner_name: 'Demo Garment Factory',
      actions: [],
    }));
}

describe('quantities in their units (issue 30)', () => {
  it('the engine list shows 60 pcs, not 60.0000, grouped, in English and Chinese', async () => {
    server();
    renderApp('/scm/index/customer-order');
    const cell = await screen.findByText('60 pcs', undefined, { timeout: 150_000 });
    const row = cell.closest('tr')!;
    expect(within(row).getByText('1,200 pcs')).toBeTruthy();
    expect(row.textContent).not.toContain('.0000');
    setLang('zh');
    await screen.findByText('60 件');
    expect(screen.getByText('1,200 件')).toBeTruthy();
  });

  it('the shared view reads pieces, the order’s currency symbol and “produced 1,200 / 60 pcs”', async () => {
    server();
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 150_000 });
    expect(within(view).getAllByText('60 pcs').length).toBeGreaterThan(0);
    expect(within(view).getAllByText('$1,234.5000').length).toBe(2); // the order's amount and the line's
    expect(within(view).getByText('$20.5750')).toBeTruthy();
    expect(within(view).getByTestId('shared-progress').textContent).toContain('1,200 / 60 pcs');
    expect(view.textContent).not.toMatch(/\d\.0000(?!\d)/);
  });

  it('completing with 2.5 pieces is refused on the form in the user’s language, and nothing is sent', async () => {
    setLang('zh');
    const srv = server().on('GET', 'scmapi/customer-order/shared-view', () => ({ doc: { ...ROW, status: 'IN_PROGRESS', lines: [] }, side: 'owner', owner_name: 'Demo Garment Factory', actions: [] }));
    renderApp('/scm/index/customer-order?id=O1');
    const view = await screen.findByTestId('shared-view', undefined, { timeout: 150_000 });
    fireEvent.click(within(view).getByTestId('action-complete'));
    fireEvent.change(await screen.findByTestId('finished-qty'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('action-dialog-ok'));
    await screen.findByText('以“件”计的数量只能是整数');
    expect(screen.getByText('订单数量：60 件')).toBeTruthy();
    await waitFor(() => expect(srv.calls('scmapi/customer-order/complete')).toHaveLength(0));
  });
});

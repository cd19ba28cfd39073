// Issue 27 on the order's screen at 390 px, in English and Chinese: the factory's materials from
// the BOM (gross, free stock, on order, net per supplier, a problem named; one action orders the
// net need and the panel then reads 'nothing left to order'), and the order's T&A with its
// milestones and the event that completes each.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, fakeServer, storeSignedIn } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import '../texts';
import { MaterialsPanel } from '../MaterialsPanel';
import { TnaPanel } from '../TnaPanel';

beforeEach(() => {
  queryClient.clear();
  storeSignedIn();
  window.innerWidth = 390;
});

const line = (over: Record<string, unknown>) => ({
  material_code: 'FB-POPLIN', material_name: 'Poplin', unit: 'M', vendor_name: 'Demo Fabric Mill', gross: '16686.0000', free_stock: '1200.0000', on_order: '0.0000',
  ordered_for_order: '0.0000', net: '15486.0000', order_qty: '15486.0000', problem: null, ...over,
});

describe('materials from the BOM', () => {
  it.each([
    ['en', 'Net need', '15,486 m', 'not in your materials', 'Order the net need', 'Nothing left to order'],
    ['zh', '净需求', '15,486 米', '物料主数据中没有', '订购净需求', '已无需订购'],
  ] as const)('%s: the requirement per material, a problem named, ordered once', { timeout: 60_000 }, async (lang, netTitle, net, problem, run, nothing) => {
    setLang(lang);
    let ordered = false;
    const srv = fakeServer()
      .on('GET', 'scmapi/customer-order/materials', () => ({
        lines: ordered ? [line({ net: '0.0000', order_qty: '0.0000', on_order: '15486.0000', ordered_for_order: '15486.0000' })] : [line({}), line({ material_code: 'ZZ-1', vendor_name: null, problem: 'noMaterial' })],
        styles_without_bom: [],
        orderable: ordered ? 0 : 1,
      }))
      .on('POST', 'scmapi/customer-order/order-materials', () => {
        ordered = true;
        return { purchase_requirement: { id: 'p', code: 'PR-1' }, material_orders: [{ id: 'm', code: 'MO-1' }], requirement: {} };
      });
    render(
      <AppProviders>
        <MaterialsPanel orderId="o1" version={1} />
      </AppProviders>,
    );
    const panel = await screen.findByTestId('order-materials', undefined, { timeout: 30_000 });
    expect((await within(panel).findAllByText(netTitle)).length).toBeGreaterThan(0);
    expect((await within(panel).findByTestId('mrp-net-FB-POPLIN')).textContent).toBe(net);
    expect(within(panel).getByText(problem)).toBeTruthy();
    expect(within(panel).getByTestId('order-materials-run').textContent?.replace(/\s/g, '')).toBe(run.replace(/\s/g, ''));
    fireEvent.click(within(panel).getByTestId('order-materials-run'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(srv.calls('scmapi/customer-order/order-materials')).toHaveLength(1));
    await waitFor(() => expect(within(panel).getByTestId('order-materials-run').textContent?.replace(/\s/g, '')).toBe(nothing.replace(/\s/g, '')));
  });
});

describe('T&A on the order', () => {
  it.each([
    ['en', 'Fabric in', 'materials received', 'Done', 'last scan'],
    ['zh', 'Fabric in', '物料收齐', '完成', '末次扫码'],
  ] as const)('%s: milestones with the event that completes each', { timeout: 60_000 }, async (lang, node, event, done, lastScan) => {
    setLang(lang);
    fakeServer().on('GET', 'plmapi/node-following/for-order', () => ({
      order: { id: 'o1', code: 'DM-1' },
      plans: [
        {
          id: 'p1',
          code: 'TA-DM-1',
          basis_date: '2027-03-05',
          nodes: [
            { node_code: 'FABRIC', node_name: 'Fabric in', event: 'MATERIAL_RECEIVED', planned_date: '2027-01-24', projected_date: '2027-01-20', actual_date: '2027-01-20', state: 'done' },
            { node_code: 'SEW', node_name: 'Sewing done', event: 'SEWING_DONE', planned_date: '2027-02-18', projected_date: '2027-02-18', actual_date: null, state: 'planned' },
          ],
        },
      ],
    }));
    render(
      <AppProviders>
        <TnaPanel orderId="o1" />
      </AppProviders>,
    );
    const panel = await screen.findByTestId('order-tna', undefined, { timeout: 30_000 });
    const row = (await within(panel).findByText(node)).closest('tr')!;
    expect(within(row).getByText(event)).toBeTruthy();
    expect(within(row).getByText(done)).toBeTruthy();
    expect(within(panel).getByText(lastScan)).toBeTruthy();
    expect(panel.textContent).toContain('TA-DM-1');
  });
});

// The mill's shipment form at 390 px, in English and Chinese: a line picks one of its open,
// confirmed material orders and shows the material, its unit and what is open; a quantity over
// what is open (counting every line of that material) or a fraction of a counted unit is refused
// before anything is posted; a good notice posts once, each line naming its material order.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders, choose, fakeServer, posted, storeSignedIn } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import { MaterialShipmentForm } from '../MaterialShipmentForm';

beforeEach(() => {
  queryClient.clear();
  storeSignedIn();
  window.innerWidth = 390;
  window.dispatchEvent(new Event('resize'));
});

const OPEN = [
  { material_order_id: 'mo-1', code: 'MO-1', buyer_name: 'Demo Garment Factory', material_code: 'FB-POPLIN', unit: 'M', ordered: '100.5000', open: '60.5000' },
  { material_order_id: 'mo-1', code: 'MO-1', buyer_name: 'Demo Garment Factory', material_code: 'TH-4020', unit: 'CONE', ordered: '30.0000', open: '30.0000' },
];

const qty = (i: number, v: string) => fireEvent.change(screen.getByTestId(`material-qty-${i}`), { target: { value: v } });
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((n) => n.textContent);

describe('shipment form: material orders', () => {
  it.each([
    ['en', 'MO-1 · FB-POPLIN · 60.5 m open', 'MO-1 · TH-4020 · 30 cones open', 'FB-POPLIN in m: 60.5 m open of 100.5 m ordered (MO-1, Demo Garment Factory)',
      'Only 60.5 m of FB-POPLIN is open on MO-1 (61 m on this notice)', 'Only whole cones', 'Only 60.5 m of FB-POPLIN is open on MO-1 (70.5 m on this notice)'],
    ['zh', 'MO-1 · FB-POPLIN · 未发 60.5 米', 'MO-1 · TH-4020 · 未发 30 筒', 'FB-POPLIN(单位：米)：订购 100.5 米，未发 60.5 米(MO-1，Demo Garment Factory)',
      'MO-1 的 FB-POPLIN 只剩 60.5 米 未发(本发货单合计 61 米)', '以“筒”计只能是整数', 'MO-1 的 FB-POPLIN 只剩 60.5 米 未发(本发货单合计 70.5 米)'],
  ] as const)('%s: picks an open material, refuses over-open and fractions before posting, then posts once', { timeout: 90_000 }, async (lang, poplin, thread, openLine, over, whole, overTwoLines) => {
    setLang(lang);
    const srv = fakeServer()
      .on('GET', 'scmapi/shipment/material-orders', () => OPEN)
      .on('POST', 'scmapi/shipment/save', () => ({ id: 'S9' }));
    render(
      <AppProviders>
        <MemoryRouter>
          <MaterialShipmentForm open onClose={() => undefined} />
        </MemoryRouter>
      </AppProviders>,
    );
    const drawer = await screen.findByTestId('material-shipment', undefined, { timeout: 30_000 });
    // The drawer fits the phone.
    expect((drawer.closest('.ant-drawer-content-wrapper') as HTMLElement).style.width).toBe('390px');
    await choose(await screen.findByTestId('material-pick-0').then((n) => n.closest('.ant-select') as HTMLElement), poplin);
    expect((await screen.findByTestId('material-open-0')).textContent).toBe(openLine);
    const save = () => fireEvent.click(screen.getByTestId('material-save'));

    qty(0, '61');
    save();
    await waitFor(() => expect(errors()).toContain(over));
    // A second line of a counted material: half a cone is refused; two lines of poplin count together.
    fireEvent.click(screen.getByTestId('material-add-line'));
    await choose((await screen.findByTestId('material-pick-1')).closest('.ant-select') as HTMLElement, thread);
    qty(1, '2.5');
    qty(0, '40');
    save();
    await waitFor(() => expect(errors()).toEqual([whole]));
    fireEvent.click(screen.getByTestId('material-add-line'));
    await choose((await screen.findByTestId('material-pick-2')).closest('.ant-select') as HTMLElement, poplin);
    qty(1, '3');
    qty(2, '30.5');
    save();
    await waitFor(() => expect(errors()).toContain(overTwoLines));
    expect(srv.calls('scmapi/shipment/save')).toHaveLength(0);

    qty(2, '20.5');
    save();
    await waitFor(() => expect(srv.calls('scmapi/shipment/save')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/shipment/save')[0])).toEqual({
      carrier: null,
      tracking_ref: null,
      planned_ship_date: null,
      cartons: [{ carton_no: 1 }, { carton_no: 2 }, { carton_no: 3 }],
      lines: [
        { carton_no: 1, material_order_id: 'mo-1', style_code: 'FB-POPLIN', qty: '40' },
        { carton_no: 2, material_order_id: 'mo-1', style_code: 'TH-4020', qty: '3' },
        { carton_no: 3, material_order_id: 'mo-1', style_code: 'FB-POPLIN', qty: '20.5' },
      ],
    });
  });
});

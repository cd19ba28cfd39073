// The receive screen (390 px, keyboard wedge): a scanned SSCC ticks its carton, a wrong or
// received one says so, differences are sent with their reason, Post asks first and sends one
// receipt; in Chinese too.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, posted, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 240_000 });
beforeEach(() => setLang('en'));

const SSCC1 = '106141411234567897';
const SSCC2 = '069012340000000018';
const DOC = {
  id: 'S1',
  version: 2,
  code: 'ASN-1',
  status: 'SHIPPED',
  carrier: 'SF Express',
  tracking_ref: 'SF1',
  total_qty: '50.0000',
  received_qty: null,
  cartons: [
    { id: 'C1', carton_no: 1, sscc: SSCC1 },
    { id: 'C2', carton_no: 2, sscc: SSCC2 },
  ],
  lines: [
    { id: 'L1', carton_no: 1, style_code: 'SH-1', colour: 'White', size: 'M', qty: '30.0000' },
    { id: 'L2', carton_no: 2, style_code: 'SH-1', colour: 'White', size: 'L', qty: '20.0000' },
  ],
};

function server(received: unknown[] = []) {
  return signedInServer()
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'scmapi/shipment/shared-view', () => ({ doc: DOC, side: 'counterpart', owner_name: 'Demo Garment Factory', actions: ['receive'], received }))
    .on('GET', 'scmapi/warehouse-bin/page-list', () => ({ rows: [{ id: 'B1', code: 'DC-A-01' }, { id: 'B2', code: 'DC-A-02' }], total: 2 }))
    .on('POST', 'scmapi/shipment/receive', () => ({ doc: { ...DOC, status: 'PARTLY_RECEIVED' }, side: 'counterpart', actions: ['receive'], received: [] }));
}

const scan = (text: string) => {
  const input = screen.getByTestId('scan-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 }); // antd locks Enter until the key is up
};

describe('receive screen', () => {
  it('a scanned label ticks its carton; a difference goes with its reason; Post confirms and sends one receipt', async () => {
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const srv = server();
    renderApp('/scm/page/shipment-receive?id=S1');
    await screen.findByTestId('receive-screen', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('ticked-count').textContent).toBe('0 of 2 cartons ticked');
    scan('hello');
    expect((await screen.findByTestId('scan-feedback')).textContent).toBe('Not an SSCC: check the digits');
    scan('(00) 106141411234567880'); // a valid SSCC of another shipment
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('That label is not a carton of this shipment'));
    scan(`]C100${SSCC1}`);
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('Carton 1 ticked'));
    expect(screen.getByTestId('ticked-count').textContent).toBe('1 of 2 cartons ticked');
    expect(document.activeElement).toBe(screen.getByTestId('scan-input')); // ready for the next carton
    fireEvent.change(screen.getByTestId('reason-L1'), { target: { value: 'one stained' } });
    const counted = screen.getByTestId('counted-L1').querySelector('input') ?? screen.getByTestId('counted-L1');
    fireEvent.change(counted, { target: { value: '29' } });
    fireEvent.click(screen.getByTestId('post-receipt'));
    fireEvent.click(await screen.findByTestId('confirm-post'));
    await waitFor(() => expect(srv.calls('scmapi/shipment/receive')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/shipment/receive')[0])).toEqual({
      id: 'S1',
      cartons: ['C1'],
      bin_id: 'B1',
      lines: [{ line_id: 'L1', received_qty: '29', reason: 'one stained' }],
    });
  });

  it('a carton already received cannot be scanned again (in Chinese)', async () => {
    setLang('zh');
    server([{ line_id: 'L1', shipped_qty: '30.0000', received_qty: '30.0000', damaged_qty: '0.0000', reason: null, doc_no: 'ASN-1-R1' }]);
    renderApp('/scm/page/shipment-receive?id=S1');
    await screen.findByTestId('receive-screen', undefined, { timeout: 150_000 });
    expect(screen.getByTestId('ticked-count').textContent).toBe('已勾选 0 / 1 箱');
    scan(SSCC1);
    await waitFor(() => expect(screen.getByTestId('scan-feedback').textContent).toBe('第 1 箱已收货'));
    expect(screen.getByTestId('post-receipt')).toHaveProperty('disabled', true);
    // Ticking all takes the open cartons only.
    fireEvent.click(screen.getByTestId('tick-all'));
    expect(screen.getByTestId('ticked-count').textContent).toBe('已勾选 1 / 1 箱');
    expect(screen.getByTestId('post-receipt')).toHaveProperty('disabled', false);
  });
});

describe('labels and packing list', () => {
  it('one GS1-128 label per carton with buyer, order and contents, then the packing list', async () => {
    signedInServer()
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'scmapi/shipment/labels', () => ({
        doc: { ...DOC, buyer_name: 'Demo Brand Co.', gross_weight: '21.0000', net_weight: '19.0000', lines: DOC.lines.map((l) => ({ ...l, order_code: 'PO-7' })) },
        supplier_name: 'Demo Garment Factory',
        orders: [{ id: 'O7', code: 'PO-7' }],
        cartons: DOC.cartons.map((c) => ({
          ...c,
          sscc_text: `(00) ${c.sscc}`,
          svg: '<svg xmlns="http://www.w3.org/2000/svg" data-testid="barcode"></svg>',
          contents: DOC.lines.filter((l) => l.carton_no === c.carton_no).map((l) => ({ ...l, order_code: 'PO-7' })),
        })),
      }));
    renderApp('/scm/page/shipment-labels?id=S1');
    const label = await screen.findByTestId('label-1', undefined, { timeout: 150_000 });
    expect(label.textContent).toContain('Demo Brand Co.');
    expect(label.textContent).toContain('PO-7 · SH-1 · White · M × 30 pcs');
    expect(label.textContent).toContain(`(00) ${SSCC1}`);
    expect(label.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('label-2')).toBeTruthy();
    expect(screen.getByTestId('packing-list').textContent).toContain('Packing list ASN-1');
    // Pieces whole, weights in kilograms (issue 30): no '.0000' on the print.
    const packing = screen.getByTestId('packing-list').textContent ?? '';
    expect(packing).toContain('21 kg / 19 kg');
    expect(packing).toContain('50 pcs');
    expect(packing).not.toContain('.0000');
  });
});

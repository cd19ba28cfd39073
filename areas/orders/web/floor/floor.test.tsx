// The scanning station and the floor's print page with the network stubbed at fetch: a wedge
// scan (code + Enter) books and shows green, a refusal shows red with the server's reason, in
// English and Chinese; the input keeps the focus; live progress moves the bars; tickets show
// one Code 128 SVG per bundle.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, json, posted, signedInServer } from '@seamline/web/testing';
import type { Progress } from './live';

const live = vi.hoisted(() => ({ listeners: [] as Array<(p: Progress) => void> }));
vi.mock('./live', () => ({
  onProgress: (fn: (p: Progress) => void) => {
    live.listeners.push(fn);
    return () => undefined;
  },
}));

vi.setConfig({ testTimeout: 30_000 });

const PROCESSES = [
  { id: 'p-collar', process_code: 'SEW-COLLAR', name: 'Collar', sequence: 21 },
  { id: 'p-sleeve', process_code: 'SEW-SLEEVE', name: 'Sleeves', sequence: 22 },
];
const progress = (done: number): Progress => ({
  work_order_id: 'wo1',
  work_order_code: 'WO-1',
  order_id: 'co1',
  processes: [
    { process_id: 'p-collar', seq: 1, process_name: 'Collar', planned_qty: 75, done_qty: done },
    { process_id: 'p-sleeve', seq: 2, process_name: 'Sleeves', planned_qty: 75, done_qty: 0 },
  ],
});
const booked = (code: string) => ({
  ok: true,
  message: `Bundle ${code}: 20 pcs booked at Collar`,
  scan_id: `scan-${code}`,
  bundle: { code, quantity: 20, style_code: 'ST-100', colour: 'Navy', size: 'M' },
  process: { name: 'Collar', seq: 1, last: false },
  progress: progress(20),
});

beforeEach(() => {
  localStorage.clear();
  setLang('en');
  live.listeners.length = 0;
});

function station() {
  return signedInServer().on('GET', 'vfapi/scan/processes', () => PROCESSES);
}

async function openStation(processId = 'p-collar') {
  localStorage.setItem('seamline.scan.process', processId);
  renderApp('/zp/prodmgm/index/vfscanvalidate');
  await screen.findByTestId('scan-station', undefined, { timeout: 20_000 });
  await waitFor(() => expect(screen.getByTestId('scan-process').textContent).toContain('SEW-COLLAR'));
  return screen.getByTestId('scan-input') as HTMLInputElement;
}

/** What a keyboard-wedge scanner does: types the code into the focused input, then Enter. */
async function wedge(input: HTMLInputElement, code: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value: code } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('scanning station', () => {
  it('books a wedge scan and shows it green, with the work order progress', async () => {
    const server = station().on('POST', 'vfapi/scan/validate', (req) => booked(String(posted(req).code)));
    const input = await openStation();
    await waitFor(() => expect(document.activeElement).toBe(input));
    await wedge(input, 'WO-1-001');
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result.getAttribute('data-state')).toBe('ok'));
    expect(result.textContent).toContain('OK');
    expect(screen.getByTestId('scan-reason').textContent).toBe('Bundle WO-1-001: 20 pcs booked at Collar');
    expect(posted(server.calls('vfapi/scan/validate')[0]!)).toMatchObject({ code: 'WO-1-001', process_id: 'p-collar' });
    expect(screen.getByTestId('scan-progress').textContent).toContain('20 / 75 pcs');
    // Ready for the next ticket: the input is empty and still has the focus.
    expect(input.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('shows a refusal red with the server reason, in English and in Chinese', async () => {
    station().on('POST', 'vfapi/scan/validate', () => json(400, { message: 'Bundle WO-1-001 was already scanned at Collar', code: 400 }));
    const input = await openStation();
    await wedge(input, 'WO-1-001');
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result.getAttribute('data-state')).toBe('refused'));
    expect(result.textContent).toContain('REFUSED');
    expect(screen.getByTestId('scan-reason').textContent).toBe('Bundle WO-1-001 was already scanned at Collar');
    expect(result.className).toContain('sl-scan-ko');

    act(() => setLang('zh'));
    await waitFor(() => expect(screen.getByTestId('scan-result').textContent).toContain('拒绝'));
  });

  it('says OK in Chinese for a booked scan', async () => {
    setLang('zh');
    station().on('POST', 'vfapi/scan/validate', () => ({ ...booked('WO-1-002'), message: '扎号 WO-1-002:Collar 已登记 20 件' }));
    const input = await openStation();
    await wedge(input, 'WO-1-002');
    await waitFor(() => expect(screen.getByTestId('scan-result').getAttribute('data-state')).toBe('ok'));
    expect(screen.getByTestId('scan-result').textContent).toContain('通过');
    expect(screen.getByTestId('scan-reason').textContent).toBe('扎号 WO-1-002:Collar 已登记 20 件');
  });

  it('asks for the process before sending anything', async () => {
    const server = station();
    renderApp('/zp/prodmgm/index/vfscanvalidate');
    const input = (await screen.findByTestId('scan-input', undefined, { timeout: 20_000 })) as HTMLInputElement;
    await wedge(input, 'WO-1-001');
    await waitFor(() => expect(screen.getByTestId('scan-result').getAttribute('data-state')).toBe('refused'));
    expect(screen.getByTestId('scan-reason').textContent).toBe('Choose the process');
    expect(server.calls('vfapi/scan/validate')).toHaveLength(0);
  });

  it('takes a booked scan back after asking, in Chinese; its pieces leave the progress', async () => {
    setLang('zh');
    const server = station()
      .on('POST', 'vfapi/scan/validate', () => booked('WO-1-004'))
      .on('POST', 'vfapi/scan/cancel', () => ({ ok: true, message: '扎号 WO-1-004:已撤销工序 Collar 的 20 件', progress: progress(0) }));
    const input = await openStation();
    await wedge(input, 'WO-1-004');
    await waitFor(() => expect(screen.getByTestId('scan-progress').textContent).toContain('20 / 75'));
    fireEvent.click(screen.getByTestId('scan-cancel'));
    expect(server.calls('vfapi/scan/cancel')).toHaveLength(0); // asked first
    expect(await screen.findByText('撤销这次扫描?其件数将不再计入。')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('scan-cancel-confirm'));
    await waitFor(() => expect(server.calls('vfapi/scan/cancel')).toHaveLength(1));
    expect(posted(server.calls('vfapi/scan/cancel')[0]!)).toEqual({ id: 'scan-WO-1-004' });
    await waitFor(() => expect(screen.getByTestId('scan-progress').textContent).toContain('0 / 75'));
    expect(screen.getByTestId('scan-history-row').textContent).toContain('已撤销');
    expect(screen.queryByTestId('scan-cancel')).toBeNull();
  });

  it('moves the progress bars when a scan elsewhere is pushed live', async () => {
    station().on('POST', 'vfapi/scan/validate', () => booked('WO-1-003')).on('GET', 'vfapi/progress', () => [progress(20)]);
    const input = await openStation();
    await wedge(input, 'WO-1-003');
    await waitFor(() => expect(screen.getByTestId('scan-progress').textContent).toContain('20 / 75 pcs'));
    await waitFor(() => expect(live.listeners.length).toBeGreaterThan(0));
    act(() => {
      for (const l of live.listeners) l(progress(60));
    });
    await waitFor(() => expect(screen.getByTestId('scan-progress').textContent).toContain('60 / 75 pcs'));
  });
});

describe('bundle tickets', () => {
  it('prints one card with a barcode per bundle', async () => {
    signedInServer().on('GET', 'vfapi/bundle/tickets', (req) => {
      expect(req.query.get('work_order_id')).toBe('wo1');
      return {
        work_order: { id: 'wo1', no: 'WO-1', style_code: 'ST-100' },
        bundles: ['001', '002'].map((n) => ({
          id: n,
          bundle_code: `WO-1-${n}`,
          style_code: 'ST-100',
          colour: 'Navy',
          size: 'M',
          quantity: 20,
          barcode: '<svg viewBox="0 0 10 10"><path d="M1 1L1 9"/></svg>',
          steps: [{ seq: 1, name: 'Collar', process_code: 'SEW-COLLAR' }],
        })),
      };
    });
    renderApp('/printpage/bundle-ticket?work_order_id=wo1');
    const tickets = await screen.findAllByTestId('bundle-ticket', undefined, { timeout: 20_000 });
    expect(tickets.map((t) => t.getAttribute('data-code'))).toEqual(['WO-1-001', 'WO-1-002']);
    expect(tickets[0]!.querySelector('svg')).toBeTruthy();
    expect(tickets[0]!.textContent).toContain('20 pcs');
    expect(tickets[0]!.textContent).toContain('1. Collar');
  });
});

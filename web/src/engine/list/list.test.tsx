// The list screens: q/p from the filter bar, sorting and paging; saved searches restored only on
// the same route (SES-24); status tabs with counts (ectabindex); empty and failed states.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../../i18n';
import { json } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { signedInServer } from '../test/fixtures';
import type { Captured } from '../../test/fakeServer';

// Whole antd forms in jsdom are slow on a busy machine; the assertions, not the clock, decide.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => setLang('en'));

const rowsFor = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, version: 1, code: `SO-${from + i}`, title: `Order ${from + i}`, status: 'draft', quantity: 1 }));

const qOf = (r: Captured) => JSON.parse(r.query.get('q') ?? '{}');
const pOf = (r: Captured) => JSON.parse(r.query.get('p') ?? '{}');
const last = (list: Captured[]) => list[list.length - 1];

function listServer(path = 'scmapi/test-order/page-list', total = 45) {
  return signedInServer().on('GET', path, (req) => {
    const p = pOf(req);
    return { rows: rowsFor(Math.min(p.size, 3), (p.page - 1) * p.size + 1), total, page: p.page, size: p.size };
  });
}

describe('index list', () => {
  it('builds q and p from filters, sorting and paging', async () => {
    const server = listServer();
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1');
    const first = server.calls('scmapi/test-order/page-list')[0];
    expect(qOf(first)).toEqual({});
    expect(pOf(first)).toEqual({ page: 1, size: 20, sort: [{ field: 'code', order: 'asc' }] });
    expect(screen.getByTestId('list-total').textContent).toBe('45 records');

    const filters = screen.getByTestId('filter-bar');
    fireEvent.change(within(filters).getByLabelText('Order code'), { target: { value: 'so' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(qOf(last(server.calls('scmapi/test-order/page-list')))).toEqual({ code: { op: 'prefix', value: 'SO' } }));

    // sort by a column (the default is code ascending, so a click turns it descending)
    fireEvent.click(screen.getAllByText('Order code').find((n) => n.closest('th'))!);
    await waitFor(() => expect(pOf(last(server.calls('scmapi/test-order/page-list'))).sort).toEqual([{ field: 'code', order: 'desc' }]));

    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(pOf(last(server.calls('scmapi/test-order/page-list')))).toMatchObject({ page: 3, size: 20 }));
    expect(qOf(last(server.calls('scmapi/test-order/page-list')))).toEqual({ code: { op: 'prefix', value: 'SO' } });
  });

  it('restores a saved search only on its own route (SES-24)', async () => {
    const server = listServer();
    server.on('GET', 'scmapi/other-order/page-list', () => ({ rows: [], total: 0, page: 1, size: 20 }));
    const { router } = renderApp('/tst/index/test-order');
    await screen.findByText('SO-1');
    fireEvent.change(within(screen.getByTestId('filter-bar')).getByLabelText('Title'), { target: { value: 'foo' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(qOf(last(server.calls('scmapi/test-order/page-list'))).title).toEqual({ op: 'like', value: 'foo' }));
    fireEvent.click(await waitFor(() => document.querySelector('.ant-pagination-item-3') as HTMLElement));
    await waitFor(() => expect(pOf(last(server.calls('scmapi/test-order/page-list'))).page).toBe(3));
    expect(JSON.parse(localStorage.getItem('search:/tst/index/test-order')!)).toMatchObject({ q: { title: { op: 'like', value: 'foo' } }, p: { page: 3 } });

    // list B keeps its own defaults
    await act(() => router.navigate('/tsb/index/other-order'));
    await screen.findByTestId('entity-list-other-order');
    await waitFor(() => expect(server.calls('scmapi/other-order/page-list')).toHaveLength(1));
    const other = server.calls('scmapi/other-order/page-list')[0];
    expect(qOf(other)).toEqual({});
    expect(pOf(other).page).toBe(1);
    expect(await screen.findByText('No Demo order records yet')).toBeTruthy();

    // back on list A: foo and page 3
    const before = server.calls('scmapi/test-order/page-list').length;
    await act(() => router.navigate('/tst/index/test-order'));
    await waitFor(() => expect(server.calls('scmapi/test-order/page-list').length).toBeGreaterThan(before));
    const back = last(server.calls('scmapi/test-order/page-list'));
    expect(qOf(back)).toEqual({ title: { op: 'like', value: 'foo' } });
    expect(pOf(back).page).toBe(3);
    await waitFor(() => expect((within(screen.getByTestId('filter-bar')).getByLabelText('Title') as HTMLInputElement).value).toBe('foo'));
  });

  it("says 'Loading failed' in place when the list cannot load, and retries", async () => {
    let fail = true;
    signedInServer().on('GET', 'scmapi/test-order/page-list', () =>
      fail ? json(500, { message: 'boom', code: 500 }) : { rows: rowsFor(1), total: 1, page: 1, size: 20 },
    );
    renderApp('/tst/index/test-order');
    expect((await screen.findByTestId('load-failed')).textContent).toBe('Loading failed');
    fail = false;
    fireEvent.click(screen.getByText('Try again'));
    expect(await screen.findByText('SO-1')).toBeTruthy();
  });

  it('row actions: transitions allowed by status and roles, delete with confirmation', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/page-list', () => ({ rows: rowsFor(1), total: 1, page: 1, size: 20 }))
      .on('POST', 'scmapi/test-order/delete', () => ({ deleted: 1 }));
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1');
    fireEvent.click(screen.getByTestId('row-more'));
    // draft → Submit is allowed; Approve needs ADMIN or QA; Reopen needs submitted/approved
    expect(await screen.findByText('Submit')).toBeTruthy();
    expect(screen.queryByText('Approve')).toBeNull();
    expect(screen.queryByText('Reopen')).toBeNull();
    fireEvent.click(screen.getByText('Delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(server.calls('scmapi/test-order/delete')).toHaveLength(1));
    expect(JSON.parse(server.calls('scmapi/test-order/delete')[0].body!.get('DATA')!)).toEqual(['r1']);
  });
});

describe('in-use warning (MD-17)', () => {
  const IN_USE_BODY = {
    message: 'the process is in use, still process?',
    code: 400,
    data: { warning: 'IN_USE', count: 3, usages: ['Process “Spreading” is under “Cutting”', 'Production line “CUT-01” allows CUT'] },
  };
  const lastOf = (id: string) => screen.getAllByTestId(id).at(-1)!;

  it('asks before deleting a row in use: Cancel sends nothing more, Still process re-sends with force=1', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/page-list', () => ({ rows: rowsFor(1), total: 1, page: 1, size: 20 }))
      .on('POST', 'scmapi/test-order/delete', (req) => (req.body?.get('force') === '1' ? { deleted: 1 } : json(400, IN_USE_BODY)));
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1');
    const deleteRow = async () => {
      fireEvent.click(screen.getByTestId('row-more'));
      fireEvent.click((await screen.findAllByRole('menuitem', { name: /Delete/ })).at(-1)!);
      await waitFor(() => expect(screen.getAllByTestId('confirm-delete').length).toBeGreaterThan(0));
      fireEvent.click(lastOf('confirm-delete'));
    };

    await deleteRow();
    const warning = await screen.findByTestId('in-use-warning');
    expect(screen.getAllByText('the process is in use, still process?').length).toBeGreaterThan(0);
    expect([...within(warning).getByTestId('in-use-usages').querySelectorAll('li')].map((n) => n.textContent)).toEqual([
      'Process “Spreading” is under “Cutting”',
      'Production line “CUT-01” allows CUT',
      'and 1 more',
    ]);
    expect(document.querySelector('[data-testid="notify-error"]')).toBeNull(); // no generic toast
    expect(lastOf('in-use-still').textContent).toBe('Still process');
    fireEvent.click(lastOf('in-use-cancel'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.calls('scmapi/test-order/delete')).toHaveLength(1);
    expect(screen.getByText('SO-1')).toBeTruthy();

    await deleteRow();
    await waitFor(() => expect(server.calls('scmapi/test-order/delete')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('in-use-still').length).toBeGreaterThan(1));
    fireEvent.click(lastOf('in-use-still'));
    await waitFor(() => expect(server.calls('scmapi/test-order/delete')).toHaveLength(3));
    const forced = server.calls('scmapi/test-order/delete')[2].body!;
    expect(forced.get('force')).toBe('1');
    expect(JSON.parse(forced.get('DATA')!)).toEqual(['r1']);
    expect(server.calls('scmapi/test-order/delete')[0].body!.get('force')).toBeNull();
  });

  it('bulk delete asks too, in Chinese when the language is Chinese', async () => {
    setLang('zh');
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/page-list', () => ({ rows: rowsFor(2), total: 2, page: 1, size: 20 }))
      .on('POST', 'scmapi/test-order/delete', (req) =>
        req.body?.get('force') === '1' ? { deleted: 2 } : json(400, { ...IN_USE_BODY, message: '该工序正在使用中，是否仍要继续？' }),
      );
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1');
    fireEvent.click(document.querySelector('.ant-table-thead input[type="checkbox"]')!); // select all
    fireEvent.click(await screen.findByTestId('delete-selected'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await screen.findByTestId('in-use-warning');
    expect(screen.getAllByText('该工序正在使用中，是否仍要继续？').length).toBeGreaterThan(0);
    expect(lastOf('in-use-still').textContent).toBe('仍然处理');
    expect(lastOf('in-use-cancel').textContent!.replace(/\s/g, '')).toBe('取消'); // antd spaces two-character labels
    fireEvent.click(lastOf('in-use-still'));
    await waitFor(() => expect(server.calls('scmapi/test-order/delete')).toHaveLength(2));
    const forced = server.calls('scmapi/test-order/delete')[1].body!;
    expect(forced.get('force')).toBe('1');
    expect(JSON.parse(forced.get('DATA')!)).toEqual(['r1', 'r2']);
  });
});

describe('ectabindex', () => {
  it('shows a tab per status with its count', async () => {
    const totals: Record<string, number> = { all: 6, draft: 3, submitted: 2, approved: 1 };
    const server = signedInServer().on('GET', 'scmapi/test-order/page-list', (req) => {
      const status = qOf(req).status?.value ?? 'all';
      return { rows: rowsFor(1), total: totals[status], page: 1, size: pOf(req).size };
    });
    renderApp('/tst/ectabindex/test-order');
    await waitFor(() => expect(screen.getByTestId('tab-count-draft').textContent).toBe('3'));
    expect(screen.getByTestId('tab-count-all').textContent).toBe('6');
    expect(screen.getByTestId('tab-count-submitted').textContent).toBe('2');
    expect(screen.getByTestId('tab-count-approved').textContent).toBe('1');
    fireEvent.click(screen.getByText('Submitted'));
    await waitFor(() =>
      expect(server.calls('scmapi/test-order/page-list').some((r) => pOf(r).size === 20 && qOf(r).status?.value === 'submitted')).toBe(true),
    );
  });
});

describe('export (RPT-02)', () => {
  const toasts = () => [...document.querySelectorAll('[data-testid="toast-error"]')].map((n) => n.textContent);
  const titles = () => [...document.querySelectorAll('[data-testid="notify-title"]')].map((n) => n.textContent);

  it.each([
    ['en' as const, 'Download Failed!'],
    ['zh' as const, '下载失败！'],
  ])('downloads through the request client; a refused export says %s “%s” and the tab stays', async (lang, text) => {
    setLang(lang);
    const server = listServer().on('GET', 'scmapi/test-order/export', () => json(500, { code: 500, message: 'boom' }));
    const { router } = renderApp('/tst/index/test-order');
    await screen.findByText('SO-1', undefined, { timeout: 15_000 });
    const before = window.location.href;
    await act(async () => fireEvent.click(screen.getByTestId('list-export')));
    // One notice: the failure above its reason, nothing else (issue 23).
    await waitFor(() => expect(titles()).toEqual([text]));
    expect(toasts()).toEqual([]);
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);
    const call = server.calls('scmapi/test-order/export')[0];
    expect(JSON.parse(call.query.get('p')!)).toMatchObject({ page: 1, size: 20 });
    expect(JSON.parse(call.query.get('q')!)).toEqual({});
    expect(window.location.href).toBe(before);
    expect(router.state.location.pathname).toBe('/tst/index/test-order');
  });

  it('hands a good answer to the browser as a file', async () => {
    listServer().on(
      'GET',
      'scmapi/test-order/export',
      () => new Response('xlsx', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
    );
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1', undefined, { timeout: 15_000 });
    const saved: string[] = [];
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await act(async () => fireEvent.click(screen.getByTestId('list-export')));
    await waitFor(() => expect(saved).toEqual(['test-order.xlsx']));
    expect(created).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([]);
    click.mockRestore();
  });
});

describe('a large list (issue 22.2)', () => {
  const capped = () =>
    signedInServer().on('GET', 'scmapi/test-order/page-list', (req) => {
      const p = pOf(req);
      return { rows: rowsFor(3), total: 10_000, total_capped: true, total_estimate: 12_345, page: p.page, size: p.size };
    });

  it.each([
    ['en' as const, '≈ 12,345 records'],
    ['zh' as const, '≈ 12,345 条'],
  ])('shows the estimate beyond the cap (%s: %s)', async (lang, text) => {
    setLang(lang);
    capped();
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('list-total').textContent).toBe(text);
  });

  it.each([
    ['en' as const, '2,000 of 12,000 rows', 'Download the file'],
    ['zh' as const, '已处理 2,000 / 12,000 行', '下载文件'],
  ])('exports a large view as a job: live progress, then the file (%s)', async (lang, progress, download) => {
    setLang(lang);
    const job = { id: 'j1', kind: 'export', entity: 'test-order', status: 'running', done_rows: 2000, total_rows: 12_000, result: null, file_name: null };
    let info = job;
    const server = capped()
      .on('POST', 'scmapi/test-order/export-job', () => ({ ...job, status: 'queued', done_rows: 0 }))
      .on('GET', 'utilsapi/transfer-jobs/info', () => info);
    renderApp('/tst/index/test-order');
    await screen.findByText('SO-1', undefined, { timeout: 15_000 });
    await act(async () => fireEvent.click(screen.getByTestId('list-export')));
    expect(server.calls('scmapi/test-order/export')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('transfer-job').textContent).toContain(progress), { timeout: 15_000 });
    info = { ...job, status: 'done', done_rows: 12_000, result: { rows: 12_000 } as never, file_name: 'test-order.xlsx' as never };
    expect((await screen.findByTestId('transfer-job-download', undefined, { timeout: 15_000 })).textContent).toContain(download);
  });
});

describe('a reply without its display field (REQ-22)', () => {
  it('is logged only: no notice, the cell shows the raw value, one console entry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      signedInServer().on('GET', 'scmapi/test-order/page-list', () => ({
        rows: [{ id: 'r1', version: 1, code: 'SO-1', title: 'Order 1', status: 'draft', quantity: 1, vendor_id: 'b0b5e3c4-raw-vendor-id', _labels: {} }],
        total: 1, page: 1, size: 20,
      }));
      renderApp('/tst/index/test-order');
      expect(await screen.findByText('b0b5e3c4-raw-vendor-id')).toBeTruthy();
      await waitFor(() => expect(warn.mock.calls.some((c) => /display text for vendor_id \(vendor b0b5e3c4-raw-vendor-id\)/.test(String(c[0])))).toBe(true));
      expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });
});

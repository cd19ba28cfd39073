// The report screens in jsdom against a fake API at fetch: a report's table with exact figures
// and its total, the chart's theme from the profile's rpt_theme (RPT-08), 'nothing to export'
// without a request (RPT-01) and 'Download Failed!' when the export fails (RPT-02), the control
// tower per role, a customer document printed in the customer's print language (RPT-07), and the
// wall board, in English and Chinese.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang, type SessionUser } from '@seamline/web/engine';
import { fakeServer, json, renderApp, storeSignedIn, USER } from '@seamline/web/testing';
import type { ReportData } from './api';

const REPORT: ReportData = {
  report: {
    opt: 'open-orders',
    label: 'Open orders by status',
    description: 'Customer orders pending acceptance or in progress',
    group_label: 'Status',
    measures: [
      { key: 'count', agg: 'count', label: 'Orders' },
      { key: 'sum_total_qty', agg: 'sum', label: 'Ordered quantity' },
    ],
    filters: [],
    entity: 'customer-order',
    chart: 'bar',
    client: false,
  },
  rows: [
    { key: 'OPEN', label: 'Pending acceptance', count: '2', sum_total_qty: '1234567890.1001' },
    { key: 'IN_PROGRESS', label: 'In progress', count: '1', sum_total_qty: '0.2000' },
  ],
  total: { count: '3', sum_total_qty: '1234567890.3001' },
};

function signedIn(user: Partial<SessionUser> = {}) {
  storeSignedIn();
  return fakeServer().on('GET', 'utilsapi/access/user-state', () => ({ ...USER, ...user }));
}

// The screens are lazy routes: compile them once up front (seconds on a busy machine) so each
// test waits for its answer, not for the compiler.
beforeAll(async () => {
  await Promise.all([import('./ReportScreen'), import('./ControlTowerPage'), import('./HtPrintView'), import('./VisualWall')]);
}, 120_000);

beforeEach(() => setLang('en'));

describe('report screen', () => {
  it('shows the exact figures with a total row, and the chart in the profile’s dark theme', async () => {
    signedIn({ rpt_theme: 'dark' }).on('GET', 'rptapi/report/run', () => REPORT);
    renderApp('/rpt/dsrptindex/open-orders');
    const table = await screen.findByTestId('report-table', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('report-title').textContent).toBe('Open orders by status');
    expect(within(table).getByText('1,234,567,890.1001')).toBeTruthy();
    const total = within(table).getByTestId('report-total');
    expect(total.textContent).toContain('Total');
    expect(total.textContent).toContain('1,234,567,890.3001');
    expect(screen.getByTestId('report-chart').getAttribute('data-theme')).toBe('dark');
  });

  it('reads pieces in their unit and never adds amounts across currencies (issue 30)', async () => {
    const report = {
      ...REPORT,
      report: { ...REPORT.report, measures: [...REPORT.report.measures, { key: 'sum_total_amount', agg: 'sum', label: 'Amount' }] },
      rows: [
        { key: 'OPEN', label: 'Pending acceptance', count: '2', sum_total_qty: '1200.0000', sum_total_amount: '100.0000', sum_total_amount__code: 'CNY' },
        { key: 'IN_PROGRESS', label: 'In progress', count: '2', sum_total_qty: '60.0000', sum_total_amount: null, sum_total_amount__by: JSON.stringify([{ code: 'CNY', value: '5.0000' }, { code: 'HKD', value: '20.0000' }]) },
      ],
      total: { count: '4', sum_total_qty: '1260.0000', sum_total_amount: null, sum_total_amount__by: JSON.stringify([{ code: 'CNY', value: '105.0000' }, { code: 'HKD', value: '20.0000' }]) },
      units: { sum_total_qty: { kind: 'unit', code: 'PCS' }, sum_total_amount: { kind: 'currency' } },
    };
    signedIn().on('GET', 'rptapi/report/run', () => report);
    renderApp('/rpt/dsrptindex/open-orders');
    const table = await screen.findByTestId('report-table', undefined, { timeout: 15_000 });
    expect(within(table).getByText('1,200 pcs')).toBeTruthy();
    expect(within(table).getByText('¥100.0000')).toBeTruthy();
    const total = within(table).getByTestId('report-total');
    expect(total.textContent).toContain('1,260 pcs');
    expect(within(total).getByText('¥105.0000')).toBeTruthy();
    expect(within(total).getByText('HK$20.0000')).toBeTruthy();
    expect(total.textContent).toContain('Per currency, not added across currencies');
  });

  it('draws each theme on its own background and offers the choice on the chart (issue 23)', async () => {
    const server = signedIn({ rpt_theme: 'dark' })
      .on('GET', 'rptapi/report/run', () => REPORT)
      .on('POST', 'utilsapi/clientinfoapi/user-profile/save-setting', (req) => ({ RPT_THEME: JSON.parse(req.body?.get('DATA') ?? '{}').RPT_THEME }));
    renderApp('/rpt/dsrptindex/open-orders');
    await screen.findByTestId('report-table', undefined, { timeout: 15_000 });
    const chart = () => screen.getByTestId('report-chart');
    // The dark palette on a dark panel, not on the white card.
    expect(chart().className).toContain('sl-report-chart-dark');
    const theme = screen.getByTestId('report-theme');
    fireEvent.click(within(theme).getByText('Light'));
    await waitFor(() => expect(chart().getAttribute('data-theme')).toBe('default'));
    expect(chart().className).not.toContain('sl-report-chart-dark');
    const saved = server.calls('utilsapi/clientinfoapi/user-profile/save-setting');
    expect(JSON.parse(saved[0]!.body?.get('DATA') ?? '{}')).toEqual({ RPT_THEME: 'default' });
  });

  it('uses the default chart theme otherwise, and /zp/{cata}/qvrpt/{opt} asks for the same report', async () => {
    const server = signedIn({ rpt_theme: 'default' }).on('GET', 'rptapi/report/run', () => REPORT);
    renderApp('/zp/prod/qvrpt/open-orders');
    await screen.findByTestId('report-table', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('report-chart').getAttribute('data-theme')).toBe('default');
    expect(server.calls('rptapi/report/run')[0]!.query.get('opt')).toBe('open-orders');
  });

  it('says “nothing to export” for an empty report without asking the server', async () => {
    const server = signedIn().on('GET', 'rptapi/report/run', () => ({ ...REPORT, rows: [], total: { count: '0', sum_total_qty: '0.0000' } }));
    renderApp('/rpt/dsrptindex/open-orders');
    fireEvent.click(await screen.findByTestId('report-export', undefined, { timeout: 15_000 }));
    expect(await screen.findByText('nothing to export')).toBeTruthy();
    expect(server.calls('rptapi/report/export')).toHaveLength(0);
  });

  it('says “Download Failed!” when the export fails', async () => {
    const server = signedIn()
      .on('GET', 'rptapi/report/run', () => REPORT)
      .on('GET', 'rptapi/report/export', () => json(500, { code: 500, message: 'Internal server error' }));
    renderApp('/rpt/dsrptindex/open-orders');
    fireEvent.click(await screen.findByTestId('report-export', undefined, { timeout: 15_000 }));
    expect(await screen.findByText('Download Failed!')).toBeTruthy();
    expect(server.calls('rptapi/report/export')[0]!.query.get('opt')).toBe('open-orders');
  });

  it('names a missing report instead of failing', async () => {
    signedIn().on('GET', 'rptapi/report/run', () => json(404, { code: 404, message: 'Not found' }));
    renderApp('/rpt/dsrptindex/nope');
    const missing = await screen.findByTestId('report-missing', undefined, { timeout: 25_000 });
    expect(missing.textContent).toContain('There is no report "nope"');
  });
});

const ROLES = [
  { key: 'buyer', label: '采购', roles: ['BUYER'], counters: ['rpt.lateOrders', 'flow.approvals'] },
  { key: 'quality', label: '质量经理', roles: ['QUALITY'], counters: ['ticket.open'] },
];
const COUNTERS = [
  { key: 'ticket.open', label: '未关闭的异常工单', url: '/collab/index/ticket', count: 2 },
  { key: 'flow.approvals', label: '待审批', url: '/collab/page/my-approvals', count: 1 },
  { key: 'rpt.lateOrders', label: '逾期未完成订单', url: '/rpt/dsrptindex/late-orders', count: 3 },
];

describe('control tower per role', () => {
  it('opens on the user’s role with its figures in its order; each opens its list', async () => {
    setLang('zh');
    signedIn({ language: 'zh' }).on('GET', 'rptapi/control-tower/roles', () => ROLES).on('GET', 'utilsapi/workspace/control-tower', () => COUNTERS);
    const { router } = renderApp('/rpt/dsrptindex/control-tower');
    await screen.findByTestId('counter-rpt.lateOrders', undefined, { timeout: 15_000 });
    const tower = screen.getAllByTestId('control-tower')[0]!;
    const keys = within(tower).getAllByTestId(/^counter-/).map((e) => e.getAttribute('data-testid'));
    expect(keys).toEqual(['counter-rpt.lateOrders', 'counter-flow.approvals']);
    expect(screen.getByTestId('tower-role-buyer').textContent).toContain('您的角色');
    fireEvent.keyDown(screen.getByTestId('counter-rpt.lateOrders'), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rpt/dsrptindex/late-orders'));
  });
});

describe('print view', () => {
  it('prints a customer document in the customer’s print language, not the user’s', async () => {
    setLang('zh');
    signedIn({ language: 'zh' })
      .on('GET', 'scmapi/customer-order/view', () => ({ id: 'o1', version: 1, code: 'SO-1', status: 'OPEN', total_qty: '5.0000', lines: [], _labels: {} }))
      .on('GET', 'rptapi/print/language', () => ({ language: 'en' }));
    renderApp('/printpage/htprintview?entity=customer-order&id=o1');
    const view = await screen.findByTestId('htprint', undefined, { timeout: 15_000 });
    expect(view.getAttribute('data-print-lang')).toBe('en');
    expect(within(view).getByText('Order number')).toBeTruthy();
    expect(within(view).queryByText('订单号')).toBeNull();
    expect(within(view).getByText(/Customer order/)).toBeTruthy();
  });
});

describe('wall board', () => {
  it.each(['/visual/board', '/visual/demo/kpi', '/zp/visual/line'])('%s shows today’s pieces, scans and running work orders', async (path) => {
    signedIn().on('GET', 'rptapi/visual/board', () => ({
      scans: 4,
      pieces: '80',
      processes: [{ process: 'Sewing', pieces: '80' }],
      work_orders: [{ id: 'w1', code: 'WO-1', style_code: 'ST-1', qty: '100.0000', completed_qty: '40.0000', progress: '40.0000' }],
    }));
    renderApp(path);
    const wall = await screen.findByTestId('visual-wall', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('wall-pieces').getAttribute('data-value')).toBe('80');
    expect(within(wall).getByTestId('wall-work-order').textContent).toContain('40 / 100 pcs');
    expect(wall.textContent).not.toContain('.0000');
    expect(within(wall).getByText('Factory wall board')).toBeTruthy();
  });
});

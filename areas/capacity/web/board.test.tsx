// The capacity board (issue 23): the picker names the version whose figures it shows, a fresh
// load opens the version that was run or published (not an empty draft), loading is not 'no
// versions yet', and what a version leaves unallocated is reported per group, line and week.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, signedInServer } from '@seamline/web/testing';

// jsdom has no canvas: the chart itself is drawn only in a browser (e2e/capacity); its frame and cells are tested here.
vi.mock('echarts-for-react/esm/core', () => ({ default: () => null }));
vi.setConfig({ testTimeout: 300_000 });
beforeEach(() => setLang('en'));

const V4 = { id: 'V4', version: 3, version_no: 4, title: 'Week plan', status: 'published', objective: '100.0000', start_week: '2026-W50' };
const V5 = { id: 'V5', version: 1, version_no: 5, title: 'Empty draft', status: 'draft', objective: null, start_week: '2026-W50' };
const WS4 = {
  version: V4,
  input: { start_week: '2026-W50', demands: [{ id: 'D1', group: 'G1', qty: 1000, smv: '1', due: '2026-W51' }], vendors: [], capacity: [] },
  demands: [{ id: 'D1', demand_no: 'DM-1', style_no: 'ST-1', capacity_group_id: 'G1', quantity: 1000, smv: '1.0000', due_week: '2026-W51', status: '20', allocated: 240 }],
  vendors: [],
  groups: [{ id: 'G1', code: 'KNIT', name: 'Knit tops' }],
  lines: [],
  evaluation: { objective: 0, over: 0, broken_shares: 0, shares: [] },
  shortages: [{ demand_id: 'D1', demand_no: 'DM-1', style_no: 'ST-1', group_id: 'G1', group_code: 'KNIT', group_name: 'Knit tops', week: '2026-W51', quantity: 1000, allocated: 240, unallocated: 760 }],
  shortage_by_group_week: [{ group_code: 'KNIT', group_name: 'Knit tops', week: '2026-W51', unallocated: 760 }],
  unallocated_total: 760,
};

describe('capacity board', () => {
  it('opens the published version, names it, and reports 760 pieces unallocated per group, line and week', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const srv = signedInServer()
      .on('GET', 'scmapi/demand-allocation/page-list', async () => {
        await gate;
        return { rows: [V5, V4], total: 2, page: 1, size: 50 };
      })
      .on('GET', 'scmapi/demand-allocation/workspace', (req) => (req.query.get('id') === 'V4' ? WS4 : { ...WS4, version: V5, shortages: [], shortage_by_group_week: [], unallocated_total: 0 }));
    renderApp('/plan/page/capacity-board');
    // While the versions load: a spinner, not 'no versions yet'.
    await screen.findByTestId('board-loading', undefined, { timeout: 200_000 }); // the board's lazy chunk (ECharts) compiles first
    expect(screen.queryByText('No allocation version yet: create one under Demand allocation.')).toBeNull();
    release();
    const alert = await screen.findByTestId('shortages', undefined, { timeout: 60_000 });
    // The newest version that was run or published, not the empty draft above it.
    expect(srv.calls('scmapi/demand-allocation/workspace').map((c) => c.query.get('id'))).toEqual(['V4']);
    expect(within(screen.getByTestId('version-select')).getByText('Version 4 · Week plan')).toBeTruthy();
    expect(alert.textContent).toContain('760 pieces could not be allocated');
    const rows = within(alert).getByTestId('shortage-rows');
    expect(rows.textContent).toContain('Knit tops');
    expect(rows.textContent).toContain('DM-1');
    expect(rows.textContent).toContain('2026-W51');
    await waitFor(() => expect(rows.textContent).toContain('760'));
  });
});

describe('capacity board by keyboard (issue 23)', () => {
  // One vendor with load in week 51: a heat map cell and its button.
  const WS = {
    ...WS4,
    input: {
      ...WS4.input,
      vendors: [{ id: 'VEN1', kpi: 80, lead_weeks: 0, groups: [{ group: 'G1' }] }],
      capacity: [{ vendor: 'VEN1', group: 'G1', week: '2026-W51', minutes: 480 }],
    },
    vendors: [{ id: 'VEN1', name: 'Demo Garment' }],
    lines: [{ id: 'L1', demand_id: 'D1', vendor_id: 'VEN1', week: '2026-W51', qty: 240 }],
    shortages: [],
    shortage_by_group_week: [],
    unallocated_total: 0,
  };

  it('the heat map is a labelled region a keyboard user can focus and scroll; each cell opens its drill-down with Enter', async () => {
    signedInServer()
      .on('GET', 'scmapi/demand-allocation/page-list', () => ({ rows: [V4], total: 1, page: 1, size: 50 }))
      .on('GET', 'scmapi/demand-allocation/workspace', () => WS);
    renderApp('/plan/page/capacity-board');
    const map = await screen.findByTestId('heatmap', undefined, { timeout: 200_000 });
    expect(map.getAttribute('tabindex')).toBe('0');
    expect(map.getAttribute('role')).toBe('region');
    expect(map.getAttribute('aria-label')).toBe('Load heat map (scrolls sideways on a narrow screen)');
    const cell = (await screen.findAllByTestId('board-cell'))[0];
    expect(cell.getAttribute('role')).toBe('button');
    expect(cell.getAttribute('tabindex')).toBe('0');
    cell.focus();
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).not.toBeNull());
  });
});

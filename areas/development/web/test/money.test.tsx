// Issue 30 on the screens: money that had no currency reads with its symbol, 4 places, grouped for
// the language — a season's target revenue in the season list, a process's piece rate in the
// process list — in English and Chinese, never a bare '1800000.0000'.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 240_000 });
beforeEach(() => setLang('en'));

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, page: 1, size: 20 });

describe('money in its currency on the engine lists (issue 30)', () => {
  it('the season list shows the target revenue with the season’s currency symbol, in English and Chinese', async () => {
    signedInServer()
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'plmapi/season/page-list', () =>
        page([
          { id: 'S1', version: 1, code: 'SS26', name: '2026 SS', year: 2026, target_styles: 24, target_revenue: '1800000.0000', currency: 'CNY' },
          { id: 'S2', version: 1, code: 'FW26', name: 'Export', year: 2026, target_styles: 8, target_revenue: '250000.5000', currency: 'USD' },
        ]),
      );
    renderApp('/dev/index/season');
    const cny = await screen.findByText('¥1,800,000.0000', undefined, { timeout: 150_000 });
    expect(within(cny.closest('tr')!).getByText('SS26')).toBeTruthy();
    expect(screen.getByText('$250,000.5000')).toBeTruthy();
    setLang('zh');
    await screen.findByText('¥1,800,000.0000');
    expect(document.body.textContent).not.toContain('1800000');
  });

  it('the process list shows the piece rate in the process’s currency', async () => {
    signedInServer()
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'mdapi/process/page-list', () => page([{ id: 'P1', version: 1, process_code: 'SEW-COLLAR', name: 'Collar', sequence: 21, estimate_rate: '0.6500', currency: 'HKD' }]));
    renderApp('/md/index/process');
    const rate = await screen.findByText('HK$0.6500', undefined, { timeout: 150_000 });
    expect(within(rate.closest('tr')!).getByText('SEW-COLLAR')).toBeTruthy();
  });
});

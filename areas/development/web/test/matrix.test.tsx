// The development screens' matrices (shared MatrixTable): the BOM's cost roll-up shows a row for the
// costing quantity and one a tier break, a column a colourway, each cell in its currency; the label
// column names the row.
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { AppProviders, signedInServer } from '@seamline/web/testing';
import { CostPanel } from '../CostPanel';

beforeEach(() => setLang('en'));

describe('the BOM cost matrix', () => {
  it('a row a quantity, a column a colourway, every cell with its currency', async () => {
    signedInServer().on('GET', 'plmapi/bom/cost', () => ({
      bom: { code: 'BOM-1', currency: 'CNY' },
      qty: null,
      colourways: [
        { colour_id: 'c1', code: 'RED', name_en: 'Red', name_zh: '红', hex: '#f00' },
        { colour_id: 'c2', code: 'NAVY', name_en: 'Navy', name_zh: '藏青', hex: '#003' },
      ],
      costs: [
        { colour_id: 'c1', totals: { CNY: '15.6980' } },
        { colour_id: 'c2', totals: { CNY: '12.0000', USD: '1.2000' } },
      ],
      breaks: [{ qty: '500', costs: [{ colour_id: 'c1', totals: { CNY: '14.0000' } }, { colour_id: 'c2', totals: {} }] }],
    }));
    render(
      <AppProviders>
        <CostPanel bomId="B1" />
      </AppProviders>,
    );
    expect((await screen.findByTestId('cost-now-RED', undefined, { timeout: 20_000 })).textContent).toBe('¥15.6980');
    expect(screen.getByTestId('cost-now-NAVY').textContent).toBe('¥12.0000 + $1.2000');
    expect(screen.getByTestId('cost-500-RED').textContent).toBe('¥14.0000');
    expect(screen.getByTestId('cost-500-NAVY').textContent).toBe('¥0.0000');
    const table = screen.getByTestId('bom-cost');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual(['', 'RED Red', 'NAVY Navy']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});

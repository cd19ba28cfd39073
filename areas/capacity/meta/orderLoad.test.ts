import { describe, expect, it } from 'vitest';
import { lessOrderLoad } from './orderLoad';

const row = (supplier: string, group_code: string, week: string, free_minutes: string) => ({ supplier, group_code, week, free_minutes });

describe('lessOrderLoad', () => {
  it('takes a week’s load once, from its groups in code order, never below 0', () => {
    const rows = [row('F', 'WOVEN', '2026-W10', '500.0000'), row('F', 'KNIT', '2026-W10', '300.0000'), row('F', 'KNIT', '2026-W11', '300.0000'), row('M', 'KNIT', '2026-W10', '100.0000')];
    const out = lessOrderLoad(rows, [{ supplier: 'F', week: '2026-W10', minutes: '450.5' }]);
    expect(out.map((r) => [r.supplier, r.group_code, r.week, r.free_minutes, r.order_minutes])).toEqual([
      ['F', 'WOVEN', '2026-W10', '349.5000', '150.5000'],
      ['F', 'KNIT', '2026-W10', '0.0000', '300.0000'],
      ['F', 'KNIT', '2026-W11', '300.0000', '0.0000'],
      ['M', 'KNIT', '2026-W10', '100.0000', '0.0000'],
    ]);
  });

  it('a load beyond the week’s free minutes leaves 0, not less', () => {
    expect(lessOrderLoad([row('F', 'KNIT', '2026-W10', '10')], [{ supplier: 'F', week: '2026-W10', minutes: '25' }])[0]).toMatchObject({ free_minutes: '0.0000', order_minutes: '10.0000' });
  });
});

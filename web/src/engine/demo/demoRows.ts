// Sample demo orders for the showcase lists (fixed values, so every visit looks the same).
import type { Row } from '../data/source';

const STATUSES = ['draft', 'submitted', 'approved'];
const TITLES = ['Basic tee', 'Denim jacket', 'Linen shirt', 'Chino trousers', 'Knit cardigan', 'Rain parka', 'Polo shirt', 'Wool coat'];

const pad = (n: number, w = 4) => String(n).padStart(w, '0');

export const DEMO_ROWS: Row[] = Array.from({ length: 26 }, (_, i) => {
  const n = i + 1;
  const day = pad((i % 28) + 1, 2);
  return {
    id: `00000000-0000-4000-8000-${pad(n, 12)}`,
    version: 1,
    code: `SO-${pad(n)}`,
    title: `${TITLES[i % TITLES.length]} ${n}`,
    status: STATUSES[i % STATUSES.length],
    priority: String((i % 3) + 1),
    tags: i % 2 ? ['ECO'] : ['REPEAT', 'SAMPLE'],
    customer_ref: `C-${pad(100 + n)}`,
    quantity: 100 * ((i % 7) + 1),
    spare_qty: i % 5,
    unit_price: `${(12.5 + i * 1.25).toFixed(4)}`,
    total_amount: `${((12.5 + i * 1.25) * 100 * ((i % 7) + 1)).toFixed(4)}`,
    urgent: i % 4 === 0,
    order_date: `2024-03-${day}`,
    delivery_at: `2024-04-${day} 10:00:00`,
    currency: 'CNY',
    needs_b: 'N',
    lines: [
      { id: `l-${n}-1`, item: `FAB-${pad(n, 3)}`, qty: '120.5000', is_primary: true, line_remark: i % 4 === 0 ? 'Rush' : null },
      { id: `l-${n}-2`, item: `TRIM-${pad(n, 3)}`, qty: '240.0000', is_primary: false, line_remark: i % 4 === 0 ? 'Rush' : null },
    ],
    created_at: `2024-03-${day}T08:00:00.000Z`,
    updated_at: `2024-03-${day}T09:30:00.000Z`,
  };
});

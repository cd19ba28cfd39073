// What the buyer received of each line, as both sides show it: shipped, counted and damaged in the
// line's own unit (pieces for garments, the material order's unit for a material line: issue 27).
import type { useNumbers, useTranslation } from '@seamline/web/engine';
import type { Doc } from './api';

export function receivedQtyColumns(t: ReturnType<typeof useTranslation>['t'], n: ReturnType<typeof useNumbers>, lines: Doc[]) {
  const unitOf = (r: Doc) => lines.find((l) => l.id === r.line_id)?.unit ?? 'PCS';
  const qty = (key: string, dataIndex: string) => ({ title: t(key), dataIndex, align: 'right' as const, render: (v: unknown, r: Doc) => n.qty(v, unitOf(r)) });
  return [qty('shipping.qty', 'shipped_qty'), qty('shipping.countedQty', 'received_qty'), qty('shipping.damagedQty', 'damaged_qty')];
}

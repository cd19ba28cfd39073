// The BOM's cost roll-up per colourway (server: plmapi/bom/cost, exact 4 places): at the costing
// quantity, and at each tier break (levels 1–5) so the buyer sees where the price steps.
import { useState } from 'react';
import { Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang, useNumbers } from '@seamline/web/engine';
import { usePlmQuery, type Doc } from './api';
import { LABEL_COLUMN, MatrixTable, costText } from './shared';

export function CostPanel({ bomId }: { bomId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const [qty, setQty] = useState('');
  const cost = usePlmQuery<Doc>('bom/cost', { id: bomId, ...(qty ? { qty } : {}) }, true, 'bom');
  const data = cost.data;
  if (!data) return <Card loading />;
  const name = (c: Doc) => (
    <span>
      <span className="plm-swatch" style={{ background: c.hex }} />
      {c.code} {lang === 'en' ? c.name_en : c.name_zh}
    </span>
  );
  const total = (totals: Record<string, string>) => costText(totals, lang, data.bom.currency);
  const rows = [
    { key: 'now', label: data.qty ? `${t('plm.costAt')} ${n.qty(data.qty, 'PCS')}` : t('plm.costBase'), costs: data.costs },
    ...data.breaks.map((b: Doc) => ({ key: b.qty, label: `${t('plm.costAt')} ${n.qty(b.qty, 'PCS')}`, costs: b.costs })),
  ];
  return (
    <Card title={t('plm.cost')} data-testid="bom-cost" extra={<Input size="small" placeholder={t('plm.qty')} style={{ width: 120 }} value={qty} onChange={(e) => setQty(e.target.value.trim())} data-testid="cost-qty" />}>
      <MatrixTable
        rows={rows}
        columns={[
          LABEL_COLUMN,
          ...data.colourways.map((c: Doc) => ({
            key: c.colour_id,
            title: name(c),
            render: (_v: unknown, r: Doc) => <span data-testid={`cost-${r.key}-${c.code}`}>{total(r.costs.find((x: Doc) => x.colour_id === c.colour_id)?.totals ?? {})}</span>,
          })),
        ]}
      />
      <Typography.Text type="secondary">BOM {data.bom.code} · {data.bom.currency}</Typography.Text>
      <Space />
    </Card>
  );
}

// /dev/index/quote: quotes asked for (brand) or asked of the company (supplier), a new request,
// and the brand's side-by-side comparison of a style's answered quotes.
import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@seamline/core';
import { useNumbers } from '@seamline/web/engine';
import { usePlmQuery, type Doc } from './api';
import { RequestModal } from './RequestModal';
import { LABEL_COLUMN, MatrixTable, SideList, StateTag, StyleSelect } from './shared';


export default function QuoteList() {
  const { t } = useTranslation();
  const num = useNumbers();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [styleId, setStyleId] = useState<string>();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-quote">
            {t('plm.requestQuote')}
          </Button>
        }
      >
        <SideList
          path="quote/page-list"
          testId="quote-list"
          onOpen={(r) => navigate(`/dev/page/quote?id=${r.id}`)}
          columns={[
            { key: 'code', title: t('plm.code'), render: (_v, r) => <a onClick={() => navigate(`/dev/page/quote?id=${r.id}`)}>{r.code}</a> },
            { key: 'style', title: t('plm.style'), render: (_v, r) => `${r.style_code} ${r.style_name ?? ''}` },
            { key: 'party', title: t('plm.supplier'), render: (_v, r) => (r.side === 'brand' ? r.supplier_name : `${r.brand_name} →`) },
            { key: 'qty', title: t('plm.qty'), render: (_v, r) => num.qty(r.qty, 'PCS') },
            { key: 'price', title: t('plm.unitPrice'), render: (_v, r) => num.amount(r.unit_price, r.currency) },
            { key: 'status', title: t('plm.status'), render: (_v, r) => <StateTag status={r.status} /> },
          ]}
        />
      </Card>
      <Card title={t('plm.compare')} extra={<Typography.Text type="secondary">{t('plm.compareHint')}</Typography.Text>}>
        <div style={{ maxWidth: 360, marginBottom: 12 }}>
          <StyleSelect value={styleId} onChange={setStyleId} />
        </div>
        {styleId ? <Comparison styleId={styleId} /> : null}
      </Card>
      <NewQuote open={open} onClose={() => setOpen(false)} onCreated={(id) => navigate(`/dev/page/quote?id=${id}`)} />
    </Space>
  );
}

/** Suppliers side by side: one column per quote, one row per cost element and tier level. */
function Comparison({ styleId }: { styleId: string }) {
  const { t } = useTranslation();
  const num = useNumbers();
  const cmp = usePlmQuery<Doc>('quote/compare', { style_id: styleId });
  const quotes: Doc[] = cmp.data?.quotes ?? [];
  const tierOf = (q: Doc, level: number) => (q.tiers as Doc[]).find((x) => x.level === level);
  const rows = [
    { key: 'material_cost', label: t('plm.materialCost') },
    { key: 'labour_cost', label: t('plm.labourCost') },
    { key: 'overhead_cost', label: t('plm.overheadCost') },
    { key: 'margin_pct', label: t('plm.margin') },
    { key: 'unit_price', label: t('plm.unitPrice') },
    { key: 'price_at_qty', label: t('plm.priceAtQuoteQty') },
    { key: 'lead_time_days', label: t('plm.leadTime') },
    ...[1, 2, 3, 4, 5].map((level) => ({ key: `tier${level}`, label: `${t('plm.level')} ${level}` })),
  ];
  return (
    <MatrixTable
      rows={rows}
      loading={cmp.isLoading}
      testId="quote-compare"
      columns={[
        { ...LABEL_COLUMN, fixed: 'left' },
        ...quotes.map((q) => ({
          key: q.id,
          title: (
            <Space>
              {q.supplier_name}
              <StateTag status={q.status} />
              {cmp.data?.best === q.id ? <Tag color="green">{t('plm.best')}</Tag> : null}
            </Space>
          ),
          render: (_v: unknown, r: Doc) => {
            if (r.key.startsWith('tier')) {
              const tier = tierOf(q, Number(r.key.slice(4)));
              return tier ? `≥ ${num.qty(tier.min_qty, 'PCS')}: ${num.amount(tier.unit_price, q.currency)}` : '';
            }
            // Money with the quote's currency symbol, the margin in %, the lead time in days (issue 30).
            if (r.key === 'price_at_qty') return q.price_at_qty ? <b data-testid={`price-at-qty-${q.id}`}>{num.amount(q.price_at_qty, q.currency)}{q.price_tier ? ` (${t('plm.level')} ${q.price_tier})` : ''}</b> : '';
            if (r.key === 'margin_pct') return num.qty(q.margin_pct, 'PCT');
            if (r.key === 'lead_time_days') return num.qty(q.lead_time_days, 'DAY');
            return num.amount(q[r.key], q.currency);
          },
        })),
      ]}
    />
  );
}

function NewQuote({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <RequestModal open={open} onClose={onClose} onCreated={onCreated} action="quote/create" title={t('plm.requestQuote')} initialValues={{ currency: 'CNY' }}>
      <Form.Item name="qty" label={t('plm.qty')}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Form.Item name="currency" label={t('plm.currency')}>
        <Select options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))} />
      </Form.Item>
    </RequestModal>
  );
}

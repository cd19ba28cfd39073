// Side by side: one row per RFQ item, one column per posted quotation (price, tier prices, lead
// time), the supplier's evaluation score and the award in the column header.
import { Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useNumbers, useTranslation } from '@seamline/web/engine';
import { useSrmAction, useSrmQuery, type Doc } from './api';
import { StateTag } from './StateTag';

export function Comparison({ projectId, canSelect }: { projectId: string; canSelect: boolean }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const cmp = useSrmQuery<Doc>('quotation/compare', { project_id: projectId });
  const select = useSrmAction('quotation/select');
  const data = cmp.data;
  if (!data) return null;
  if (!data.quotations.length) return <Empty description={t('srm.noQuotations')} />;
  const columns = [
    {
      title: t('srm.item'),
      key: 'item',
      fixed: 'left' as const,
      render: (_: unknown, it: Doc) => (
        <div>
          <Typography.Text strong>{it.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {n.qty(it.quantity, it.unit)} · {t('srm.expected')} {it.expected_price ? n.amount(it.expected_price, it.currency) : '—'}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    ...data.quotations.map((q: Doc) => ({
      key: q.id,
      title: (
        <div data-testid="compare-supplier" data-supplier={q.supplier_name}>
          <Space direction="vertical" size={2}>
            <Typography.Text strong>{q.supplier_name}</Typography.Text>
            <Space size={4} wrap>
              <StateTag kind="quotation" value={q.status} />
              <Tag>
                {t('srm.score')}: {q.evaluation_score ?? '—'}
              </Tag>
            </Space>
            {canSelect && q.status === 'posted' && (
              <Popconfirm title={t('srm.selectConfirm')} onConfirm={() => select.mutate({ id: q.id, version: q.version })}>
                <Button size="small" type="primary" icon={<TrophyOutlined />} data-testid="select-quotation" loading={select.isPending}>
                  {t('srm.select')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </div>
      ),
      render: (_: unknown, it: Doc) => {
        const o = it.offers.find((x: Doc) => x.quotation_id === q.id);
        if (!o) return <Typography.Text type="secondary">—</Typography.Text>;
        const best = it.best_price !== null && o.unit_price === it.best_price;
        return (
          <div data-testid="offer">
            <Space size={4}>
              <Typography.Text strong type={best ? 'success' : undefined}>
                {n.amount(o.unit_price, q.currency)}
              </Typography.Text>
              {best && data.quotations.length > 1 && <Tag color="green">{t('srm.best')}</Tag>}
            </Space>
            {o.lead_time_days !== null && <div>{t('srm.days', { n: o.lead_time_days })}</div>}
            {o.tiers.map((tr: Doc) => (
              <div key={tr.level}>
                <Typography.Text type="secondary">{t('srm.tierLine', { level: tr.level, qty: n.qty(tr.min_qty, it.unit), price: n.amount(tr.unit_price, q.currency) })}</Typography.Text>
              </div>
            ))}
          </div>
        );
      },
    })),
  ];
  return <Table size="small" rowKey="id" dataSource={data.items} columns={columns} pagination={false} scroll={{ x: true }} data-testid="comparison" bordered />;
}

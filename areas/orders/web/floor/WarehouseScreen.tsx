// /scm/index/warehouse (menu SCM_WAREHOUSE): the company's warehouses as tabs, each with its bins
// and the stock per bin and item (material, or style · colour · size) — the sum of the posted
// ledger. Warehouses, bins and the stock documents are engine entities; their generic screens
// are linked from here (receipts, issues and moves post into the ledger from their own form).
import { useState } from 'react';
import { Button, Empty, Space, Table, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, useNumbers, type TemplateProps } from '@seamline/web/engine';

interface Row {
  id: string;
  code: string;
  name?: string;
  [k: string]: unknown;
}
interface StockRow {
  bin_id: string;
  bin_code: string;
  item_key: string;
  material_code: string | null;
  material_name: string | null;
  unit: string | null;
  style_code: string | null;
  colour: string | null;
  size: string | null;
  quantity: string;
}

const page = (q: Record<string, unknown> = {}) => ({ q: JSON.stringify(q), p: JSON.stringify({ page: 1, size: 200 }) });

export default function WarehouseScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const warehouses = useQuery({
    queryKey: ['engine', 'warehouse', 'floor-screen'],
    queryFn: () => api.get<{ rows: Row[] }>('scmapi/warehouse/page-list', page()),
  });
  const [active, setActive] = useState<string>();
  const rows = warehouses.data?.rows ?? [];
  const current = active ?? rows[0]?.id;
  return (
    <div data-testid="warehouse-screen">
      <Space wrap style={{ marginBottom: 16 }}>
        <Link to="/scm/ecindex/stock-receipt">
          <Button>{t('floor.wh.receipts')}</Button>
        </Link>
        <Link to="/scm/ecindex/stock-issue">
          <Button>{t('floor.wh.issues')}</Button>
        </Link>
        <Link to="/scm/ecindex/stock-move">
          <Button>{t('floor.wh.moves')}</Button>
        </Link>
        <Link to="/scm/page/warehouse">
          <Button icon={<PlusOutlined />}>{t('floor.wh.new')}</Button>
        </Link>
        <Link to="/scm/index/warehouse-bin">
          <Button>{t('floor.wh.manageBins')}</Button>
        </Link>
      </Space>
      {warehouses.isSuccess && rows.length === 0 ? <Empty /> : null}
      <Tabs
        activeKey={current}
        onChange={setActive}
        items={rows.map((w) => ({
          key: w.id,
          label: `${w.code} ${w.name ?? ''}`,
          children: <WarehouseStock warehouse={w} />,
        }))}
      />
    </div>
  );
}

const unitOf = (r: StockRow): string | null => r.unit ?? (r.style_code ? 'PCS' : null);

function WarehouseStock({ warehouse }: { warehouse: Row }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const bins = useQuery({
    queryKey: ['engine', 'warehouse-bin', 'floor-screen', warehouse.id],
    queryFn: () => api.get<{ rows: Row[] }>('scmapi/warehouse-bin/page-list', page({ warehouse_id: warehouse.id })),
  });
  const stock = useQuery({
    queryKey: ['floor', 'stock', warehouse.id],
    queryFn: () => api.get<StockRow[]>('scmapi/stock/list', { warehouse_id: warehouse.id }),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="warehouse-stock" data-warehouse={warehouse.code}>
      <Space wrap>
        <Typography.Text strong>{t('floor.wh.bins')}:</Typography.Text>
        {(bins.data?.rows ?? []).map((b) => (
          <Tag key={b.id} data-testid="warehouse-bin">
            {b.code}
          </Tag>
        ))}
        <Link to={`/scm/page/warehouse?id=${encodeURIComponent(warehouse.id)}`}>
          <Button size="small" icon={<EditOutlined />}>
            {t('floor.wh.manage')}
          </Button>
        </Link>
      </Space>
      <Table<StockRow>
        size="small"
        rowKey={(r) => `${r.bin_id}|${r.item_key}`}
        loading={stock.isLoading}
        dataSource={stock.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('floor.wh.noStock') }}
        columns={[
          { key: 'bin', title: t('floor.wh.bin'), dataIndex: 'bin_code' },
          {
            key: 'item',
            title: t('floor.wh.item'),
            render: (_, r) => (r.material_code ? `${r.material_code} ${r.material_name ?? ''}` : [r.style_code, r.colour, r.size].filter(Boolean).join(' · ')),
          },
          // A material in its unit, a garment (style · colour · size) in pieces (issue 30).
          { key: 'qty', title: t('floor.wh.quantity'), dataIndex: 'quantity', align: 'right', render: (v: string, r) => <span data-testid="stock-qty">{n.num(v, unitOf(r))}</span> },
          { key: 'unit', title: t('floor.wh.unit'), dataIndex: 'unit', render: (_: unknown, r) => n.unit(unitOf(r)) },
        ]}
      />
    </Space>
  );
}

// The documents another company shares with the caller: the customer orders it placed on its
// suppliers, or the outsourced orders it received. A row opens the shared view; the list
// refreshes live when the other company acts.
import { Button, Card, Empty, Input, Progress, Select, Space, Table } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { customerOrderEntity, outsourcedOrderEntity } from '../meta';
import { useLang } from '../../../web/src/i18n';
import { useOrdersQuery, type Doc, type Page } from './api';
import { useOrdersLive } from './live';
import { percent, SharedView } from './SharedView';
import { StatusTag } from './StatusTag';

export function SharedList({ entity, extra }: { entity: 'customer-order' | 'outsourced-order'; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const def = entity === 'customer-order' ? customerOrderEntity : outsourcedOrderEntity;
  const path = entity === 'customer-order' ? 'customer-order/placed-list' : 'outsourced-order/received-list';
  const list = useOrdersQuery<Page>(path, { p: JSON.stringify({ page, size: 20 }), status, code });
  useOrdersLive(null, () => void list.refetch());
  const openId = params.get('id');
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: true });
  };
  const isOrder = entity === 'customer-order';
  return (
    <Card className="sl-list-card" data-testid={`shared-list-${entity}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('orders.code')} onSearch={(v) => { setCode(v.trim()); setPage(1); }} style={{ width: 200 }} data-testid="shared-search" />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('orders.status')}
          value={status}
          onChange={(v) => { setStatus(v); setPage(1); }}
          options={def.status!.values.map((v) => ({ value: v.value, label: lang === 'en' ? v.label.en : v.label.zh }))}
        />
        {extra}
      </Space>
      <Table<Doc>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('orders.empty')} /> }}
        scroll={{ x: 640 }}
        onRow={(r) => ({ onClick: () => open(String(r.id)), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('orders.code'), dataIndex: 'code', render: (v: string) => <Button type="link" style={{ padding: 0 }} data-testid={`shared-row-${v}`}>{v}</Button> },
          { title: t('orders.company'), dataIndex: 'company_name' },
          { title: t('orders.status'), dataIndex: 'status', render: (v: string) => <StatusTag def={def} value={v} /> },
          { title: isOrder ? t('orders.total') : t('orders.qty'), dataIndex: isOrder ? 'total_qty' : 'qty', align: 'right' },
          {
            title: t('orders.progress'),
            key: 'progress',
            width: 160,
            render: (_: unknown, r: Doc) => <Progress size="small" percent={percent(isOrder ? r.produced_qty : r.completed_qty, isOrder ? r.total_qty : r.qty)} />,
          },
          { title: isOrder ? t('orders.deliveryDate') : t('orders.dueDate'), dataIndex: isOrder ? 'delivery_date' : 'due_date' },
        ]}
      />
      <SharedView entity={entity} id={openId} onClose={() => open(null)} />
    </Card>
  );
}

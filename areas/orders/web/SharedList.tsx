// The documents another company shares with the caller: the customer orders it placed on its
// suppliers, or the outsourced orders it received. A row opens the shared view; the list
// refreshes live when the other company acts.
import { Card, Input, Progress, Select, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customerOrderEntity, outsourcedOrderEntity } from '../meta';
import { useLang, useNumbers } from '@seamline/web/engine';
import { useOrdersQuery, type Doc, type Page } from './api';
import { useOrdersLive } from './live';
import { percent, SharedView } from './SharedView';
import { ReceivedTable, useOpenedId } from './ReceivedTable';

export function SharedList({ entity, extra }: { entity: 'customer-order' | 'outsourced-order'; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const [openId, open] = useOpenedId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const def = entity === 'customer-order' ? customerOrderEntity : outsourcedOrderEntity;
  const path = entity === 'customer-order' ? 'customer-order/placed-list' : 'outsourced-order/received-list';
  const list = useOrdersQuery<Page>(path, { p: JSON.stringify({ page, size: 20 }), status, code });
  useOrdersLive(null, () => void list.refetch());
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
      <ReceivedTable
        list={list}
        page={page}
        onPage={setPage}
        onOpen={open}
        def={def}
        rowTestId="shared-row"
        scrollX={640}
        columns={[
          { title: isOrder ? t('orders.total') : t('orders.qty'), dataIndex: isOrder ? 'total_qty' : 'qty', align: 'right', render: (_: unknown, r: Doc) => n.of(def, isOrder ? 'total_qty' : 'qty', r) },
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

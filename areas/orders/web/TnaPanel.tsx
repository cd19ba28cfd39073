// The T&A of a customer order (issue 27), for the factory under its order and for the brand in
// the order it placed: each node's planned, projected and actual date and its state, and which
// event completes it. The plan comes from the development area's route (the order's style's
// template, applied when the order was placed); at 390 px the table scrolls with the node fixed.
import { Card, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@seamline/web/engine';

interface Node {
  node_code: string;
  node_name: string;
  event: string | null;
  planned_date: string | null;
  projected_date?: string | null;
  actual_date: string | null;
  state?: string;
}
interface Tna {
  plans: Array<{ id: string; code: string; basis_date: string | null; nodes: Node[] }>;
}

const STATE_COLOURS: Record<string, string> = { planned: 'blue', done: 'green', late: 'orange', at_risk: 'red', overdue: 'volcano' };

export function TnaPanel({ orderId, version }: { orderId: string; version?: unknown }) {
  const { t } = useTranslation();
  const q = useQuery<Tna>({
    queryKey: ['orders', 'tna', orderId, version],
    queryFn: () => api.get<Tna>('plmapi/node-following/for-order', { customer_order_id: orderId }),
  });
  const plan = q.data?.plans[0];
  if (!plan) return null;
  return (
    <Card size="small" style={{ marginTop: 12 }} title={`${t('orders.tna.title')} ${plan.code}`} data-testid="order-tna">
      <Table<Node>
        size="small"
        rowKey="node_code"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={plan.nodes}
        columns={[
          { title: t('orders.tna.node'), key: 'n', fixed: 'left', width: 120, render: (_: unknown, r: Node) => r.node_name },
          { title: t('orders.tna.planned'), dataIndex: 'planned_date' },
          { title: t('orders.tna.projected'), dataIndex: 'projected_date', render: (v: string | null) => v ?? '—' },
          { title: t('orders.tna.actual'), dataIndex: 'actual_date', render: (v: string | null) => v ?? '—' },
          { title: t('orders.tna.state'), dataIndex: 'state', render: (v: string) => (v ? <Tag color={STATE_COLOURS[v]}>{t(`orders.tna.state.${v}`)}</Tag> : null) },
          { title: t('orders.tna.event'), dataIndex: 'event', render: (v: string | null) => (v ? t(`orders.tna.event.${v}`) : t('orders.tna.byHand')) },
        ]}
      />
    </Card>
  );
}

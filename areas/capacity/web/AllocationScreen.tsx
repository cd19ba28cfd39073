// /scm/index/demand-allocation: the brand's allocation versions (engine list; the board opens a
// version) and what a supplier has received — its published lines per version, live (a
// notification of the capacity module refetches them), with Confirm.
import { useEffect, useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Table, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { onNotification, useTranslation, IndexScreen, LoadFailed, useNumbers, type TemplateProps } from '@seamline/web/engine';
import { useCapAction, useCapQuery, type Doc } from './api';
import './register-messages';
import { StateTag } from './StateTag';

export const CAP_MODULE = 'SCM';
export const CAP_SUBAREA = 'demand-allocation';

function useReceived() {
  const received = useCapQuery<Doc[]>('allocation/received', {});
  const { refetch } = received;
  useEffect(
    () =>
      onNotification((msg) => {
        if (msg.module === CAP_MODULE && msg.function_subarea === CAP_SUBAREA) void refetch();
      }),
    [refetch],
  );
  return received;
}

function Received({ received }: { received: ReturnType<typeof useReceived> }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const confirm = useCapAction('allocation/confirm');
  if (received.isError) return <LoadFailed onRetry={() => void received.refetch()} />;
  const groups = received.data ?? [];
  if (!groups.length) return <Empty description={t('cap.nothingReceived')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="received-allocations">
      {groups.map((g) => (
        <Card
          key={g.version_id}
          size="small"
          data-testid="received-version"
          title={
            <Space wrap>
              <span>{g.brand_name}</span>
              {/* The version received, by its number and title (issue 23). */}
              {g.version_no ? (
                <Typography.Text strong data-testid="received-version-title">
                  {t('cap.version')} {g.version_no}
                  {g.title ? ` · ${g.title}` : ''}
                </Typography.Text>
              ) : null}
              {g.version_status === 'archived' ? <Typography.Text type="secondary">({t('cap.archived')})</Typography.Text> : null}
              <Typography.Text type="secondary">
                {t('cap.pieces')}: {n.qty(g.pieces, 'PCS')} · {t('cap.minutes')}: {n.qty(g.minutes, 'MIN')}
              </Typography.Text>
              {g.statuses.map((s: string) => (
                <StateTag key={s} value={s} />
              ))}
            </Space>
          }
          extra={
            g.can_confirm ? (
              <Popconfirm title={t('cap.confirmAsk', { brand: g.brand_name })} onConfirm={() => confirm.mutate({ version_id: g.version_id })}>
                <Button type="primary" size="small" loading={confirm.isPending} data-testid="confirm-allocation">
                  {t('cap.confirm')}
                </Button>
              </Popconfirm>
            ) : null
          }
        >
          <Table
            size="small"
            rowKey="id"
            scroll={{ x: 640 }}
            pagination={false}
            dataSource={g.lines}
            columns={[
              { title: t('cap.demandNo'), dataIndex: 'demand_no' },
              { title: t('cap.style'), dataIndex: 'style_no' },
              { title: t('cap.group'), dataIndex: 'group_name' },
              { title: t('cap.week'), dataIndex: 'week' },
              { title: t('cap.dueWeek'), dataIndex: 'due_week' },
              { title: t('cap.qty'), dataIndex: 'qty', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
              { title: t('cap.minutes'), dataIndex: 'minutes', align: 'right', render: (v: unknown) => n.qty(v, 'MIN') },
              { title: t('cap.status'), dataIndex: 'status', render: (v: string) => <StateTag value={v} /> },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}

export default function AllocationScreen(props: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const received = useReceived();
  const [tab, setTab] = useState<string | null>(params.get('tab'));
  // A supplier lands on what it received; a brand on its versions.
  const active = tab ?? (received.data?.length ? 'received' : 'versions');
  return (
    <Card className="sl-list-card">
      <Tabs
        activeKey={active}
        onChange={(k) => {
          setTab(k);
          setParams({ tab: k }, { replace: true });
        }}
        tabBarExtraContent={
          <Button onClick={() => navigate('/plan/page/capacity-board')} data-testid="open-board">
            {t('cap.openBoard')}
          </Button>
        }
        items={[
          { key: 'versions', label: t('cap.versions'), children: <IndexScreen {...props} /> },
          { key: 'received', label: t('cap.received'), children: <Received received={received} /> },
        ]}
      />
    </Card>
  );
}

// /scm/ecindex/material-order: the material orders the company sent (the engine's status-tab list
// and forms, with the sender's action buttons) and those it received from customers on the
// platform (issue 23): a supplier reads the order and its lines and confirms it with a delivery
// date or declines it with a reason; the list and the open order refresh when the other side acts.
import { Card, Descriptions, Drawer, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTabsScreen, useNumbers, type TemplateProps } from '@seamline/web/engine';
import { MATERIAL_ORDER_ACTIONS, materialOrderEntity } from '../meta';
import { ActionBar } from './ActionBar';
import { useOrdersQuery, useOrdersRefresh, type Doc, type Page } from './api';
import { useOrdersLive } from './live';
import { StatusTag } from './StatusTag';
import { ReceivedTable, useOpenedId } from './ReceivedTable';
import { SentReceivedTabs } from './SentReceivedTabs';

/** One received material order: who sent it, its lines, the supplier's answer and actions. */
function ReceivedView({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useOrdersRefresh();
  const n = useNumbers();
  const view = useOrdersQuery<{ doc: Doc; side: 'owner' | 'counterpart'; owner_name: string; actions: string[] }>('material-order/shared-view', { id }, !!id);
  useOrdersLive(id ? [id] : [], () => void view.refetch());
  const data = id ? view.data : undefined;
  const doc = data?.doc;
  return (
    <Drawer open={!!id} onClose={onClose} width="min(720px, 100vw)" title={doc ? doc.code : ''} destroyOnHidden>
      {doc && data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="material-view">
          <Space wrap>
            <StatusTag def={materialOrderEntity} value={doc.status} />
            <Typography.Text type="secondary" data-testid="material-side">
              {t('orders.side.receivedFrom', { company: data.owner_name })}
            </Typography.Text>
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('orders.material.requiredDate')}>{doc.required_date ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.material.confirmedDate')}>
              <span data-testid="material-confirmed-date">{doc.confirmed_date ?? '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.amount')}>{n.of(materialOrderEntity, 'total_amount', doc)}</Descriptions.Item>
            {doc.reject_reason && <Descriptions.Item label={t('orders.rejectReason')}>{doc.reject_reason}</Descriptions.Item>}
            {doc.remark && <Descriptions.Item label={t('orders.remark')} span={2}>{doc.remark}</Descriptions.Item>}
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 420 }}
            dataSource={doc.lines ?? []}
            columns={[
              { title: t('orders.material.code'), dataIndex: 'material_code', render: (v: string, r: Doc) => v ?? r._labels?.material_id ?? '' },
              { title: t('orders.qty'), dataIndex: 'qty', align: 'right', render: (_: unknown, r: Doc) => n.of(materialOrderEntity, 'qty', r, doc, 'lines') },
              { title: t('orders.price'), dataIndex: 'price', align: 'right', render: (_: unknown, r: Doc) => n.of(materialOrderEntity, 'price', r, doc, 'lines') },
            ]}
          />
          <ActionBar entity="material-order" table={MATERIAL_ORDER_ACTIONS} doc={doc} side={data.side} onDone={() => void Promise.all([view.refetch(), refresh('material-order')])} />
        </Space>
      )}
    </Drawer>
  );
}

/** Material orders customers on the platform sent to the company. */
function ReceivedList() {
  const { t } = useTranslation();
  const [openId, open] = useOpenedId();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const list = useOrdersQuery<Page>('material-order/received-list', { p: JSON.stringify({ page, size: 20 }), code });
  useOrdersLive(null, () => void list.refetch());
  return (
    <Card className="sl-list-card" data-testid="shared-list-material-order">
      <Input.Search allowClear placeholder={t('orders.code')} onSearch={(v) => { setCode(v.trim()); setPage(1); }} style={{ width: 200, marginBottom: 12 }} />
      <ReceivedTable
        list={list}
        page={page}
        onPage={setPage}
        onOpen={open}
        def={materialOrderEntity}
        rowTestId="material-row"
        scrollX={560}
        columns={[
          { title: t('orders.material.requiredDate'), dataIndex: 'required_date' },
          { title: t('orders.material.confirmedDate'), dataIndex: 'confirmed_date' },
        ]}
      />
      <ReceivedView id={openId} onClose={() => open(null)} />
    </Card>
  );
}

export default function MaterialOrdersScreen(props: TemplateProps) {
  const { t } = useTranslation();
  return (
    <SentReceivedTabs
      sent={{ label: t('orders.tab.sentMaterial'), testId: 'tab-sent-material', children: <StatusTabsScreen {...props} /> }}
      received={{ label: t('orders.tab.receivedMaterial'), testId: 'tab-received-material', children: <ReceivedList /> }}
    />
  );
}

// One document two companies share, as the caller sees it (customer order or outsourced order):
// its key facts, lines, progress and the actions open to the caller's side; refreshed live when
// the other company acts. Opened from the shared lists (?id= in the URL, so links from
// notifications land on it).
import { Button, Descriptions, Drawer, Form, InputNumber, Progress, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { divDec, mulDec, type EntityDef } from '@seamline/core';
import { api, toastSuccess, useLang, useNumbers } from '@seamline/web/engine';
import { CUSTOMER_ORDER_ACTIONS, OUTSOURCED_ORDER_ACTIONS, customerOrderEntity, indicatorLabel, outsourcedOrderEntity, type OrderAction } from '../meta';
import { ActionBar } from './ActionBar';
import { useOrdersQuery, useOrdersRefresh, type Doc } from './api';
import { useOrdersLive } from './live';
import { StatusTag } from './StatusTag';
import { wholePiecesRule } from './units';
import { ProgressPanel, useOrderProgressPushed } from './floor/ProgressPanel';
import { TnaPanel } from './TnaPanel';

const KINDS: Record<string, { def: EntityDef; table: readonly OrderAction[] }> = {
  'customer-order': { def: customerOrderEntity, table: CUSTOMER_ORDER_ACTIONS },
  'outsourced-order': { def: outsourcedOrderEntity, table: OUTSOURCED_ORDER_ACTIONS },
};

/** Done as a percentage of the ordered quantity, exact to the whole percent. */
export function percent(done: unknown, of: unknown): number {
  if (!of || Number(of) === 0) return 0;
  return Math.min(100, Number(divDec(mulDec(String(done ?? '0'), '100'), String(of), 0) ?? '0'));
}

/**
 * Whose document this is, in the reader's words: the brand reads its order as placed by it with the
 * factory, the factory as received from the brand; a vendor reads an outsourced order as received.
 */
function sideText(isOrder: boolean, side: 'owner' | 'counterpart', company: string | null | undefined, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (side === 'counterpart') return t(isOrder ? 'orders.side.placedWith' : 'orders.side.receivedFrom', { company: company ?? '—' });
  return isOrder && company ? t('orders.side.receivedFrom', { company }) : t('orders.side.owner');
}

export function SharedView({ entity, id, onClose }: { entity: 'customer-order' | 'outsourced-order'; id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const refresh = useOrdersRefresh();
  const { def, table } = KINDS[entity];
  const view = useOrdersQuery<{ doc: Doc; side: 'owner' | 'counterpart'; owner_name: string; actions: string[] }>(`${entity}/shared-view`, { id }, !!id);
  useOrdersLive(id ? [id] : [], () => void view.refetch());
  // A scan or a cancelled scan on the floor changes the order's produced quantity.
  useOrderProgressPushed(entity === 'customer-order' ? id : null, () => void view.refetch());
  const data = id ? view.data : undefined;
  const doc = data?.doc;
  const isOrder = entity === 'customer-order';
  const done = isOrder ? doc?.produced_qty : doc?.completed_qty;
  const of = isOrder ? doc?.total_qty : doc?.qty;
  const [form] = Form.useForm();
  const canReport = !!doc && doc.status === 'CONFIRMED' && ((data?.side === 'counterpart' && doc.tracking === 'PLATFORM') || (data?.side === 'owner' && doc.tracking === 'MANUAL'));

  return (
    <Drawer open={!!id} onClose={onClose} width="min(720px, 100vw)" title={doc ? `${def.label[lang === 'en' ? 'en' : 'zh']} ${doc.code}` : ''} destroyOnHidden>
      {doc && data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="shared-view">
          <Space wrap>
            <StatusTag def={def} value={doc.status} />
            <Typography.Text type="secondary" data-testid="shared-side">{sideText(isOrder, data.side, data.side === 'owner' ? doc.buyer_name : data.owner_name, t)}</Typography.Text>
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            {isOrder ? (
              <>
                <Descriptions.Item label={t('orders.company')}>{data.side === 'owner' ? doc.buyer_name : data.owner_name}</Descriptions.Item>
                <Descriptions.Item label={t('orders.deliveryDate')}>{doc.delivery_date ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.total')}>{n.of(def, 'total_qty', doc)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.amount')}>{n.of(def, 'total_amount', doc)}</Descriptions.Item>
                {doc.reject_reason && <Descriptions.Item label={t('orders.rejectReason')} span={2}><span data-testid="reject-reason-shown">{doc.reject_reason}</span></Descriptions.Item>}
              </>
            ) : (
              <>
                <Descriptions.Item label={t('orders.company')}>{data.side === 'owner' ? '—' : data.owner_name}</Descriptions.Item>
                <Descriptions.Item label={t('orders.indicator')}>{indicatorLabel(doc.indicator, lang)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.style')}>{doc.style_code ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('orders.qty')}>{n.of(def, 'qty', doc)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.price')}>{n.of(def, 'price', doc)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.dueDate')}>{doc.due_date ?? '—'}</Descriptions.Item>
              </>
            )}
            {doc.remark && <Descriptions.Item label={t('orders.remark')} span={2}>{doc.remark}</Descriptions.Item>}
          </Descriptions>
          <div>
            <Typography.Text type="secondary">{isOrder ? t('orders.produced') : t('orders.progress.completed')}</Typography.Text>
            <Progress percent={percent(done, of)} format={() => `${n.num(done ?? '0', 'PCS')} / ${n.qty(of ?? '0', 'PCS')}`} data-testid="shared-progress" />
          </div>
          {isOrder && <ProgressPanel order_id={String(doc.id)} />}
          {isOrder && <TnaPanel orderId={String(doc.id)} version={doc.version} />}
          {isOrder && (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 480 }}
              dataSource={doc.lines ?? []}
              columns={[
                { title: t('orders.style'), dataIndex: 'style_code' },
                { title: t('orders.colour'), dataIndex: 'colour' },
                { title: t('orders.size'), dataIndex: 'size' },
                { title: t('orders.qty'), dataIndex: 'qty', align: 'right', render: (_: unknown, r: Doc) => n.of(def, 'qty', r, doc, 'lines') },
                { title: t('orders.price'), dataIndex: 'price', align: 'right', render: (_: unknown, r: Doc) => n.of(def, 'price', r, doc, 'lines') },
                { title: t('orders.amount'), dataIndex: 'amount', align: 'right', render: (_: unknown, r: Doc) => n.of(def, 'amount', r, doc, 'lines') },
              ]}
            />
          )}
          <ActionBar entity={entity} table={table} doc={doc} side={data.side} onDone={() => void Promise.all([view.refetch(), refresh(entity)])} />
          {canReport && (
            <Form form={form} layout="inline" onFinish={async (v) => {
              await api.post(`scmapi/${entity}/progress`, { DATA: JSON.stringify({ id: doc.id, version: doc.version, completed_qty: String(v.completed_qty) }) });
              toastSuccess(t('orders.done'));
              await Promise.all([view.refetch(), refresh(entity)]);
            }}>
              <Form.Item name="completed_qty" label={t('orders.progress.completed')} rules={[{ required: true, message: t('orders.required') }, wholePiecesRule(lang)]}>
                <InputNumber min={0} stringMode addonAfter={n.unit('PCS')} data-testid="progress-qty" />
              </Form.Item>
              <Button htmlType="submit" data-testid="progress-report">{t('orders.progress.report')}</Button>
            </Form>
          )}
        </Space>
      )}
    </Drawer>
  );
}

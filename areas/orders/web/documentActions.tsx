// The orders documents inside the engine's form (the owner's side): their action buttons under
// the form, and the form read-only outside the states in which the server accepts a save — a
// submitted outsourced order above all (ORD-07: no Save, fields read-only).
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerDocumentExtension, type DocumentExtension } from '@seamline/web/engine';
import { CO_STATUS, CUSTOMER_ORDER_ACTIONS, MATERIAL_ORDER_ACTIONS, MO_STATUS, OO_STATUS, OUTSOURCED_ORDER_ACTIONS, PLAN_ACTIONS, PLAN_STATUS, WO_STATUS, WORK_ORDER_ACTIONS, workOrderEntity, type OrderAction } from '../meta';
import { ActionBar } from './ActionBar';
import { useOrdersQuery, useOrdersRefresh, type Doc, type Page } from './api';
import { MaterialsPanel } from './MaterialsPanel';
import { StatusTag } from './StatusTag';
import { TnaPanel } from './TnaPanel';

const TABLES: Record<string, { table: readonly OrderAction[]; editable: readonly string[] }> = {
  'customer-order': { table: CUSTOMER_ORDER_ACTIONS, editable: [CO_STATUS.OPEN] },
  'production-plan': { table: PLAN_ACTIONS, editable: [PLAN_STATUS.PENDING] },
  'work-order': { table: WORK_ORDER_ACTIONS, editable: [WO_STATUS.PENDING, WO_STATUS.DRAFT] },
  'outsourced-order': { table: OUTSOURCED_ORDER_ACTIONS, editable: [OO_STATUS.DRAFT] },
  // A rejected or closed material order is history (issue 23); the supplier's answer is its own.
  'material-order': { table: MATERIAL_ORDER_ACTIONS, editable: [MO_STATUS.NEW, MO_STATUS.ACCEPTED, MO_STATUS.CALLED, MO_STATUS.RECEIVED] },
};

/** The work orders a plan made (engine page-list of work-order by plan), with the way to the calendar. */
function PlanWorkOrders({ planId, version }: { planId: string; version: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useOrdersQuery<Page>('work-order/page-list', { q: JSON.stringify({ plan_id: planId }), p: JSON.stringify({ size: 50, sort: [{ field: 'sequence', order: 'asc' }] }), version });
  const rows = list.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      title={t('orders.plan.workOrders')}
      extra={<Button type="link" onClick={() => navigate('/zp/prodmgm/calendarview/work-order')}>{t('orders.calendar.title')}</Button>}
      data-testid="plan-work-orders"
    >
      <Table<Doc>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={rows}
        onRow={(r) => ({ onDoubleClick: () => navigate(`/prodmgm/page/work-order?id=${r.id}`) })}
        columns={[
          { title: t('orders.code'), dataIndex: 'code' },
          { title: t('orders.plan.process'), key: 'p', render: (_: unknown, r: Doc) => r._labels?.process_id ?? '' },
          { title: t('orders.calendar.line'), key: 'l', render: (_: unknown, r: Doc) => r._labels?.production_line_id ?? '—' },
          { title: t('orders.plan.days'), key: 'd', render: (_: unknown, r: Doc) => (r.planned_start ? `${r.planned_start} → ${r.planned_end}` : '—') },
          { title: t('orders.status'), dataIndex: 'status', render: (v: string) => <StatusTag def={workOrderEntity} value={v} /> },
        ]}
      />
    </Card>
  );
}

function Actions({ entity, doc, refresh }: { entity: string; doc: Record<string, unknown>; refresh: () => Promise<unknown> }) {
  const refreshAll = useOrdersRefresh();
  const spec = TABLES[entity];
  return (
    <>
      <Card size="small" style={{ marginTop: 12 }} data-testid="order-action-card">
        <ActionBar entity={entity} table={spec.table} doc={doc} side="owner" onDone={() => void Promise.all([refresh(), refreshAll(entity), refreshAll('work-order')])} />
      </Card>
      {entity === 'production-plan' && <PlanWorkOrders planId={String(doc.id)} version={doc.version} />}
      {entity === 'customer-order' && <TnaPanel orderId={String(doc.id)} version={doc.version} />}
      {entity === 'customer-order' && <MaterialsPanel orderId={String(doc.id)} version={doc.version} />}
    </>
  );
}

export const ordersDocumentExtension: DocumentExtension = {
  render: ({ entry, doc, refresh }) => (TABLES[entry.def.name] && doc.id ? <Actions entity={entry.def.name} doc={doc} refresh={refresh} /> : null),
  locked: (entry, doc) => {
    const spec = TABLES[entry.def.name];
    if (!spec || !doc.id) return false;
    // A brand's order is the brand's word: the supplier acts on it, it does not edit it.
    return !spec.editable.includes(String(doc.status ?? '')) || (entry.def.name === 'customer-order' && !!doc.buyer_client_id);
  },
};

registerDocumentExtension(ordersDocumentExtension);

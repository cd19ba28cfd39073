// The shipment inside the engine's form (the supplier's side): Ship / Cancel from the same state
// table the server runs (Cancel asks first, danger), the labels and packing list, what the buyer
// received of each line (live: refetched when the buyer posts a receipt), and the form read-only
// once the notice is no longer a draft.
import { Button, Card, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { registerDocumentExtension, useNumbers, useTranslation, type DocumentExtension } from '@seamline/web/engine';
import { ActionBar } from '../../orders/web/ActionBar';
import { useOrdersLive } from '../../orders/web/live';
import { SH_STATUS, SUPPLIER_ACTIONS } from '../meta';
import { useShippingQuery, useShippingRefresh, type Doc } from './api';
import { receivedQtyColumns } from './receivedColumns';
import './texts';

function ShipmentPanel({ doc, refresh }: { doc: Record<string, unknown>; refresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const navigate = useNavigate();
  const refreshAll = useShippingRefresh();
  const id = String(doc.id);
  const shared = useShippingQuery<Doc>('shipment/shared-view', { id, v: doc.version });
  useOrdersLive([id], () => void Promise.all([refresh(), shared.refetch()]));
  const received: Doc[] = shared.data?.received ?? [];
  const lines: Doc[] = (doc.lines as Doc[]) ?? [];
  return (
    <Card size="small" style={{ marginTop: 12 }} data-testid="shipment-actions">
      <Space wrap>
        <ActionBar entity="shipment" table={SUPPLIER_ACTIONS} doc={doc} side="owner" onDone={() => void Promise.all([refresh(), refreshAll()])} />
        <Button onClick={() => navigate(`/scm/page/shipment-labels?id=${id}`)} data-testid="open-labels">{t('shipping.labels')}</Button>
      </Space>
      {received.length > 0 && (
        <Table<Doc>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="line_id"
          pagination={false}
          scroll={{ x: 480 }}
          dataSource={received}
          columns={[
            { title: t('shipping.contents'), key: 'item', render: (_: unknown, r: Doc) => { const l = lines.find((x) => x.id === r.line_id); return l ? `${l.carton_no} · ${l.style_code} · ${l.colour} · ${l.size}` : ''; } },
            ...receivedQtyColumns(t, n, lines),
            { title: t('shipping.reason'), dataIndex: 'reason' },
          ]}
        />
      )}
    </Card>
  );
}

export const shipmentDocumentExtension: DocumentExtension = {
  render: ({ entry, doc, refresh }) => (entry.def.name === 'shipment' && doc.id ? <ShipmentPanel doc={doc} refresh={refresh} /> : null),
  locked: (entry, doc) => entry.def.name === 'shipment' && !!doc.id && doc.status !== SH_STATUS.DRAFT,
};

registerDocumentExtension(shipmentDocumentExtension);

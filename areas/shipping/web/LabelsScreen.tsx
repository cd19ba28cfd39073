// /scm/page/shipment-labels?id=…: one GS1-128 carton label per carton (SSCC drawn by the server
// with bwip-js; buyer, supplier, orders, contents) and the packing list, printed by the browser
// (a print stylesheet puts each label on its own page). Either company of the shipment may print.
import { Button, Card, Space, Table, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useNumbers, useTranslation } from '@seamline/web/engine';
import { shipmentEntity } from '../meta';
import { useShippingQuery, type Doc } from './api';
import './labels.css';
import './texts';

export default function LabelsScreen() {
  const { t } = useTranslation();
  const n = useNumbers();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const data = useShippingQuery<Doc>('shipment/labels', { id }, !!id);
  const d = data.data;
  if (!d) return <Card loading={data.isLoading} />;
  const doc = d.doc;
  const orders = (d.orders as Doc[]).map((o) => o.code).join(', ');
  // Every figure as the definition reads it: pieces whole, kilograms and cubic metres (issue 30).
  // Lines saved before materials could ship (issue 27) carry no unit: they are garments, in pieces.
  const line = (l: Doc) => n.of(shipmentEntity, 'qty', { ...l, unit: l.unit ?? 'PCS' }, doc, 'lines');
  return (
    <div className="shp-print" data-testid="shipment-labels">
      <Space className="shp-no-print" style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate(-1)}>{t('shipping.back')}</Button>
        <Button type="primary" onClick={() => window.print()} data-testid="print-labels">{t('shipping.print')}</Button>
      </Space>
      {(d.cartons as Doc[]).map((c) => (
        <section className="shp-label" key={c.id} data-testid={`label-${c.carton_no}`}>
          <div className="shp-label-row">
            <div><small>{t('shipping.from')}</small><div>{d.supplier_name}</div></div>
            <div><small>{t('shipping.to')}</small><div><strong>{doc.buyer_name}</strong></div></div>
          </div>
          <div className="shp-label-row">
            <div><small>{t('shipping.orders')}</small><div>{orders}</div></div>
            <div><small>{t('shipping.code')}</small><div>{doc.code}</div></div>
            <div><small>{t('shipping.carton', { carton: c.carton_no })}</small><div>{c.carton_no} / {d.cartons.length}</div></div>
          </div>
          <div>
            <small>{t('shipping.contents')}</small>
            {(c.contents as Doc[]).map((l) => (
              <div key={l.id}>{`${l.order_code} · ${l.style_code} · ${l.colour} · ${l.size} × ${line(l)}`}</div>
            ))}
          </div>
          {c.svg ? (
            <div className="shp-barcode">
              {/* SVG markup drawn by our server (bwip-js) from the SSCC digits, not user HTML. */}
              <div dangerouslySetInnerHTML={{ __html: c.svg }} />
              <div className="shp-hri">{c.sscc_text}</div>
            </div>
          ) : (
            <Typography.Text type="warning">{t('shipping.noSscc')}</Typography.Text>
          )}
        </section>
      ))}
      <section className="shp-packing" data-testid="packing-list">
        <Typography.Title level={4}>{t('shipping.packingList')} {doc.code}</Typography.Title>
        <p>
          {t('shipping.from')}: {d.supplier_name} · {t('shipping.to')}: {doc.buyer_name} · {t('shipping.carrier')}: {[doc.carrier, doc.tracking_ref].filter(Boolean).join(' ')} ·{' '}
          {t('shipping.weights')}: {n.of(shipmentEntity, 'gross_weight', doc)} / {n.of(shipmentEntity, 'net_weight', doc)} · {n.of(shipmentEntity, 'volume', doc)}
        </p>
        <Table<Doc>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={doc.lines}
          columns={[
            { title: '#', dataIndex: 'carton_no' },
            { title: 'SSCC', key: 'sscc', render: (_: unknown, l: Doc) => (d.cartons as Doc[]).find((c) => c.carton_no === l.carton_no)?.sscc ?? '' },
            { title: t('shipping.orders'), dataIndex: 'order_code' },
            { title: t('shipping.contents'), key: 'item', render: (_: unknown, l: Doc) => `${l.style_code} · ${l.colour} · ${l.size}` },
            { title: t('shipping.qty'), dataIndex: 'qty', align: 'right', render: (_: unknown, l: Doc) => line(l) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>{t('shipping.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">{n.of(shipmentEntity, 'total_qty', doc)}</Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </section>
    </div>
  );
}

// Materials from the BOM under the factory's customer order (issue 27): gross need, free stock,
// on order and net need per material and supplier, and the one action that orders the net need
// (a purchase requirement and a material order per supplier). After a change the panel shows what
// is already ordered for the order beside the net still missing, so a rerun orders only the
// difference; the server refuses a run with nothing left. At 390 px the table scrolls sideways
// with the material column fixed.
import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '@seamline/core';
import { api, toastSuccess, useLang } from '@seamline/web/engine';
import type { Requirement, RequirementLine } from '../meta';
import { useOrdersQuery, useOrdersRefresh, type Doc } from './api';

type Line = RequirementLine;

export function MaterialsPanel({ orderId, version }: { orderId: string; version: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refresh = useOrdersRefresh();
  const [busy, setBusy] = useState(false);
  const req = useOrdersQuery<Requirement>('customer-order/materials', { id: orderId, version });
  const q = (v: string, unit: string) => formatQuantity(v, unit, lang);
  const order = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ material_orders: Doc[]; purchase_requirement: Doc }>('scmapi/customer-order/order-materials', { DATA: JSON.stringify({ id: orderId }) });
      toastSuccess(t('orders.mrp.ordered', { pr: res.purchase_requirement.code, orders: res.material_orders.map((m) => m.code).join(', ') }));
      await refresh('material-order');
    } catch {
      // the client has shown the server's reason
    } finally {
      setBusy(false);
    }
  };
  const data = req.data;
  return (
    <Card size="small" style={{ marginTop: 12 }} title={t('orders.mrp.title')} data-testid="order-materials">
      {data && data.styles_without_bom.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('orders.mrp.noBom', { styles: data.styles_without_bom.join(', ') })} />
      )}
      <Table<Line>
        size="small"
        rowKey={(r) => `${r.material_code}|${r.unit}`}
        pagination={false}
        loading={req.isLoading}
        scroll={{ x: 720 }}
        dataSource={data?.lines ?? []}
        locale={{ emptyText: t('orders.mrp.empty') }}
        columns={[
          {
            title: t('orders.mrp.material'),
            key: 'm',
            fixed: 'left',
            width: 130,
            render: (_: unknown, r: Line) => (
              <>
                <div>{r.material_code}</div>
                {r.problem && <Tag color="red">{t(`orders.mrp.problem.${r.problem}`)}</Tag>}
              </>
            ),
          },
          { title: t('orders.mrp.supplier'), key: 'v', render: (_: unknown, r: Line) => r.vendor_name ?? '—' },
          { title: t('orders.mrp.gross'), key: 'g', align: 'right', render: (_: unknown, r: Line) => q(r.gross, r.unit) },
          { title: t('orders.mrp.free'), key: 'f', align: 'right', render: (_: unknown, r: Line) => q(r.free_stock, r.unit) },
          { title: t('orders.mrp.onOrder'), key: 'o', align: 'right', render: (_: unknown, r: Line) => q(r.on_order, r.unit) },
          { title: t('orders.mrp.orderedForOrder'), key: 'p', align: 'right', render: (_: unknown, r: Line) => q(r.ordered_for_order, r.unit) },
          {
            title: t('orders.mrp.net'),
            key: 'n',
            align: 'right',
            render: (_: unknown, r: Line) => <strong data-testid={`mrp-net-${r.material_code}`}>{q(r.net, r.unit)}</strong>,
          },
        ]}
      />
      <Popconfirm title={t('orders.mrp.confirm', { count: data?.orderable ?? 0 })} onConfirm={() => void order()} disabled={!data?.orderable}>
        <Button type="primary" style={{ marginTop: 8 }} loading={busy} disabled={!data?.orderable} data-testid="order-materials-run">
          {data && !data.orderable ? t('orders.mrp.nothing') : t('orders.mrp.run')}
        </Button>
      </Popconfirm>
    </Card>
  );
}

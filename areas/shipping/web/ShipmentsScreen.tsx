// /scm/index/shipment: the supplier's shipment notices (the engine's list and form, with the
// actions and labels under the form) and, for the brand, the shipments made out to it — paged,
// sorted, filtered, live — each opening the receive screen. Administrators set the company's
// GS1 prefix and the over-ship tolerance it grants in a drawer.
import { Button, Card, Drawer, Empty, Form, Input, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IndexScreen, toastSuccess, useLang, useNumbers, useSessionUser, useTranslation, type TemplateProps } from '@seamline/web/engine';
import { useOrdersLive } from '../../orders/web/live';
import { SH_STATUSES, shipmentEntity } from '../meta';
import { postShipping, useShippingQuery, useShippingRefresh, type Doc } from './api';
import { StatusTag } from '../../orders/web/StatusTag';
import { MaterialShipmentForm } from './MaterialShipmentForm';
import './texts';

interface Page {
  rows: Doc[];
  total: number;
}

function IncomingList() {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' }>({ field: 'created_at', order: 'desc' });
  const list = useShippingQuery<Page>('shipment/incoming-list', { p: JSON.stringify({ page, size: 20 }), status, code, sort: sort.field, order: sort.order });
  useOrdersLive(null, () => void list.refetch());
  const sorter = (field: string) => ({ sorter: true, sortOrder: sort.field === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null });
  return (
    <Card className="sl-list-card" data-testid="incoming-shipments">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('shipping.code')} onSearch={(v) => { setCode(v.trim()); setPage(1); }} style={{ width: 200 }} data-testid="incoming-search" />
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('shipping.status')}
          value={status}
          onChange={(v) => { setStatus(v); setPage(1); }}
          options={SH_STATUSES.filter((s) => s.value !== 'DRAFT' && s.value !== 'CANCELLED').map((v) => ({ value: v.value, label: lang === 'en' ? v.label.en : v.label.zh }))}
          data-testid="incoming-status"
        />
      </Space>
      <Table<Doc>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('shipping.empty')} /> }}
        scroll={{ x: 640 }}
        onChange={(p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setPage(p.current ?? 1);
          setSort(one?.order ? { field: String(one.field ?? one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : { field: 'created_at', order: 'desc' });
        }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, showSizeChanger: false }}
        columns={[
          { title: t('shipping.code'), dataIndex: 'code', key: 'code', ...sorter('code') },
          { title: t('shipping.supplier'), dataIndex: 'supplier_name' },
          { title: t('shipping.status'), dataIndex: 'status', key: 'status', ...sorter('status'), render: (v: string) => <StatusTag def={shipmentEntity} value={v} /> },
          { title: t('shipping.qty'), dataIndex: 'total_qty', key: 'total_qty', align: 'right', ...sorter('total_qty'), render: (_: unknown, r: Doc) => n.of(shipmentEntity, 'total_qty', r) },
          { title: t('shipping.received'), dataIndex: 'received_qty', align: 'right', render: (_: unknown, r: Doc) => n.of(shipmentEntity, 'received_qty', r) },
          { title: t('shipping.shipDate'), dataIndex: 'actual_ship_date', key: 'actual_ship_date', ...sorter('actual_ship_date') },
          { title: t('shipping.carrier'), dataIndex: 'carrier' },
          {
            title: '',
            key: 'go',
            render: (_: unknown, r: Doc) => (
              <Space>
                <Button type="primary" size="small" onClick={() => navigate(`/scm/page/shipment-receive?id=${r.id}`)} data-testid={`receive-${r.code}`}>
                  {t('shipping.receive')}
                </Button>
                <Button size="small" onClick={() => navigate(`/scm/page/shipment-labels?id=${r.id}`)}>{t('shipping.labels')}</Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Settings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = useShippingQuery<Doc>('shipment/settings', {}, open);
  const refresh = useShippingRefresh();
  const [form] = Form.useForm();
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="shipping-settings">{t('shipping.settings')}</Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('shipping.settings')} width={Math.min(420, window.innerWidth)} destroyOnHidden>
        {current.data && (
          <Form
            form={form}
            layout="vertical"
            initialValues={current.data}
            onFinish={async (v) => {
              await postShipping('shipment/settings', v);
              toastSuccess(t('shipping.saved'));
              void refresh();
              setOpen(false);
            }}
          >
            <Form.Item name="gs1_prefix" label={t('shipping.gs1Prefix')}><Input inputMode="numeric" maxLength={10} /></Form.Item>
            <Form.Item name="over_ship_pct" label={t('shipping.overShipPct')}><Input inputMode="decimal" /></Form.Item>
            <Button type="primary" htmlType="submit">{t('shipping.save')}</Button>
          </Form>
        )}
      </Drawer>
    </>
  );
}

export default function ShipmentsScreen(props: TemplateProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'incoming' ? 'incoming' : 'ours';
  // A mill ships the material orders placed on it through its own form (MaterialShipmentForm).
  const [shipping, setShipping] = useState(false);
  return (
    <>
    <MaterialShipmentForm open={shipping} onClose={() => setShipping(false)} />
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'incoming' ? { tab: 'incoming' } : {}, { replace: true })}
      destroyOnHidden
      tabBarExtraContent={
        <Space wrap>
          <Button onClick={() => setShipping(true)} data-testid="ship-materials">{t('shipping.material.ship')}</Button>
          {user?.user_type === 'ADMIN' ? <Settings /> : null}
        </Space>
      }
      items={[
        { key: 'ours', label: <span data-testid="tab-ours">{t('shipping.tab.ours')}</span>, children: <IndexScreen {...props} /> },
        { key: 'incoming', label: <span data-testid="tab-incoming">{t('shipping.tab.incoming')}</span>, children: <IncomingList /> },
      ]}
    />
    </>
  );
}

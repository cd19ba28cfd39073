// /scm/index/vendor-capacity: a supplier keeps its own capacity here (the engine's list, form and
// import), and a brand reads what its vendors filled for it (read only, never editable).
import { useState } from 'react';
import { Card, Input, Table, Tabs, Typography } from 'antd';
import { useTranslation, IndexScreen, LoadFailed, useNumbers, type TemplateProps } from '@seamline/web/engine';
import { vendorCapacityEntity } from '../meta/capacity';
import { useCapQuery, type Doc } from './api';
import './register-messages';

function VendorsCapacity() {
  const { t } = useTranslation();
  const n = useNumbers();
  const [week, setWeek] = useState('');
  const [group, setGroup] = useState('');
  const rows = useCapQuery<Doc[]>('vendor-capacity/of-vendors', { week, group_code: group });
  if (rows.isError) return <LoadFailed onRetry={() => void rows.refetch()} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('cap.readOnlyNote')}</Typography.Paragraph>
      <div className="sl-cap-filters" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <Input allowClear style={{ width: 160 }} placeholder={t('cap.week')} value={week} onChange={(e) => setWeek(e.target.value.trim().toUpperCase())} />
        <Input allowClear style={{ width: 160 }} placeholder={t('cap.group')} value={group} onChange={(e) => setGroup(e.target.value.trim())} />
      </div>
      <Table
        size="small"
        rowKey="id"
        scroll={{ x: 900 }}
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        data-testid="vendors-capacity"
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: t('cap.supplier'), dataIndex: 'supplier_name' },
          { title: t('cap.group'), key: 'g', render: (_: unknown, r: Doc) => `${r.group_code} ${r.group_name ?? ''}` },
          { title: t('cap.week'), dataIndex: 'week' },
          { title: t('cap.operators'), dataIndex: 'operators', align: 'right' },
          { title: t('cap.efficiency'), dataIndex: 'efficiency', align: 'right' },
          { title: t('cap.capacityMin'), dataIndex: 'capacity_minutes', align: 'right', render: (_: unknown, r: Doc) => n.of(vendorCapacityEntity, 'capacity_minutes', r) },
          { title: t('cap.bookedMin'), dataIndex: 'booked_minutes', align: 'right', render: (_: unknown, r: Doc) => n.of(vendorCapacityEntity, 'booked_minutes', r) },
          { title: t('cap.freeMin'), dataIndex: 'free_minutes', align: 'right', render: (_: unknown, r: Doc) => n.of(vendorCapacityEntity, 'free_minutes', r) },
          { title: t('cap.freePcs'), dataIndex: 'capacity_pieces', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
          { title: t('cap.updated'), dataIndex: 'updated_at' },
        ]}
      />
    </>
  );
}

export default function CapacityScreen(props: TemplateProps) {
  const { t } = useTranslation();
  return (
    <Card className="sl-list-card">
      <Tabs
        items={[
          { key: 'mine', label: t('cap.ourCapacity'), children: <IndexScreen {...props} /> },
          { key: 'vendors', label: t('cap.vendorsCapacity'), children: <VendorsCapacity /> },
        ]}
      />
    </Card>
  );
}

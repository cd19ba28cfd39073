// /scm/index/inspection: the inspections the company is party to (as the brand that booked, the
// factory of the order or the inspector) — paged, sorted, filtered, live; ?id= opens one.
import { Button, Card, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLang, useTranslation, type TemplateProps } from '@seamline/web/engine';
import { INSPECTION_TYPES, QC_STATUSES } from '../meta';
import { useQc, useQcLive, type Doc, type Page } from './api';
import { BookingForm } from './BookingForm';
import { InspectionView } from './InspectionView';
import './quality.css';

export const labelOf = (list: readonly { value: string; label: { en: string; zh: string } }[], v: unknown, lang: string) => {
  const hit = list.find((x) => x.value === v);
  return hit ? (lang === 'en' ? hit.label.en : hit.label.zh) : String(v ?? '');
};

export function StatusTag({ value }: { value: unknown }) {
  const lang = useLang();
  const s = QC_STATUSES.find((x) => x.value === value);
  return <Tag color={s?.color} data-testid={`qc-status-${String(value)}`}>{labelOf(QC_STATUSES, value, lang)}</Tag>;
}

const SIZE = 20;
const QC_VIEW_KEYS = ['today', 'failed-week', 'awaiting-reinspection'] as const;

export default function InspectionsScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | undefined>();
  const [type, setType] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' }>({ field: 'inspection_date', order: 'desc' });
  const [booking, setBooking] = useState(false);
  const id = params.get('id');
  // A control-tower figure opens the list of the same rows (?view=today | failed-week | awaiting-reinspection).
  const view = QC_VIEW_KEYS.find((v) => v === params.get('view'));
  const list = useQc<Page>('page-list', { page, size: SIZE, status, inspection_type: type, keyword, sort: sort.field, order: sort.order, view }, !id);
  useQcLive(null, () => void list.refetch());
  const open = (next: string | null) => setParams(next ? { id: next } : {}, { replace: false });

  if (id) return <InspectionView id={id} onBack={() => open(null)} onOpen={open} />;
  return (
    <Card className="qc-card" data-testid="qc-list" title={t('qc.title')} extra={<Button type="primary" onClick={() => setBooking(true)} data-testid="qc-book">{t('qc.book')}</Button>}>
      <Space wrap className="qc-filters">
        {view && (
          <Tag closable color="blue" onClose={() => setParams({})} data-testid="qc-view">
            {t(`qc.view.${view}`)}: {list.data?.total ?? ''}
          </Tag>
        )}
        <Input.Search allowClear placeholder={t('qc.search')} aria-label={t('qc.search')} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} data-testid="qc-search" style={{ width: 240 }} />
        <Select allowClear style={{ width: 170 }} placeholder={t('qc.allStatuses')} aria-label={t('qc.status')} value={status} data-testid="qc-filter-status"
          onChange={(v) => { setStatus(v); setPage(1); }} options={QC_STATUSES.map((s) => ({ value: s.value, label: lang === 'en' ? s.label.en : s.label.zh }))} />
        <Select allowClear style={{ width: 170 }} placeholder={t('qc.allTypes')} aria-label={t('qc.type')} value={type}
          onChange={(v) => { setType(v); setPage(1); }} options={INSPECTION_TYPES.map((s) => ({ value: s.value, label: lang === 'en' ? s.label.en : s.label.zh }))} />
      </Space>
      <Table<Doc>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('qc.empty')} /> }}
        scroll={{ x: 720 }}
        onChange={(_p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setSort(one?.order ? { field: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' } : { field: 'inspection_date', order: 'desc' });
        }}
        pagination={{ current: page, pageSize: SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('qc.code'), dataIndex: 'code', sorter: true, render: (v: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => open(String(r.id))} data-testid={`qc-row-${v}`}>{v}</Button> },
          { title: t('qc.order'), dataIndex: 'order_code', sorter: true },
          { title: t('qc.type'), dataIndex: 'inspection_type', render: (v: string) => labelOf(INSPECTION_TYPES, v, lang) },
          { title: t('qc.date'), dataIndex: 'inspection_date', sorter: true, defaultSortOrder: 'descend' },
          { title: t('qc.factory'), dataIndex: 'factory_name' },
          { title: t('qc.inspector'), dataIndex: 'inspector_name' },
          { title: t('qc.sample'), key: 'sample', align: 'right', render: (_: unknown, r) => `${r.sampled_qty ?? 0} / ${r.sample_size ?? ''}` },
          { title: t('qc.status'), dataIndex: 'status', sorter: true, render: (v: string) => <StatusTag value={v} /> },
        ]}
      />
      {booking && <BookingForm onClose={() => setBooking(false)} onBooked={(doc) => { setBooking(false); open(String(doc.id)); }} />}
    </Card>
  );
}

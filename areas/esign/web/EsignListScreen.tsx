// /collab/index/esign (menu COLLAB_ESIGN): the company's signature requests and signatures —
// paged, sorted and filtered on the server — with each signature's signer, time, IP, the hash of
// the version signed and whether the document still matches it; a row opens the drawn signature.
import { useState } from 'react';
import { Card, Descriptions, Drawer, Empty, Grid, Image, Input, Select, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@seamline/web/engine';
import { ESIGN_PATHS, ESIGN_STATUS, type EsignRow } from '../meta';
import { useEsignQuery } from './api';
import { MatchTag, StatusTag } from './tags';

/** Columns shown from a tablet's width up. */
const WIDE: 'md'[] = ['md'];

interface Page {
  rows: EsignRow[];
  total: number;
}

function Detail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const view = useEsignQuery<EsignRow & { image: string | null }>(ESIGN_PATHS.view, { id }, { enabled: !!id });
  const r = id ? view.data : undefined;
  return (
    <Drawer open={!!id} onClose={onClose} title={t('esign.detail')} width={Math.min(520, window.innerWidth)} destroyOnHidden>
      {r && r.id === id && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="esign-detail">
          <Descriptions size="small" column={1} bordered items={[
            { key: 'doc', label: t('esign.document'), children: `${r.entity_label}: ${r.title}` },
            { key: 'status', label: t('esign.status'), children: <StatusTag status={r.status} /> },
            { key: 'node', label: t('esign.node'), children: r.node_name ?? '—' },
            { key: 'by', label: t('esign.requestedBy'), children: r.requested_by_name },
            { key: 'at', label: t('esign.requestedAt'), children: formatDateTime(r.created_at) },
            { key: 'signer', label: t('esign.signer'), children: r.signer_name ?? '—' },
            { key: 'signed', label: t('esign.signedAt'), children: r.signed_at ? formatDateTime(r.signed_at) : '—' },
            { key: 'ip', label: t('esign.ip'), children: r.signer_ip ?? '—' },
            { key: 'hash', label: t('esign.hash'), children: <Typography.Text code style={{ wordBreak: 'break-all' }}>{r.doc_hash ?? '—'}</Typography.Text> },
            { key: 'check', label: t('esign.check'), children: <MatchTag row={r} /> },
          ]} />
          {r.image && <Image src={r.image} alt={t('esign.signature')} style={{ background: '#fff', border: '1px solid #f0f0f0' }} />}
        </Space>
      )}
    </Drawer>
  );
}

export default function EsignListScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [sort, setSort] = useState<{ sort: string; order: 'asc' | 'desc' }>({ sort: 'created_at', order: 'desc' });
  const [status, setStatus] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  // At a phone's width: document, state, signer and check; the rest is in the row's details.
  const wide = Grid.useBreakpoint().md;
  const list = useEsignQuery<Page>(ESIGN_PATHS.list, { ...page, ...sort, status, title: title || undefined });
  const sorted = (field: string) => (sort.sort === field ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

  return (
    <Card title={t('esign.list')} data-testid="esign-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('esign.searchTitle')} onSearch={(v) => { setTitle(v.trim()); setPage((p) => ({ ...p, page: 1 })); }} style={{ width: 240 }} data-testid="esign-search" />
        <Select
          allowClear
          placeholder={t('esign.allStatuses')}
          value={status}
          onChange={(v) => { setStatus(v); setPage((p) => ({ ...p, page: 1 })); }}
          style={{ width: 160 }}
          options={Object.values(ESIGN_STATUS).map((s) => ({ value: s, label: t(`esign.status.${s}`) }))}
          data-testid="esign-status-filter"
        />
      </Space>
      <Table<EsignRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: <Empty description={t('esign.empty')} /> }}
        pagination={{ current: page.page, pageSize: page.size, total: list.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p, _f, s) => {
          const one = (Array.isArray(s) ? s[0] : s) as SorterResult<EsignRow> | undefined;
          setPage({ page: p.current ?? 1, size: p.pageSize ?? 20 });
          setSort(one?.order && one.columnKey ? { sort: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' } : { sort: 'created_at', order: 'desc' });
        }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), onKeyDown: (e) => e.key === 'Enter' && setOpen(r.id), tabIndex: 0, style: { cursor: 'pointer' } })}
        columns={[
          { key: 'title', title: t('esign.document'), sorter: true, sortOrder: sorted('title'), render: (_: unknown, r) => <span>{`${r.entity_label}: ${r.title}`}</span> },
          { key: 'node', responsive: WIDE, title: t('esign.node'), render: (_: unknown, r) => r.node_name ?? '—' },
          { key: 'status', title: t('esign.status'), sorter: true, sortOrder: sorted('status'), render: (_: unknown, r) => <StatusTag status={r.status} /> },
          { key: 'by', responsive: WIDE, title: t('esign.requestedBy'), dataIndex: 'requested_by_name' },
          { key: 'created_at', responsive: WIDE, title: t('esign.requestedAt'), sorter: true, sortOrder: sorted('created_at'), render: (_: unknown, r) => formatDateTime(r.created_at) },
          { key: 'signer', title: t('esign.signer'), render: (_: unknown, r) => r.signer_name ?? '—' },
          { key: 'signed_at', responsive: WIDE, title: t('esign.signedAt'), sorter: true, sortOrder: sorted('signed_at'), render: (_: unknown, r) => (r.signed_at ? formatDateTime(r.signed_at) : '—') },
          { key: 'ip', responsive: WIDE, title: t('esign.ip'), render: (_: unknown, r) => r.signer_ip ?? '—' },
          { key: 'check', title: t('esign.check'), render: (_: unknown, r) => <MatchTag row={r} /> },
        ]}
      />
      <Detail id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

// Small pieces the development screens share: a state tag, the style and supplier pickers, the
// matrix of things side by side.
import { useState } from 'react';
import { Segmented, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@seamline/core';
import { fileSrc, storedToken } from '@seamline/web/engine';
import { pageQuery, usePlmLive, usePlmQuery, type Doc } from './api';
import './register-messages';
import './development.css';

/**
 * A garment's cost per currency ('¥15.6980 + $1.2000'): each figure with its symbol, never one sum
 * across currencies (issue 30); no line yet reads zero in the BOM's currency.
 */
export const costText = (totals: Record<string, string>, lang: string, currency?: string): string =>
  Object.entries(totals)
    .map(([cur, v]) => formatAmount(v, cur, lang))
    .join(' + ') || formatAmount('0', currency, lang);

const STATE_COLOURS: Record<string, string> = {
  requested: 'blue',
  measured: 'gold',
  approved: 'green',
  rework: 'orange',
  submitted: 'gold',
  accepted: 'green',
  declined: 'red',
};

export function StateTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[status] ?? 'default'} data-testid="plm-state">
      {t(`plm.state.${status}`)}
    </Tag>
  );
}

/** The company's styles (number · name). */
export function StyleSelect(props: { value?: string; onChange?: (v: string) => void }) {
  const styles = usePlmQuery<{ rows: Doc[] }>('style/page-list', { p: JSON.stringify({ page: 1, size: 100 }) });
  return (
    <Select
      showSearch
      optionFilterProp="label"
      style={{ width: '100%' }}
      value={props.value}
      onChange={props.onChange}
      data-testid="style-select"
      options={(styles.data?.rows ?? []).map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
    />
  );
}

/**
 * Supplier companies on the platform the brand works with (its linked vendors). For a request of
 * `kind`, a company that cannot answer it (its menus for it are off) is shown but not offered,
 * with the reason (issue 23: the request would otherwise wait for ever).
 */
export function SupplierSelect(props: { value?: string; onChange?: (v: string) => void; kind?: 'sample' | 'quote' }) {
  const { t } = useTranslation();
  const list = usePlmQuery<Doc[]>('sampling/suppliers', {});
  const answers = (s: Doc) => (props.kind === 'quote' ? s.can_quote : props.kind === 'sample' ? s.can_sample : true) !== false;
  return (
    <Select
      style={{ width: '100%' }}
      value={props.value}
      onChange={props.onChange}
      data-testid="supplier-select"
      options={(list.data ?? []).map((s) => ({
        value: s.supplier_client_id,
        disabled: !answers(s),
        label: answers(s) ? s.name : `${s.name} · ${t('plm.cannotAnswer')}`,
      }))}
    />
  );
}

/** All / asked by us (brand side) / asked of us (supplier side): the filter of both two-company lists. */
export function SideFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented
      value={value}
      onChange={(v) => onChange(String(v))}
      options={[
        { value: '', label: t('plm.all') },
        { value: 'brand', label: t('plm.mine') },
        { value: 'supplier', label: t('plm.received') },
      ]}
    />
  );
}

/**
 * A two-company list (samples, quotes): the side filter over a paged, live table of `path`
 * (a PLM notification refetches it).
 */
export function SideList({ path, columns, testId, onOpen }: { path: string; columns: ColumnsType<Doc>; testId: string; onOpen?: (row: Doc) => void }) {
  const [side, setSide] = useState('');
  const [page, setPage] = useState(1);
  const list = usePlmQuery<{ rows: Doc[]; total: number }>(path, pageQuery(side ? { side } : {}, page));
  usePlmLive(null, () => void list.refetch());
  return (
    <>
      <SideFilter
        value={side}
        onChange={(v) => {
          setSide(v);
          setPage(1);
        }}
      />
      <Table<Doc>
        size="small"
        rowKey="id"
        style={{ marginTop: 12 }}
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        onRow={onOpen ? (r) => ({ onDoubleClick: () => onOpen(r) }) : undefined}
        data-testid={testId}
        columns={columns}
      />
    </>
  );
}

/**
 * The src of an image the platform stores (/files/…): it is served to signed-in users only, so an
 * <img> must carry the session's token (issue 23: uploaded images never displayed). Other URLs
 * (and data: URLs) are used as they are.
 */
export function imageSrc(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined;
  const own = url.startsWith('/files/') || url.startsWith(`${window.location.origin}/files/`);
  return own ? fileSrc(url, storedToken()) : url;
}

/** A matrix: a row a figure, a column a thing side by side (a BOM's colourways, a style's quotes,
 *  a chart's sizes); bordered, every row shown, scrolling sideways. */
export function MatrixTable({ rows, columns, rowKey = 'key', loading, testId }: {
  rows: Doc[];
  columns: ColumnsType<Doc>;
  rowKey?: string;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Table<Doc>
      size="small"
      bordered
      pagination={false}
      rowKey={rowKey}
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={rows}
      data-testid={testId}
      columns={columns}
    />
  );
}

/** A matrix's first column: the row's label. */
export const LABEL_COLUMN = { key: 'label', title: '', dataIndex: 'label' };

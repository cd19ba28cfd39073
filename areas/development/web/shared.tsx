// Small pieces the development screens share: a state tag, the style and supplier pickers.
import { useState } from 'react';
import { Segmented, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { pageQuery, usePlmLive, usePlmQuery, type Doc } from './api';
import './register-messages';
import './development.css';

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

/** Supplier companies on the platform the brand works with (its linked vendors). */
export function SupplierSelect(props: { value?: string; onChange?: (v: string) => void }) {
  const list = usePlmQuery<Doc[]>('sampling/suppliers', {});
  return (
    <Select
      style={{ width: '100%' }}
      value={props.value}
      onChange={props.onChange}
      data-testid="supplier-select"
      options={(list.data ?? []).map((s) => ({ value: s.supplier_client_id, label: s.name }))}
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

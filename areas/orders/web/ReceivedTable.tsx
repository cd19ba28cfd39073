// What the lists of orders shared between companies have in common: the opened order in the URL
// (?id=…, so a link or a notification opens it) and a paged table whose row opens it, led by the
// code, the other company and the status.
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { EntityDef } from '@seamline/core';
import type { Doc, Page } from './api';
import { StatusTag } from './StatusTag';

/** The opened order's id (?id=…) and how to open (or, with null, close) one. */
export function useOpenedId(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: true });
  };
  return [params.get('id'), open];
}

interface ReceivedTableProps {
  list: { isFetching: boolean; data?: Page };
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
  def: EntityDef;
  /** The code link's test id is `${rowTestId}-${code}`. */
  rowTestId: string;
  scrollX: number;
  /** The columns after code, company and status. */
  columns: TableColumnsType<Doc>;
}

export function ReceivedTable({ list, page, onPage, onOpen, def, rowTestId, scrollX, columns }: ReceivedTableProps) {
  const { t } = useTranslation();
  return (
    <Table<Doc>
      rowKey="id"
      size="middle"
      loading={list.isFetching}
      dataSource={list.data?.rows ?? []}
      locale={{ emptyText: <Empty description={t('orders.empty')} /> }}
      scroll={{ x: scrollX }}
      onRow={(r) => ({ onClick: () => onOpen(String(r.id)), style: { cursor: 'pointer' } })}
      pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: onPage, showSizeChanger: false }}
      columns={[
        { title: t('orders.code'), dataIndex: 'code', render: (v: string) => <Button type="link" style={{ padding: 0 }} data-testid={`${rowTestId}-${v}`}>{v}</Button> },
        { title: t('orders.company'), dataIndex: 'company_name' },
        { title: t('orders.status'), dataIndex: 'status', render: (v: string) => <StatusTag def={def} value={v} /> },
        ...columns,
      ]}
    />
  );
}

// 'My approvals' (menu COLLAB_MY_APPROVALS): the documents waiting for the signed-in user's
// decision (cpm-bus/my-approvals), oldest first, paged and filterable by document type, process
// and a keyword; a row opens its document (the approval panel is on it).
import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { useApiQuery, useLang, entityByName, LoadFailed } from '@seamline/web/engine';
import { CPM } from '../panel/cpmApi';
import '../messages';

export interface MyApprovalRow {
  task_id: string;
  pid: string;
  entity: string;
  record_id: string;
  title: string;
  url: string | null;
  process_code: string;
  process_name: string;
  seq: number;
  status_code: string;
  text: string;
  color: string | null;
  initiator: { id: string; full_name: string | null } | null;
  since: string;
}

interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}

interface Filters {
  keyword?: string;
  process_code?: string;
  entity?: string;
}

/** Where a to-do opens: the server's url, else the generic document route. */
export function documentUrl(row: Pick<MyApprovalRow, 'url' | 'entity' | 'record_id'>): string {
  return row.url || `/page/document/${row.entity}?id=${encodeURIComponent(row.record_id)}`;
}

export default function MyApprovalsScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [q, setQ] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, size: 20 });
  const query = useMemo(() => {
    const clean = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
    return { q: clean, p: page };
  }, [q, page]);
  const list = useApiQuery<Page<MyApprovalRow>>(CPM.myApprovals, query, {
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const processes = useApiQuery<{ code: string; name: string }[]>('crossapi/superdesignapi/cpm-process/options', {}, {
    staleTime: 60_000,
    notify: false,
  });

  const entityLabel = (name: string) => {
    const e = entityByName(name);
    return e ? pickLabel(e.def.label, lang) : name;
  };
  const when = (at: string) => {
    const d = new Date(at);
    return Number.isNaN(d.getTime()) ? at : d.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });
  };
  const open = (row: MyApprovalRow) => navigate(documentUrl(row));

  return (
    <Card className="sl-list-card" data-testid="my-approvals" aria-label={t('myappr.title')}>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(values) => {
          setQ(values);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('myappr.document')}>
          <Input allowClear placeholder={t('myappr.keyword')} data-testid="myappr-keyword" />
        </Form.Item>
        <Form.Item name="process_code" label={t('flow.designer.title')}>
          <Select
            allowClear
            style={{ minWidth: 180 }}
            options={(processes.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="myappr-search">
              {t('myappr.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setQ({});
                setPage((p) => ({ ...p, page: 1 }));
              }}
            >
              {t('myappr.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <Table<MyApprovalRow>
          size="small"
          rowKey="task_id"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          pagination={{
            current: page.page,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, size) => setPage({ page: size !== page.size ? 1 : p, size }),
          }}
          onRow={(row) =>
            ({
              tabIndex: 0,
              'data-testid': 'myappr-row',
              onDoubleClick: () => open(row),
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === 'Enter') open(row);
              },
            }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            {
              title: t('myappr.document'),
              dataIndex: 'title',
              render: (v: string, row) => (
                <Typography.Link onClick={() => open(row)} data-testid="myappr-open">
                  {v || row.record_id}
                </Typography.Link>
              ),
            },
            { title: t('myappr.entity'), dataIndex: 'entity', render: (v: string) => entityLabel(v) },
            { title: t('flow.designer.title'), dataIndex: 'process_name', render: (v: string, row) => v || row.process_code },
            { title: t('myappr.node'), dataIndex: 'text', render: (v: string, row) => <Tag color={row.color ?? undefined}>{v || row.status_code}</Tag> },
            { title: t('myappr.initiator'), dataIndex: 'initiator', render: (v: MyApprovalRow['initiator']) => v?.full_name ?? '' },
            { title: t('myappr.since'), dataIndex: 'since', render: (v: string) => when(v) },
          ]}
        />
      )}
    </Card>
  );
}

// /srm/index/my-quotations: the company's own quotations and their states (unselected included).
import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation, LoadFailed, type TemplateProps, formatDateTime } from '@seamline/web/engine';
import { pageQuery, useSrmQuery, type Doc, type Page } from './api';
import './register-messages';
import { StateTag } from './StateTag';

export default function QuotationsScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useSrmQuery<Page>('quotation/page-list', pageQuery({ side: 'mine' }, page));
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return (
    <Card title={t('srm.myQuotations')}>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        data-testid="my-quotations"
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('srm.project'), key: 'p', render: (_: unknown, r: Doc) => `${r.project_code ?? ''} ${r.project_name ?? ''}` },
          { title: t('srm.brand'), dataIndex: 'brand_name' },
          { title: t('srm.lines'), dataIndex: 'line_count' },
          { title: t('srm.currency'), dataIndex: 'currency' },
          { title: t('srm.status'), dataIndex: 'status', render: (v: string) => <StateTag kind="quotation" value={v} /> },
          { title: t('srm.postedAt'), dataIndex: 'posted_at', render: (v: string | null) => (v ? formatDateTime(v) : '—') },
          {
            title: t('srm.actions'),
            key: 'a',
            render: (_: unknown, r: Doc) => (
              <Button size="small" type="link" onClick={() => navigate(`/srm/page/sourcing-answer?id=${r.project_id}`)}>
                {t('srm.open')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

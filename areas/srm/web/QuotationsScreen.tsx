// /srm/index/my-quotations: the company's own quotations and their states (unselected included).
import { Button, Card, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation, LoadFailed, type TemplateProps, formatDateTime } from '@seamline/web/engine';
import { useSrmPage, type Doc } from './api';
import './register-messages';
import { StateTag } from './StateTag';

export default function QuotationsScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list, table } = useSrmPage('quotation/page-list', { side: 'mine' });
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return (
    <Card title={t('srm.myQuotations')}>
      <Table
        size="small"
        rowKey="id"
        {...table}
        data-testid="my-quotations"
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

// /srm/index/rfi-record: the RFI records suppliers submitted for the company's projects.
import { useState } from 'react';
import { Card, Pagination } from 'antd';
import { useTranslation, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import { pageQuery, useSrmQuery, type Page } from './api';
import './register-messages';
import { RfiTable } from './Workspace';

export default function RfiRecordsScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useSrmQuery<Page>('rfi-record/page-list', pageQuery({ side: 'received' }, page));
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return (
    <Card title={t('srm.rfiRecords')}>
      <RfiTable rows={list.data?.rows ?? []} showProject />
      <Pagination style={{ marginTop: 12 }} current={page} total={list.data?.total ?? 0} pageSize={20} onChange={setPage} showSizeChanger={false} />
    </Card>
  );
}

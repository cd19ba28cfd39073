// /srm/index/rfi-record: the RFI records suppliers submitted for the company's projects.
import { Card, Pagination } from 'antd';
import { useTranslation, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import { useSrmPage } from './api';
import './register-messages';
import { SupplierTable } from './Workspace';

export default function RfiRecordsScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const { list, pagination } = useSrmPage('rfi-record/page-list', { side: 'received' });
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return (
    <Card title={t('srm.rfiRecords')}>
      <SupplierTable kind="rfi" rows={list.data?.rows ?? []} showProject />
      <Pagination style={{ marginTop: 12 }} {...pagination} />
    </Card>
  );
}

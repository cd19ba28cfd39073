// The supplier's side: requests of other companies addressed to it (invited or public).
// /srm/index/sourcing-inbox lists RFQs, /srm/index/rfi information requests; a row opens the answer page.
import { useState } from 'react';
import { Button, Card, Input, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import { INQUIRY_STATUS_VALUES, PUBLISH_STAGE_VALUES, RFI_STATUS_VALUES } from '../meta/fields';
import { useSrmPage, type Doc } from './api';
import './register-messages';
import { StageTag, StateTag } from './StateTag';

export default function InboxScreen({ opt }: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode = opt === 'rfi' ? 'rfi' : 'rfq';
  const [name, setName] = useState('');
  const { list, setPage, table } = useSrmPage('sourcing-inbox/page-list', { mode, name });
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const open = (r: Doc) => navigate(`/srm/page/sourcing-answer?id=${r.id}`);
  return (
    <Card
      title={mode === 'rfi' ? t('srm.rfiRequests') : t('srm.inbox')}
      extra={
        <Input.Search
          allowClear
          placeholder={t('srm.search')}
          aria-label={t('srm.search')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setName(v);
            setPage(1);
          }}
        />
      }
    >
      <Table
        size="small"
        rowKey="id"
        {...table}
        data-testid="inbox"
        onRow={(r) => ({ onDoubleClick: () => open(r), onKeyDown: (e) => e.key === 'Enter' && open(r), tabIndex: 0 })}
        columns={[
          { title: t('srm.project'), key: 'p', render: (_: unknown, r: Doc) => <>{r.code} {r.name} {r.is_public && <Tag>{t('srm.public')}</Tag>}</> },
          { title: t('srm.brand'), dataIndex: 'brand_name' },
          mode === 'rfi'
            ? { title: t('srm.rfi'), dataIndex: 'rfi_status', render: (v: string) => <StageTag values={RFI_STATUS_VALUES} value={v} /> }
            : { title: t('srm.inquiry'), dataIndex: 'inquiry_status', render: (v: string) => <StageTag values={INQUIRY_STATUS_VALUES} value={v} /> },
          { title: t('srm.publishing'), dataIndex: 'publish_stage', render: (v: string) => <StageTag values={PUBLISH_STAGE_VALUES} value={v} /> },
          { title: t('srm.invitation'), dataIndex: 'invitation_status', render: (v: string | null) => <StateTag kind="invitation" value={v} /> },
          mode === 'rfi'
            ? { title: t('srm.myRfi'), dataIndex: 'rfi_record_status', render: (v: string | null) => <StateTag kind="rfi" value={v} /> }
            : { title: t('srm.myQuotation'), dataIndex: 'quotation_status', render: (v: string | null) => <StateTag kind="quotation" value={v} /> },
          {
            title: t('srm.actions'),
            key: 'a',
            render: (_: unknown, r: Doc) => (
              <Button size="small" type="link" onClick={() => open(r)} data-testid="inbox-open" data-code={r.code}>
                {t('srm.open')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

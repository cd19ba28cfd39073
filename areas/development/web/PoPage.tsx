// /dev/page/po-tracking?id= : the order's form, applying a follow-node config to it (a T&A plan
// with planned dates from the order or delivery date) and the order's plans with their progress.
import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentScreen, type TemplateProps } from '@seamline/web/engine';
import { pageQuery, usePlmAction, usePlmQuery, type Doc } from './api';
import './register-messages';

export default function PoPage(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DocumentScreen {...props} />
      {id ? <Plans key={id} poId={id} /> : null}
    </Space>
  );
}

function Plans({ poId }: { poId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [config, setConfig] = useState<string>();
  const configs = usePlmQuery<{ rows: Doc[] }>('follow-node-config/page-list', { p: JSON.stringify({ page: 1, size: 100 }) });
  const plans = usePlmQuery<{ rows: Doc[] }>('node-following/page-list', pageQuery({ po_id: poId }, 1, 50), true, 'node-following');
  const apply = usePlmAction('node-following/apply');
  return (
    <Card title={t('plm.plans')} data-testid="po-plans">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select style={{ minWidth: 240 }} value={config} onChange={setConfig} placeholder={t('plm.applyConfig')} data-testid="config-select" options={(configs.data?.rows ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))} />
        <Button type="primary" disabled={!config} loading={apply.isPending} onClick={() => void apply.mutateAsync({ config_id: config, po_id: poId }).then((r) => navigate(`/dev/page/node-following?id=${r.id}`))} data-testid="apply-config">
          {t('plm.apply')}
        </Button>
      </Space>
      <Table<Doc>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={plans.data?.rows ?? []}
        columns={[
          { key: 'code', title: t('plm.code'), render: (_v, r) => <a onClick={() => navigate(`/dev/page/node-following?id=${r.id}`)}>{r.code}</a> },
          { key: 'late', title: t('plm.status'), render: (_v, r) => (Number(r.late_nodes) > 0 ? <Tag color="red">{r.late_nodes}</Tag> : <Tag color="green">0</Tag>) },
        ]}
      />
    </Card>
  );
}

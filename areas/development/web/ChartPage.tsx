// /dev/page/measurement-chart?id= : the engine's chart form, the graded values of every size
// (graded by the server on each save, so a changed rule regrades) and copying from a template or
// another chart into a new one.
import { useState } from 'react';
import { Button, Card, Select, Space, Tag, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastSuccess, DocumentScreen, type TemplateProps } from '@seamline/web/engine';
import { usePlmAction, usePlmQuery, type Doc } from './api';
import { MatrixTable } from './shared';
import './register-messages';
import './development.css';

export default function ChartPage(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DocumentScreen {...props} />
      {id ? <Graded key={id} id={id} /> : null}
      <CopyChart targetId={id} />
    </Space>
  );
}

function Graded({ id }: { id: string }) {
  const { t } = useTranslation();
  const chart = usePlmQuery<Doc>('measurement-chart/view', { id }, true, 'measurement-chart');
  const doc = chart.data;
  const sizes: string[] = doc?.sizes?.sizes ?? [];
  return (
    <Card title={t('plm.graded')} loading={!doc} data-testid="graded">
      <MatrixTable
        rowKey="id"
        rows={doc?.points ?? []}
        columns={[
          { key: 'pom', title: t('plm.pom'), render: (_v, p) => <span>{p.pom_code} {p.description} {p.critical ? <Tag color="magenta">{t('plm.critical')}</Tag> : null}</span> },
          { key: 'tol', title: t('plm.tol'), render: (_v, p) => `+${Number(p.tol_plus)} / −${Number(p.tol_minus)}` },
          ...sizes.map((s) => ({
            key: s,
            title: s === doc?.sizes?.base ? <b>{s} *</b> : s,
            render: (_v: unknown, p: Doc) => <span data-testid={`graded-${p.pom_code}-${s}`}>{p.graded?.[s] ?? ''}</span>,
          })),
        ]}
      />
    </Card>
  );
}

function CopyChart({ targetId }: { targetId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [source, setSource] = useState<string>();
  const [code, setCode] = useState('');
  const charts = usePlmQuery<{ rows: Doc[] }>('measurement-chart/page-list', { p: JSON.stringify({ page: 1, size: 100 }) });
  const current = usePlmQuery<Doc>('measurement-chart/view', { id: targetId }, !!targetId);
  const copy = usePlmAction('measurement-chart/copy', { quiet: true });
  return (
    <Card title={t('plm.copyFrom')} size="small">
      <Space wrap>
        <Select
          style={{ minWidth: 240 }}
          value={source}
          onChange={setSource}
          showSearch
          optionFilterProp="label"
          data-testid="copy-source"
          options={(charts.data?.rows ?? []).filter((c) => c.id !== targetId).map((c) => ({ value: c.id, label: `${c.code}${c.is_template ? ' ★' : ''} ${c.name ?? ''}` }))}
        />
        <Input placeholder={t('plm.code')} value={code} onChange={(e) => setCode(e.target.value)} style={{ width: 180 }} />
        <Button
          disabled={!source}
          loading={copy.isPending}
          onClick={() =>
            void copy.mutateAsync({ source_id: source, code, style_id: current.data?.style_id ?? null }).then((r) => {
              toastSuccess(t('plm.copied', { code: r.code }));
              navigate(`/dev/page/measurement-chart?id=${r.id}`);
            })
          }
        >
          {t('plm.copy')}
        </Button>
      </Space>
    </Card>
  );
}

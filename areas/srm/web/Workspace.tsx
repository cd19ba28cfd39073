// The brand's side of one sourcing project, under its form: the stages with the actions open now
// (each runs the §8 checks on the server), the invitations, the RFI records and the comparison.
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Descriptions, Popconfirm, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROJECT_ACTIONS } from '@seamline/core';
import { useLang, useTranslation, formatDateTime } from '@seamline/web/engine';
import { EVAL_STAGE_VALUES, INFO_STAGE_VALUES, INQUIRY_STATUS_VALUES, PUBLISH_STAGE_VALUES, RFI_STATUS_VALUES } from '../meta/fields';
import { useSrmAction, useSrmQuery, type Doc } from './api';
import { Comparison } from './Comparison';
import { StageTag, StateTag } from './StateTag';

// The flow area's approval panel (and React Flow with it) loads only while a step awaits approval.
const ApprovalPanel = lazy(async () => ({ default: (await import('../../flow/web/panel/ApprovalPanel')).ApprovalPanel }));

/** The project's five stages, in the order the sourcing runs them; each tag's test id is its field's. */
const STAGES = [
  { label: 'srm.info', field: 'info_stage', values: INFO_STAGE_VALUES },
  { label: 'srm.rfi', field: 'rfi_status', values: RFI_STATUS_VALUES },
  { label: 'srm.publishing', field: 'publish_stage', values: PUBLISH_STAGE_VALUES },
  { label: 'srm.inquiry', field: 'inquiry_status', values: INQUIRY_STATUS_VALUES },
  { label: 'srm.evaluation', field: 'eval_stage', values: EVAL_STAGE_VALUES },
] as const;

export function Workspace({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const ws = useSrmQuery<Doc>('sourcing-project/workspace', { id: projectId });
  const candidates = useSrmQuery<Doc[]>('invitation/candidates', { project_id: projectId });
  const invite = useSrmAction('invitation/create');
  const [chosen, setChosen] = useState<string[]>([]);
  const qc = useQueryClient();
  // The project form above saves through the engine, whose answer becomes the cached view: a stage
  // action must send that version, not the one this workspace loaded before the save (409).
  const saved = useQuery<Doc>({ queryKey: ['engine', 'sourcing-project', 'view', projectId], enabled: false }).data;
  const data = ws.data;
  if (!data) return null;
  const p = saved && Number(saved.version) > Number(data.project.version) ? { ...data.project, version: saved.version } : data.project;
  const approval = data.approval as Doc | null;
  return (
    <Card title={t('srm.workspace')} style={{ marginTop: 16 }} data-testid="sourcing-workspace">
      <Descriptions size="small" column={{ xs: 1, md: 5 }} bordered>
        {STAGES.map((s) => (
          <Descriptions.Item key={s.field} label={t(s.label)}>
            <StageTag values={s.values} value={p[s.field]} testId={s.field.replace('_', '-')} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Space wrap style={{ margin: '12px 0' }}>
        {approval && (
          <Tag color={approval.color || 'gold'} data-testid="awaiting-approval" data-action={approval.action}>
            {t('srm.awaitingApproval', { action: t(`srm.approvalAction.${approval.action}`) })}
            {approval.text ? ` · ${approval.text}` : ''}
          </Tag>
        )}
        {data.actions.length === 0 && <Typography.Text type="secondary">{t('srm.noActions')}</Typography.Text>}
        {PROJECT_ACTIONS.filter((a) => data.actions.includes(a.action)).map((a) => (
          <ProjectActionButton key={a.action} action={a.action} label={a.label[lang]} project={p} />
        ))}
      </Space>
      {approval && (
        <Suspense fallback={<Skeleton active />}>
          <ApprovalPanel
            key={approval.pid}
            entity="sourcing-project"
            recordId={projectId}
            version={approval.pid}
            onChanged={() => void qc.invalidateQueries({ queryKey: ['srm'] })}
          />
        </Suspense>
      )}
      <Tabs
        items={[
          {
            key: 'comparison',
            label: t('srm.comparison'),
            children: <Comparison projectId={projectId} canSelect={p.publish_stage === '10' && !approval} />,
          },
          {
            key: 'invitations',
            label: `${t('srm.invitations')} (${data.invitations.length})`,
            children: (
              <>
                <Space wrap style={{ marginBottom: 12 }}>
                  <Select
                    mode="multiple"
                    style={{ minWidth: 320 }}
                    placeholder={t('srm.inviteHint')}
                    aria-label={t('srm.inviteVendors')}
                    value={chosen}
                    onChange={setChosen}
                    data-testid="invite-select"
                    options={(candidates.data ?? []).map((v) => ({ value: v.id, label: `${v.code} ${v.short_name} (${v.company})` }))}
                  />
                  <Button
                    type="primary"
                    disabled={!chosen.length}
                    loading={invite.isPending}
                    data-testid="invite-button"
                    onClick={() => invite.mutate({ project_id: projectId, vendor_ids: chosen }, { onSuccess: () => setChosen([]) })}
                  >
                    {t('srm.invite')}
                  </Button>
                </Space>
                <SupplierTable kind="invitation" rows={data.invitations} />
              </>
            ),
          },
          { key: 'rfi', label: `${t('srm.rfiRecords')} (${data.rfi_records.length})`, children: <SupplierTable kind="rfi" rows={data.rfi_records} /> },
        ]}
      />
    </Card>
  );
}

function ProjectActionButton({ action, label, project }: { action: string; label: string; project: Doc }) {
  const { t } = useTranslation();
  const run = useSrmAction(`sourcing-project/${action}`);
  return (
    <Popconfirm title={t('srm.confirmAction', { action: label })} onConfirm={() => run.mutate({ id: project.id, version: project.version })}>
      <Button data-testid={`action-${action}`} loading={run.isPending} type={action === 'publish' ? 'primary' : 'default'}>
        {label}
      </Button>
    </Popconfirm>
  );
}

function RowAction({ path, row, label, danger }: { path: string; row: Doc; label: string; danger?: boolean }) {
  const { t } = useTranslation();
  const run = useSrmAction(path);
  return (
    <Popconfirm title={t('srm.confirmAction', { action: label })} onConfirm={() => run.mutate({ id: row.id, version: row.version })}>
      <Button size="small" danger={danger} loading={run.isPending} data-testid={`row-${path.replace('/', '-')}`}>
        {label}
      </Button>
    </Popconfirm>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** What a project's invitations and its RFI records each show beside the supplier and its state:
 *  when the row last moved, the actions its state allows, and (RFI) the answers under the row. */
const SUPPLIER_ROWS = {
  invitation: {
    testId: 'invitations',
    at: { field: 'posted_at', title: 'srm.postedAt' },
    actions: (r: Doc, t: T) => (
      <Space>
        {r.status === 'draft' && <RowAction path="invitation/post" row={r} label={t('srm.post')} />}
        {r.status === 'posted' && <RowAction path="invitation/shortlist" row={r} label={t('srm.shortlist')} />}
        {['posted', 'shortlisted'].includes(r.status) && <RowAction path="invitation/close" row={r} label={t('srm.close')} />}
        {['draft', 'posted', 'shortlisted'].includes(r.status) && <RowAction path="invitation/stop" row={r} label={t('srm.stop')} danger />}
      </Space>
    ),
    details: undefined,
  },
  rfi: {
    testId: 'rfi-records',
    at: { field: 'submitted_at', title: 'srm.submittedAt' },
    actions: (r: Doc, t: T) =>
      r.status === 'submitted' ? (
        <Space>
          <RowAction path="rfi-record/shortlist" row={r} label={t('srm.shortlist')} />
          <RowAction path="rfi-record/eliminate" row={r} label={t('srm.eliminate')} danger />
        </Space>
      ) : null,
    details: (r: Doc, t: T) => (
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('srm.capacity')}>{r.capacity ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('srm.certifications')}>{r.certifications ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('srm.mainCustomers')}>{r.main_customers ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('srm.answers')}>
          {(r.answers ?? []).map((a: Doc) => (
            <div key={a.question_id}>{a.answer || '—'}</div>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.remarks')}>{r.remarks ?? '—'}</Descriptions.Item>
      </Descriptions>
    ),
  },
};

/** A project's rows a supplier each (SUPPLIER_ROWS): the supplier, its state, when it last moved,
 *  its actions; `showProject` (the RFI records of every project) leads with the project. */
export function SupplierTable({ kind, rows, showProject }: { kind: keyof typeof SUPPLIER_ROWS; rows: Doc[]; showProject?: boolean }) {
  const { t } = useTranslation();
  const { testId, at, actions, details } = SUPPLIER_ROWS[kind];
  return (
    <Table<Doc>
      size="small"
      rowKey="id"
      dataSource={rows}
      pagination={false}
      data-testid={testId}
      expandable={details && { expandedRowRender: (r: Doc) => details(r, t) }}
      columns={[
        ...(showProject ? [{ title: t('srm.project'), key: 'p', render: (_: unknown, r: Doc) => `${r.project_code ?? ''} ${r.project_name ?? ''}` }] : []),
        { title: t('srm.supplier'), dataIndex: 'supplier_name' },
        { title: t('srm.status'), dataIndex: 'status', render: (v: string) => <StateTag kind={kind} value={v} /> },
        { title: t(at.title), dataIndex: at.field, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
        { title: t('srm.actions'), key: 'a', render: (_: unknown, r: Doc) => actions(r, t) },
      ]}
    />
  );
}

export function SaveFirst() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon message={t('srm.saveFirst')} style={{ marginTop: 16 }} />;
}

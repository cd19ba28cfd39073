// The approval panel of a flow-driven document (CPM-01…14): finds the document's instance
// (pid-from-ui), shows its flow as a diagram coloured by outcome and its history as a timeline
// (who, when, outcome, comment), the scenario form of the current node, and exactly the actions
// cpm-node-actions offers this user. An action runs the decision pre-check (push-before) and then
// the push; Return / Rollback pick their target from cpm-allowed-rollback-nodes; Add approver
// inserts a user into a node.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, Modal, Popconfirm, Radio, Row as GridRow, Select, Skeleton, Space, Tag, Timeline, Tooltip, Typography } from 'antd';
import { ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { docActionLabel, pickLabel, statusColor } from '@seamline/core';
import { ApiError, notifyError, StaleAlert, toastError, toastSuccess, useApiQuery, useLang, menuUnreadSum } from '@seamline/web/engine';
import { FlowDiagram, type DiagramNode, type NodeState } from '../designer/FlowDiagram';
import { cpmApi, requestId, type CpmAction, type CpmHistory, type CpmNode, type CpmView, type RollbackNode } from './cpmApi';
import '../messages';
import '../flow.css';

// The forms area's scenario form (bound to '<process code>:<status code>' of the current node);
// loaded only when cpm-ot/scenario says the node has one.
const ScenarioFormPanel = lazy(async () => ({ default: (await import('../../../forms/web')).ScenarioFormPanel }));

export const STALE = 409;

export function nodeState(n: Pick<CpmNode, 'outcome' | 'current'>): NodeState {
  if (n.outcome === 'APPROVE') return 'APPROVED';
  if (n.outcome === 'REJECT') return 'REJECTED';
  return n.current ? 'PENDING_ARRPOVE' : 'WAITING';
}

const HISTORY_COLORS: Record<string, string> = {
  SUBMIT: 'blue',
  APPROVE: statusColor('APPROVED'),
  NODE_APPROVED: statusColor('APPROVED'),
  END: statusColor('APPROVED'),
  AUTO: 'gray',
  RETURN: statusColor('REJECTED'),
  ROLLBACK: statusColor('REJECTED'),
  REJECT: statusColor('REJECTED'),
  ADD_APPROVER: 'gray',
};

/** An approver's outcome at a node: NOT_NEEDED when the node was decided without them. */
const APPROVER_COLORS: Record<string, string> = {
  APPROVE: statusColor('APPROVED'),
  REJECT: statusColor('REJECTED'),
  PENDING: statusColor('PENDING_ARRPOVE'),
  NOT_NEEDED: 'default',
};

const cpmKey = (...parts: unknown[]) => ['cpm', ...parts];

export interface ApprovalPanelProps {
  /** The entity's wire name (e.g. 'purchase-requirement'). */
  entity: string;
  recordId: string;
  /** The document's version: a transition (Submit…) changes it, and the instance is looked up again. */
  version?: unknown;
  /** After an action changed the instance (the document's status changes with it). */
  onChanged?: () => void;
}

export function ApprovalPanel({ entity, recordId, version, onChanged }: ApprovalPanelProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mount = useQuery({ queryKey: cpmKey('pid', entity, recordId, version ?? null), queryFn: () => cpmApi.pidFromUi(entity, recordId), retry: false, staleTime: 0 });
  const pid = mount.data?.pid ?? null;
  const view = useQuery({ queryKey: cpmKey('view', pid, version ?? null), queryFn: () => cpmApi.view(pid!), enabled: !!pid, retry: false, staleTime: 0 });

  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['cpm'] });
  };

  let body: React.ReactNode;
  if (mount.isLoading || (pid && view.isLoading)) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (mount.isError || view.isError) {
    const err = mount.error ?? view.error;
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="cpm-mount-error"
        message={t('cpm.mountFailed')}
        description={err instanceof ApiError && err.message ? err.message : undefined}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void reload()}>
            {t('cpm.panel.reload')}
          </Button>
        }
      />
    );
  } else if (!pid || !view.data) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cpm.panel.noFlow')} data-testid="cpm-no-flow" />;
  else
    body = (
      <RunningFlow
        view={view.data}
        onChanged={async (next) => {
          if (next) client.setQueryData(cpmKey('view', pid, version ?? null), next);
          await client.invalidateQueries({ queryKey: ['cpm'] });
          await client.invalidateQueries({ queryKey: ['engine', entity] });
          // the 'My approvals' menu badge counts pending approvals
          await client.invalidateQueries({ queryKey: [menuUnreadSum] });
          onChanged?.();
        }}
      />
    );

  return (
    <Card size="small" className="cpm-panel" title={t('cpm.panel.title')} data-testid="approval-panel">
      {body}
    </Card>
  );
}

function RunningFlow({ view, onChanged }: { view: CpmView; onChanged: (next?: CpmView) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pid = view.pid;
  // Keyed by the node version: after anyone's push the offered actions are asked for again.
  const actions = useQuery({ queryKey: cpmKey('actions', pid, view.node_version), queryFn: () => cpmApi.nodeActions(pid), retry: false, staleTime: 0 });
  const scenario = useQuery({ queryKey: cpmKey('scenario', pid, view.current_seq), queryFn: () => cpmApi.scenario(pid), retry: false, staleTime: 0 });
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<CpmAction | null>(null);
  const [stale, setStale] = useState(false);
  const [returning, setReturning] = useState<'RETURN' | 'ROLLBACK' | null>(null);
  const [adding, setAdding] = useState(false);

  const nodeBySeq = useMemo(() => new Map(view.nodes.map((n) => [n.seq, n])), [view.nodes]);
  const current = view.current_seq !== null ? nodeBySeq.get(view.current_seq) : undefined;
  const diagram: DiagramNode[] = view.nodes.map((n) => ({
    key: String(n.seq),
    seq: n.seq,
    status: n.status_code,
    text: n.text,
    color: n.color ?? undefined,
    isEnd: n.is_end,
    signType: n.sign_type ?? undefined,
    state: nodeState(n),
  }));
  const stateLabel = (s: NodeState) => t(`cpm.state.${s}`);

  /** A refused operation: stale → the spec's refresh-and-retry message; else operation failed. */
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === STALE) {
      setStale(true);
      return;
    }
    if (err instanceof ApiError && err.status === 401) return; // signed out; the client redirects
    const detail = err instanceof ApiError && err.message ? err.message : '';
    notifyError(detail && detail !== t('cpm.operationFailed') ? `${t('cpm.operationFailed')}: ${detail}` : t('cpm.operationFailed'));
  };

  /** push-before, then push (or rollback-node for a target). */
  const run = async (action: 'APPROVE' | 'REJECT' | 'RETURN' | 'ROLLBACK', target?: number) => {
    const body: Record<string, unknown> = {
      pid,
      action,
      status_code: view.current_status_code,
      node_version: view.node_version,
      comment,
      request_id: requestId(),
    };
    if (target !== undefined) body.target = target;
    setBusy(action);
    try {
      const check = await cpmApi.pushBefore(pid, action, body);
      if (check && check.ok === false) {
        toastError((check.messages ?? []).join('; ') || t('cpm.operationFailed'));
        return false;
      }
      const next = action === 'ROLLBACK' ? await cpmApi.rollback(body) : await cpmApi.push(body);
      toastSuccess(t('common.operatedSuccess'));
      setComment('');
      await onChanged(next);
      return true;
    } catch (err) {
      failed(err);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const offered = actions.data ?? [];
  const has = (a: CpmAction) => offered.some((x) => x.action === a);
  const labelOf = (a: CpmAction) => (a === 'ADD_APPROVER' ? t('cpm.panel.addApprover') : a === 'REJECT' ? t('cpm.panel.reject') : docActionLabel(a, lang));
  const hintOf = (a: CpmAction) => {
    const found = offered.find((x) => x.action === a);
    const text = found ? pickLabel(found.label, lang) : '';
    return text && text !== labelOf(a) ? text : undefined;
  };
  const pending = current?.approvers.filter((a) => a.outcome === 'PENDING').map((a) => a.full_name ?? '') ?? [];

  return (
    <div data-testid="cpm-running" data-pid={pid}>
      {stale && (
        <StaleAlert
          testId="cpm-stale"
          reloadTestId="cpm-stale-reload"
          reloadLabel={t('cpm.panel.reload')}
          gap={12}
          onReload={async () => {
            setStale(false);
            await onChanged();
          }}
        />
      )}
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{view.process.name || view.process.code}</Typography.Text>
        <Tag color={statusColor(view.status)} data-testid="cpm-status">
          {t(`cpm.state.${view.status}`, { defaultValue: view.status })}
        </Tag>
        {current && (
          <span data-testid="cpm-current">
            {t('cpm.panel.current')}: <Tag color={current.color ?? undefined}>{current.text}</Tag>
          </span>
        )}
        {view.status === 'PENDING_ARRPOVE' && pending.length > 0 && (
          <Typography.Text type="secondary" data-testid="cpm-waiting">
            {t('cpm.panel.waiting', { names: pending.join(', ') })}
          </Typography.Text>
        )}
      </Space>
      <GridRow gutter={16}>
        <Col xs={24} lg={10}>
          <FlowDiagram nodes={diagram} stateLabel={stateLabel} height={Math.min(420, 110 * diagram.length + 40)} selectedKey={current ? String(current.seq) : null} />
        </Col>
        <Col xs={24} lg={14}>
          <NodeApprovers nodes={view.nodes} />
          <Typography.Text strong>{t('cpm.panel.timeline')}</Typography.Text>
          <HistoryTimeline history={view.history} nodes={nodeBySeq} />
        </Col>
      </GridRow>

      {scenario.data && view.current_status_code && (
        <div style={{ marginTop: 12 }} data-testid="cpm-scenario">
          <Suspense fallback={<Skeleton active />}>
            <ScenarioFormPanel
              contextType="FLOW_NODE"
              contextKey={`${view.process.code}:${view.current_status_code}`}
              entity={view.entity}
              recordId={view.record_id}
              readOnly={!has('APPROVE')}
              title={t('cpm.panel.scenario')}
            />
          </Suspense>
        </div>
      )}

      {actions.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('cpm.mountFailed')} data-testid="cpm-actions-error" />
      ) : offered.length > 0 ? (
        <div style={{ marginTop: 12 }} data-testid="cpm-actions">
          <Input.TextArea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('cpm.panel.commentPlaceholder')}
            aria-label={t('cpm.panel.comment')}
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="cpm-comment"
            style={{ marginBottom: 8 }}
          />
          <Space wrap>
            {has('APPROVE') && (
              <Tooltip title={hintOf('APPROVE')}>
                <Button type="primary" loading={busy === 'APPROVE'} disabled={!!busy} data-testid="cpm-action-APPROVE" onClick={() => void run('APPROVE')}>
                  {labelOf('APPROVE')}
                </Button>
              </Tooltip>
            )}
            {has('REJECT') && (
              <Popconfirm
                title={t('cpm.panel.rejectConfirm')}
                okText={labelOf('REJECT')}
                cancelText={t('engine.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'cpm-reject-ok' } as never}
                onConfirm={() => run('REJECT')}
              >
                <Button danger loading={busy === 'REJECT'} disabled={!!busy} data-testid="cpm-action-REJECT">
                  {labelOf('REJECT')}
                </Button>
              </Popconfirm>
            )}
            {has('RETURN') && (
              <Button danger loading={busy === 'RETURN'} disabled={!!busy} data-testid="cpm-action-RETURN" onClick={() => setReturning('RETURN')}>
                {labelOf('RETURN')}
              </Button>
            )}
            {has('ROLLBACK') && (
              <Button loading={busy === 'ROLLBACK'} disabled={!!busy} data-testid="cpm-action-ROLLBACK" onClick={() => setReturning('ROLLBACK')}>
                {labelOf('ROLLBACK')}
              </Button>
            )}
            {has('ADD_APPROVER') && (
              <Button icon={<UserAddOutlined />} disabled={!!busy} data-testid="cpm-action-ADD_APPROVER" onClick={() => setAdding(true)}>
                {labelOf('ADD_APPROVER')}
              </Button>
            )}
          </Space>
        </div>
      ) : (
        view.status === 'PENDING_ARRPOVE' &&
        actions.isSuccess && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="cpm-no-actions">
            {t('cpm.panel.noActions')}
          </Typography.Paragraph>
        )
      )}

      <ReturnDialog
        open={returning !== null}
        mode={returning ?? 'RETURN'}
        pid={pid}
        canRollback={has('ROLLBACK')}
        canReturn={has('RETURN')}
        onCancel={() => setReturning(null)}
        onChoose={async (target) => {
          const ok = target === 'INITIATOR' ? await run('RETURN') : await run('ROLLBACK', target);
          if (ok) setReturning(null);
        }}
      />
      <AddApproverDialog
        open={adding}
        view={view}
        onCancel={() => setAdding(false)}
        onAdd={async (seq, userId) => {
          try {
            const next = await cpmApi.insertUser(pid, seq, userId);
            toastSuccess(t('common.operatedSuccess'));
            setAdding(false);
            await onChanged(next);
          } catch (err) {
            failed(err);
          }
        }}
      />
    </div>
  );
}

function HistoryTimeline({ history, nodes }: { history: CpmHistory[]; nodes: Map<number, CpmNode> }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const when = (at: string) => {
    const d = new Date(at);
    return Number.isNaN(d.getTime()) ? at : d.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });
  };
  return (
    <Timeline
      data-testid="cpm-history"
      items={history.map((h, i) => {
        const node = h.seq !== null ? nodes.get(h.seq) : undefined;
        const target = h.target_seq !== null ? nodes.get(h.target_seq) : undefined;
        return {
          key: i,
          color: HISTORY_COLORS[h.action] ?? 'gray',
          children: (
            <div data-testid="cpm-history-item" data-action={h.action}>
              <Space size={6} wrap>
                <Typography.Text strong>{h.user?.full_name ?? ''}</Typography.Text>
                <Typography.Text>{t(`cpm.history.${h.action}`, { defaultValue: h.action })}</Typography.Text>
                {node && <Tag color={node.color ?? undefined}>{node.text}</Tag>}
                {target && (
                  <>
                    → <Tag color={target.color ?? undefined}>{target.text}</Tag>
                  </>
                )}
                <Typography.Text type="secondary">{when(h.at)}</Typography.Text>
              </Space>
              {h.comment && <div className="cpm-history-comment">“{h.comment}”</div>}
            </div>
          ),
        };
      })}
    />
  );
}

/** Return (to the initiator) or Rollback (to a node the current node's reject type allows). */
function ReturnDialog(props: {
  open: boolean;
  mode: 'RETURN' | 'ROLLBACK';
  pid: string;
  canReturn: boolean;
  canRollback: boolean;
  onCancel: () => void;
  onChoose: (target: 'INITIATOR' | number) => Promise<void>;
}) {
  const { open, mode, pid, canReturn, canRollback, onCancel, onChoose } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const targets = useQuery({ queryKey: cpmKey('rollback', pid), queryFn: () => cpmApi.rollbackNodes(pid), enabled: open && canRollback, retry: false, staleTime: 0 });
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nodes: RollbackNode[] = targets.data ?? [];
  const chosen = choice ?? (mode === 'RETURN' && canReturn ? 'INITIATOR' : nodes[0] ? String(nodes[0].seq) : null);
  return (
    <Modal
      open={open}
      title={t('cpm.panel.returnTitle')}
      onCancel={onCancel}
      okText={docActionLabel(chosen === 'INITIATOR' ? 'RETURN' : 'ROLLBACK', lang)}
      okButtonProps={{ danger: true, disabled: !chosen, 'data-testid': 'cpm-return-ok' } as never}
      cancelText={t('engine.cancel')}
      confirmLoading={busy}
      afterClose={() => setChoice(null)}
      onOk={async () => {
        if (!chosen) return;
        setBusy(true);
        try {
          await onChoose(chosen === 'INITIATOR' ? 'INITIATOR' : Number(chosen));
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('cpm.panel.returnTarget')}</Typography.Paragraph>
      {targets.isError && <Alert type="error" showIcon message={t('cpm.mountFailed')} style={{ marginBottom: 8 }} />}
      <Radio.Group value={chosen} onChange={(e) => setChoice(e.target.value)} data-testid="cpm-return-targets">
        <Space direction="vertical">
          {canReturn && (
            <Radio value="INITIATOR" data-testid="cpm-target-INITIATOR">
              {t('cpm.panel.toInitiator')}
            </Radio>
          )}
          {nodes.map((n) => (
            <Radio key={n.seq} value={String(n.seq)} data-testid={`cpm-target-${n.seq}`}>
              <Tag color={n.color ?? undefined}>{n.text}</Tag> {n.seq} · {n.status_code}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}

/** Adds a user to the current node or a later one (insert-user-into-node). */
function AddApproverDialog({ open, view, onCancel, onAdd }: { open: boolean; view: CpmView; onCancel: () => void; onAdd: (seq: number, userId: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useApiQuery<{ value: string; label: string | null; username: string }[]>('utilsapi/users/options', { search }, { enabled: open, staleTime: 30_000 });
  const nodes = view.nodes.filter((n) => n.outcome === 'PENDING');
  const [seq, setSeq] = useState<number | null>(null);
  const [user, setUser] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenSeq = seq ?? view.current_seq ?? nodes[0]?.seq ?? null;
  return (
    <Modal
      open={open}
      title={t('cpm.panel.addApprover')}
      onCancel={onCancel}
      okText={t('cpm.panel.addApprover')}
      okButtonProps={{ disabled: !user || chosenSeq === null, 'data-testid': 'cpm-add-ok' } as never}
      cancelText={t('engine.cancel')}
      confirmLoading={busy}
      afterClose={() => {
        setSeq(null);
        setUser(null);
        setSearch('');
      }}
      onOk={async () => {
        if (!user || chosenSeq === null) return;
        setBusy(true);
        try {
          await onAdd(chosenSeq, user);
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('myappr.node')}>
          <Select
            value={chosenSeq ?? undefined}
            onChange={(v: number) => setSeq(v)}
            options={nodes.map((n) => ({ value: n.seq, label: `${n.seq} · ${n.text}` }))}
            data-testid="cpm-add-node"
          />
        </Form.Item>
        <Form.Item label={t('cpm.panel.user')}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={user ?? undefined}
            onChange={(v: string) => setUser(v)}
            loading={users.isFetching}
            options={(users.data ?? []).map((u) => ({ value: u.value, label: u.label ? `${u.label} (${u.username})` : u.username }))}
            data-testid="cpm-add-user"
            id="cpm-add-user"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who decides each node reached so far, and how: approved, rejected, pending or not needed. */
function NodeApprovers({ nodes }: { nodes: CpmNode[] }) {
  const { t } = useTranslation();
  const decided = nodes.filter((n) => n.approvers.length > 0);
  if (decided.length === 0) return null;
  return (
    <div style={{ marginBottom: 12 }} data-testid="cpm-approvers">
      <Typography.Text strong>{t('cpm.panel.approvers')}</Typography.Text>
      {decided.map((n) => (
        <div key={n.seq} data-testid={`cpm-approvers-${n.seq}`} style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{n.text || n.status_code}: </Typography.Text>
          {n.approvers.map((a) => (
            <Tag key={a.id} color={APPROVER_COLORS[a.outcome] ?? 'default'} data-testid="cpm-approver" style={{ marginBottom: 4 }}>
              {a.full_name} · {t(`cpm.approver.${a.outcome}`, { defaultValue: a.outcome })}
            </Tag>
          ))}
        </div>
      ))}
    </div>
  );
}

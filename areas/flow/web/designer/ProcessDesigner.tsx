// The process designer (FLOW-01…16): the header (code, name, comment, tag), the node table and
// the React Flow diagram beside it, all editing one process held here. Choosing a node in either
// view selects it in both and opens its editor; add, remove and reorder work from both. Before
// anything is posted core's validateFlow runs (the server runs the same), so the spec's flow
// messages appear without a request. Copy asks for a new code (empty → message, no request).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Alert, App, Button, Card, Col, Form, Input, Modal, Row as GridRow, Space, Table, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTHORITY_TYPES as AUTHORITY_LIST, flowText, validateFlow, type FlowProblem } from '@seamline/core';
import {
  useLang, api, ApiError, FieldErrorsError, toastError, toastSuccess, queryClient, entityKey, useDocument, useSaveDocument, type Row,
  type EntityEntry, canWrite, useSessionContext,
} from '@seamline/web/engine';
import { FlowDiagram, orderNodes } from './FlowDiagram';
import {
  addNode,
  emptyProcess,
  fromWire,
  removeNode,
  reorder,
  toDiagram,
  toWire,
  updateNode,
  type DesignNode,
  type DesignProcess,
} from './model';
import { NodeEditor, useFlowOptions } from './NodeEditor';

export const COPY_PATH = 'crossapi/superdesignapi/cpm-process/copy';

/** Problems as the screen shows them: document-level texts, and per node index per field. */
export interface ShownProblems {
  doc: string[];
  header: Record<string, string[]>;
  nodes: Record<number, Record<string, string[]>>;
}

/** The editor's name of a wire field (the sequence is `node_seq` on the wire). */
const wireField = (f: string) => (f === 'node_seq' ? 'seq' : f);

const noProblems: ShownProblems = { doc: [], header: {}, nodes: {} };

/** Texts from core's flow catalogue, so the screen says exactly what the server would. */
function fromFlowProblems(problems: FlowProblem[], lang: string): ShownProblems {
  const out: ShownProblems = { doc: [], header: {}, nodes: {} };
  for (const p of problems) {
    const text = flowText(lang, p.key);
    if (!out.doc.includes(text)) out.doc.push(text);
    if (p.node !== undefined && p.node !== null) {
      const field = wireField(p.field ?? '_row');
      const row = (out.nodes[p.node] ??= {});
      (row[field] ??= []).push(text);
    }
  }
  return out;
}

/** An 11000 answer: `_document` texts, header fields, `nodes[i]` per field. */
function fromServerErrors(errors: Record<string, unknown>): ShownProblems {
  const out: ShownProblems = { doc: [], header: {}, nodes: {} };
  const texts = (v: unknown) => (Array.isArray(v) ? v.map(String) : v ? [String(v)] : []);
  for (const [field, value] of Object.entries(errors)) {
    if (field === '_document') out.doc.push(...texts(value));
    else if (field === 'nodes' && Array.isArray(value)) {
      value.forEach((row, i) => {
        if (!row || typeof row !== 'object') return;
        for (const [f, v] of Object.entries(row as Record<string, unknown>)) (out.nodes[i] ??= {})[wireField(f)] = texts(v);
      });
    } else if (field === 'nodes') out.doc.push(...texts(value));
    else out.header[field] = texts(value);
  }
  return out;
}

export interface ProcessDesignerProps {
  entry: EntityEntry;
  id: string | null;
  onSaved?: (doc: Row, created: boolean) => void;
  onCopied?: (doc: Row) => void;
}

export function ProcessDesigner({ entry, id, onSaved, onCopied }: ProcessDesignerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const lang = useLang();
  const session = useSessionContext();
  const options = useFlowOptions();
  const doc = useDocument(entry, id);
  const save = useSaveDocument(entry);
  const writable = canWrite(entry.def, session);
  const [process, setProcess] = useState<DesignProcess>(() => emptyProcess());
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [problems, setProblems] = useState<ShownProblems>(noProblems);
  const [copyOpen, setCopyOpen] = useState(false);

  // What was last loaded or saved: leaving with anything else asks first (issue 13).
  const [baseline, setBaseline] = useState(() => JSON.stringify(toWire(emptyProcess())));
  useEffect(() => {
    if (id && doc.data) {
      const loaded = fromWire(doc.data);
      setProcess(loaded);
      setBaseline(JSON.stringify(toWire(loaded)));
    }
  }, [id, doc.data]);
  const savedNow = useRef(false);
  const dirty = writable && JSON.stringify(toWire(process)) !== baseline;
  useLeaveGuard(dirty, savedNow);

  const ordered = useMemo(() => orderNodes(process.nodes), [process.nodes]);
  const diagramNodes = useMemo(() => toDiagram(ordered), [ordered]);
  const selectedNode = ordered.find((n) => n.key === selected) ?? null;
  const selectedIndex = selectedNode ? ordered.indexOf(selectedNode) : -1;

  const edit = (next: DesignProcess) => {
    setProcess(next);
    savedNow.current = false;
    // Old messages point at rows that may have moved; they come back on the next check.
    if (problems !== noProblems) setProblems(noProblems);
  };
  const select = (key: string | null, open = false) => {
    setSelected(key);
    if (open && key) setEditing(true);
  };
  const add = () => {
    const { process: next, key } = addNode(process, selected);
    edit(next);
    select(key, true);
  };
  const remove = (key: string) => {
    const node = process.nodes.find((n) => n.key === key);
    modal.confirm({
      title: t('flow.designer.confirmRemove', { name: node ? `${node.seq} ${node.text}`.trim() : '' }),
      okText: t('flow.node.remove'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-remove-node' } as never,
      cancelText: t('engine.cancel'),
      onOk: () => {
        edit(removeNode(process, key));
        if (selected === key) select(null);
        setEditing(false);
      },
    });
  };
  const move = (key: string, delta: number) => {
    const keys = ordered.map((n) => n.key);
    const at = keys.indexOf(key);
    const to = at + delta;
    if (at < 0 || to < 0 || to >= keys.length) return;
    [keys[at], keys[to]] = [keys[to], keys[at]];
    edit(reorder(process, keys));
  };

  /** Client check with core's rules; true when clean. */
  const check = (): boolean => {
    const found = validateFlow(toWire(process) as never);
    const shown = fromFlowProblems(found, lang);
    if (!process.code.trim()) shown.header.code = [t('val.required')];
    if (!process.name.trim()) shown.header.name = [t('val.required')];
    const clean = !shown.doc.length && !Object.keys(shown.header).length;
    setProblems(clean ? noProblems : shown);
    if (!clean) toastError(shown.doc[0] ?? t('form.correctInput'));
    return clean;
  };

  const submit = async () => {
    if (!check()) return;
    try {
      const saved = await save.mutateAsync({ doc: toWire(process) });
      toastSuccess(t('common.saveSuccess'));
      const next = fromWire(saved);
      setProcess(next);
      setBaseline(JSON.stringify(toWire(next)));
      savedNow.current = true; // the navigation to the saved flow below is not 'leaving unsaved'
      onSaved?.(saved, !process.id);
    } catch (err) {
      if (err instanceof FieldErrorsError) {
        const shown = fromServerErrors(err.errors);
        setProblems(shown);
        toastError(shown.doc[0] ?? `${t('form.saveFailedPrefix')}`);
      }
      // anything else was reported by the request client
    }
  };

  if (id && doc.isLoading) return <Card loading />;
  if (id && doc.isError) return <Alert type="error" message={t('common.loadingFailed')} />;

  const headerError = (f: string) =>
    problems.header[f]?.length ? { validateStatus: 'error' as const, help: problems.header[f].join(', ') } : {};
  const rowProblems = (i: number) => problems.nodes[i];

  const columns = [
    { title: t('flow.node.seq'), dataIndex: 'seq', width: 70 },
    { title: t('flow.node.status'), dataIndex: 'status_code', width: 110 },
    {
      title: t('flow.node.text'),
      dataIndex: 'text',
      render: (_: unknown, n: DesignNode) => (n.text ? <Tag color={n.color || undefined}>{n.text}</Tag> : null),
    },
    { title: t('flow.node.signType'), dataIndex: 'sign_type', width: 90, render: (v: string) => v },
    { title: t('flow.node.authority'), dataIndex: 'authority', render: (v: string) => options.labelOf(AUTHORITY_LIST, v) },
    { title: t('flow.node.launchAction'), dataIndex: 'launch_action', render: (_: unknown, n: DesignNode) => [n.launch_action, n.launch_text].filter(Boolean).join(' · ') },
    { title: t('flow.node.isEnd'), dataIndex: 'is_end', width: 60, render: (v: boolean) => (v ? <Tag color="purple">{t('flow.node.end')}</Tag> : null) },
    {
      title: '',
      key: 'ops',
      width: 140,
      render: (_: unknown, n: DesignNode, i: number) => (
        <Space size={0}>
          <Tooltip title={t('flow.node.edit')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('flow.node.edit')} data-testid={`node-edit-${i}`} onClick={(e) => { e.stopPropagation(); select(n.key, true); }} />
          </Tooltip>
          {writable && (
            <>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('flow.node.moveUp')} disabled={i === 0} data-testid={`node-up-${i}`} onClick={(e) => { e.stopPropagation(); move(n.key, -1); }} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('flow.node.moveDown')} disabled={i === ordered.length - 1} data-testid={`node-down-${i}`} onClick={(e) => { e.stopPropagation(); move(n.key, 1); }} />
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('flow.node.remove')} data-testid={`node-remove-${i}`} onClick={(e) => { e.stopPropagation(); remove(n.key); }} />
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="sl-document-card flow-designer" data-testid="process-designer">
      <div className="sl-document-header">
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="designer-title">
            {process.id ? `${process.code} ${process.name}` : t('flow.designer.new')}
          </Typography.Title>
        </Space>
        <Space wrap>
          <Button icon={<CheckCircleOutlined />} data-testid="designer-validate" onClick={() => check() && toastSuccess(t('flow.designer.valid'))}>
            {t('flow.designer.validate')}
          </Button>
          {process.id && writable && (
            <Button icon={<CopyOutlined />} data-testid="designer-copy" onClick={() => setCopyOpen(true)}>
              {t('flow.copy.action')}
            </Button>
          )}
          {writable && (
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} data-testid="designer-save" onClick={() => void submit()}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      </div>

      {problems.doc.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="designer-problems"
          message={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.doc.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}

      <Form layout="vertical" disabled={!writable} name="cpm-process-header">
        <GridRow gutter={12}>
          <Col xs={24} md={6}>
            <Form.Item label={t('flow.field.code')} required {...headerError('code')}>
              <Input
                id="designer-code"
                value={process.code}
                disabled={!writable || !!process.id}
                onChange={(e) => edit({ ...process, code: e.target.value.toUpperCase() })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('flow.field.name')} required {...headerError('name')}>
              <Input id="designer-name" value={process.name} onChange={(e) => edit({ ...process, name: e.target.value })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('flow.field.tag')} {...headerError('tag')}>
              <Input id="designer-tag" value={process.tag} onChange={(e) => edit({ ...process, tag: e.target.value })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('flow.field.comment')} {...headerError('comment')}>
              <Input id="designer-comment" value={process.comment} onChange={(e) => edit({ ...process, comment: e.target.value })} />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>

      <GridRow gutter={16}>
        <Col xs={24} xxl={14}>
          <div className="flow-designer-section">
            <Typography.Text strong>{t('flow.designer.nodes')}</Typography.Text>
            {writable && (
              <Button size="small" icon={<PlusOutlined />} data-testid="node-add" onClick={add}>
                {t('flow.node.add')}
              </Button>
            )}
          </div>
          <Table<DesignNode>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={ordered}
            columns={columns}
            data-testid="node-table"
            locale={{ emptyText: t('flow.designer.empty') }}
            rowClassName={(n, i) =>
              [n.key === selected ? 'ant-table-row-selected' : '', rowProblems(i) ? 'flow-row-error' : ''].filter(Boolean).join(' ')
            }
            onRow={(n, i) => ({
              tabIndex: 0,
              'data-testid': `node-row-${i}`,
              'data-selected': n.key === selected ? 'true' : 'false',
              title: rowProblems(i ?? -1) ? Object.values(rowProblems(i ?? -1)!).flat().join(', ') : undefined,
              onClick: () => select(n.key),
              onDoubleClick: () => select(n.key, true),
              onKeyDown: (e) => {
                if (e.key === 'Enter') select(n.key, true);
              },
            }) as React.HTMLAttributes<HTMLElement>}
          />
        </Col>
        <Col xs={24} xxl={10}>
          <div className="flow-designer-section">
            <Typography.Text strong>{t('flow.designer.diagram')}</Typography.Text>
          </div>
          <FlowDiagram
            nodes={diagramNodes}
            selectedKey={selected}
            onSelect={(key) => select(key, !!key)}
            onAdd={writable ? add : undefined}
            onRemove={writable ? remove : undefined}
            onReorder={writable ? (keys) => edit(reorder(process, keys)) : undefined}
          />
        </Col>
      </GridRow>

      <NodeEditor
        node={selectedNode}
        open={editing}
        readOnly={!writable}
        errors={selectedIndex >= 0 ? rowProblems(selectedIndex) : undefined}
        onClose={() => setEditing(false)}
        onChange={(patch) => selectedNode && edit(updateNode(process, selectedNode.key, patch))}
      />

      <CopyDialog
        open={copyOpen}
        source={process}
        onClose={() => setCopyOpen(false)}
        onCopied={(copy) => {
          setCopyOpen(false);
          onCopied?.(copy);
        }}
      />
    </Card>
  );
}


/** Copy under a new code (FLOW-11/12): empty → the message and no request. */
function CopyDialog({ open, source, onClose, onCopied }: { open: boolean; source: DesignProcess; onClose: () => void; onCopied: (doc: Row) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setCode('');
      setError(null);
    }
  }, [open]);
  const ok = async () => {
    const next = code.trim();
    if (!next) {
      setError(t('flow.copyCodeEmpty'));
      toastError(t('flow.copyCodeEmpty'));
      return;
    }
    setBusy(true);
    try {
      const copy = await api.post<Row>(COPY_PATH, { id: source.id, code: next });
      toastSuccess(t('flow.copied'));
      // The flow list must show the copy when the user goes back to it.
      void queryClient.invalidateQueries({ queryKey: entityKey({ name: 'cpm-process' }) });
      onCopied(copy);
    } catch (err) {
      // The server's refusal ('flow copy failed') was shown by the request client; keep it here too.
      setError(err instanceof ApiError && err.message ? err.message : t('flow.copyFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('flow.copy.title', { code: source.code })}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t('flow.copy.ok')}
      cancelText={t('engine.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'copy-ok' } as never}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void ok()}>
        <Form.Item label={t('flow.copy.newCode')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input id="copy-code" autoFocus value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Leaving the designer (another screen, another flow of the list, closing the tab) with unsaved
 * edits asks first; `savedNow` lets the navigation that follows a save through.
 */
function useLeaveGuard(dirty: boolean, savedNow: { current: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const moving = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    if (savedNow.current) {
      savedNow.current = false;
      return false;
    }
    return moving && dirtyNow.current;
  });
  const current = useRef(blocker);
  current.current = blocker;
  const asking = useRef(false); // one question per blocked navigation (effects may run twice)
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const answer = (go: boolean) => {
      asking.current = false;
      if (go) current.current.proceed?.();
      else current.current.reset?.();
    };
    modal.confirm({
      title: t('flow.designer.leaveTitle'),
      content: t('flow.designer.leaveText'),
      okText: t('flow.designer.leave'),
      okButtonProps: { danger: true, 'data-testid': 'designer-leave' } as never,
      cancelText: t('flow.designer.stay'),
      cancelButtonProps: { 'data-testid': 'designer-stay' } as never,
      onOk: () => answer(true),
      onCancel: () => answer(false),
    });
  }, [blocker.state, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

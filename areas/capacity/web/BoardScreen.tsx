// /plan/page/capacity-board: load against capacity per vendor × capacity group × week as a heat
// map (over-load in red), filters, the lines behind a cell in a drawer where a draft's quantities
// are edited in place — the effect on the cell's load and on the KPI-weighted value is computed
// as the planner types (the same evaluateAllocation the server uses) — and the version's run and
// publish. Loaded lazily (ECharts is large), with only the ECharts parts it uses.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Spin, Statistic, Switch, Table, Tag, Typography } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useSearchParams } from 'react-router';
import { useTranslation, LoadFailed, useNumbers, type TemplateProps } from '@seamline/web/engine';
import { evaluateAllocation, fromUnits, type AllocCell, type AllocInput } from '../meta/allocation';
import { VERSION } from '../meta/fields';
import { addWeeks, weekAt, weekIndex, weekOf } from '../meta/weeks';
import { useCapAction, useCapQuery, type Doc } from './api';
import './register-messages';
import { StateTag } from './StateTag';

echarts.use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

const OVER = '#ff4d4f';
const pct = (load: number, capacity: number) => (capacity > 0 ? Math.round((load * 1000) / capacity) / 10 : load > 0 ? 999 : 0);

interface Workspace {
  version: Doc;
  input: AllocInput;
  demands: Doc[];
  vendors: Doc[];
  groups: Doc[];
  lines: Doc[];
  evaluation: { objective: number; over: number; broken_shares: number; shares: Doc[] };
  /** What the version leaves unallocated, per demand line and per group and week. */
  shortages?: Doc[];
  shortage_by_group_week?: Doc[];
  unallocated_total?: number;
  /** Only in a run's answer: share limits the run could not keep. */
  run?: { breaches: Doc[]; unallocated_total: number };
}
interface CellKey {
  vendor: string;
  group: string;
  week: string;
}

const cellsOf = (lines: Doc[]): AllocCell[] => lines.map((l) => ({ demand: l.demand_id, vendor: l.vendor_id, week: l.week, qty: l.qty }));

export default function BoardScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const versions = useCapQuery<{ rows: Doc[] }>('demand-allocation/page-list', { p: JSON.stringify({ size: 50, sort: [{ field: 'version_no', order: 'desc' }] }) });
  const rows = versions.data?.rows ?? [];
  // A fresh load opens the version that says something: the newest one run or published (an
  // empty draft only when there is nothing else).
  const id = params.get('id') ?? rows.find((v) => v.status !== VERSION.DRAFT || v.objective !== null)?.id ?? rows[0]?.id ?? null;
  const ws = useCapQuery<Workspace>('demand-allocation/workspace', { id }, Boolean(id));
  const [creating, setCreating] = useState(false);
  // The figures shown are always those of the version the picker names (never the previous
  // version's while the next one loads), and the picker names it from its own row.
  const current = ws.data && ws.data.version.id === id ? ws.data : null;
  const label = (v: Doc) => `${t('cap.version')} ${v.version_no} · ${v.title}`;
  const options = rows.map((v) => ({ value: v.id, label: label(current && v.id === current.version.id ? current.version : v) }));
  if (current && !rows.some((v) => v.id === current.version.id)) options.unshift({ value: current.version.id, label: label(current.version) });
  if (versions.isError) return <LoadFailed onRetry={() => void versions.refetch()} />;
  return (
    <Card className="sl-list-card" title={t('cap.board')} data-testid="capacity-board">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ minWidth: 240 }}
          placeholder={t('cap.chooseVersion')}
          value={id ?? undefined}
          data-testid="version-select"
          onChange={(v) => setParams({ id: v })}
          loading={versions.isLoading}
          options={options}
        />
        <Button onClick={() => setCreating(true)} data-testid="new-version">
          {t('cap.newVersion')}
        </Button>
      </Space>
      <NewVersion open={creating} onClose={() => setCreating(false)} onCreated={(v) => setParams({ id: v })} />
      {versions.isLoading ? (
        <div data-testid="board-loading" style={{ textAlign: 'center', margin: '24px auto' }}>
          <Spin />
        </div>
      ) : !id ? (
        <Empty description={t('cap.noVersion')} />
      ) : ws.isError ? (
        <LoadFailed onRetry={() => void ws.refetch()} />
      ) : current ? (
        <Board ws={current} />
      ) : (
        <div data-testid="board-loading" style={{ textAlign: 'center', margin: '24px auto' }}>
          <Spin />
        </div>
      )}
    </Card>
  );
}

function NewVersion({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useCapAction<Doc>('demand-allocation/save', { quiet: true });
  return (
    <Modal
      open={open}
      title={t('cap.newVersion')}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, ...({ 'data-testid': 'new-version-ok' } as Record<string, string>) }}
      onOk={() =>
        void form.validateFields().then((values) =>
          save.mutate(values, {
            onSuccess: (doc) => {
              onClose();
              onCreated(doc.id);
            },
          }),
        )
      }
    >
      <Form form={form} layout="vertical" initialValues={{ start_week: addWeeks(weekOf(new Date()), 1) }}>
        <Form.Item name="title" label={t('cap.version')} rules={[{ required: true }]}>
          <Input data-testid="new-version-title" maxLength={100} />
        </Form.Item>
        <Form.Item name="start_week" label={t('cap.week')} rules={[{ required: true }]}>
          <Input maxLength={8} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Board({ ws }: { ws: Workspace }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const [group, setGroup] = useState<string | undefined>();
  const [vendor, setVendor] = useState<string | undefined>();
  const [onlyOver, setOnlyOver] = useState(false);
  const [cell, setCell] = useState<CellKey | null>(null);
  const run = useCapAction<Workspace>('demand-allocation/run');
  const publish = useCapAction('demand-allocation/publish');
  const draft = ws.version.status === VERSION.DRAFT;
  const vendorName = (vid: string) => ws.vendors.find((v) => v.id === vid)?.name ?? vid;
  const groupName = (gid: string) => ws.groups.find((g) => g.id === gid)?.name ?? gid;

  const evaluation = useMemo(() => evaluateAllocation(ws.input, cellsOf(ws.lines)), [ws]);
  const weeks = useMemo(() => {
    const all = [ws.input.start_week, ...evaluation.loads.map((l) => l.week), ...ws.input.demands.map((d) => d.due)].map(weekIndex);
    const lo = weekIndex(ws.input.start_week);
    const hi = Math.max(lo, ...all);
    return Array.from({ length: Math.min(60, hi - lo + 1) }, (_, i) => weekAt(lo + i));
  }, [ws, evaluation]);
  const pairs = useMemo(
    () =>
      ws.input.vendors
        .flatMap((v) => v.groups.map((g) => ({ vendor: v.id, group: g.group })))
        .filter((p) => (!group || p.group === group) && (!vendor || p.vendor === vendor))
        .filter((p) => !onlyOver || evaluation.over.some((o) => o.vendor === p.vendor && o.group === p.group)),
    [ws, group, vendor, onlyOver, evaluation],
  );
  const loadAt = new Map(evaluation.loads.map((l) => [`${l.vendor}|${l.group}|${l.week}`, l]));
  const data = pairs.flatMap((p, y) =>
    weeks.flatMap((w, x) => {
      const l = loadAt.get(`${p.vendor}|${p.group}|${w}`);
      return l && (l.capacity > 0 || l.load > 0) ? [[x, y, pct(l.load, l.capacity)]] : [];
    }),
  );
  const rowLabel = (p: { vendor: string; group: string }) => `${vendorName(p.vendor)} · ${groupName(p.group)}`;
  const option = {
    tooltip: {
      formatter: (p: { data: number[] }) => {
        const pair = pairs[p.data[1]];
        const l = loadAt.get(`${pair.vendor}|${pair.group}|${weeks[p.data[0]]}`);
        return `${rowLabel(pair)}<br/>${weeks[p.data[0]]}<br/>${t('cap.load')}: ${fromUnits(l?.load ?? 0)}<br/>${t('cap.capacity')}: ${fromUnits(l?.capacity ?? 0)}<br/>${p.data[2]}%`;
      },
    },
    grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
    xAxis: { type: 'category', data: weeks, splitArea: { show: true }, axisLabel: { rotate: 45 } },
    yAxis: { type: 'category', data: pairs.map(rowLabel), splitArea: { show: true }, axisLabel: { width: 140, overflow: 'truncate' } },
    visualMap: {
      type: 'piecewise',
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      dimension: 2,
      pieces: [
        { min: 0, max: 80, color: '#b7eb8f', label: '≤ 80%' },
        { min: 80, max: 100, color: '#ffe58f', label: '80–100%' },
        { gt: 100, color: OVER, label: `> 100% ${t('cap.over')}` },
      ],
    },
    series: [{ type: 'heatmap', data, label: { show: true, formatter: (p: { data: number[] }) => `${p.data[2]}` }, emphasis: { itemStyle: { borderColor: '#000', borderWidth: 1 } } }],
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} align="center">
        <StateTag kind="version" value={ws.version.status} />
        <Statistic title={t('cap.objective')} value={evaluation.objective} precision={1} valueStyle={{ fontSize: 16 }} />
        <Statistic title={t('cap.overCells')} value={evaluation.over.length} valueStyle={{ fontSize: 16, color: evaluation.over.length ? OVER : undefined }} />
        <Statistic title={t('cap.brokenShares')} value={evaluation.shares.filter((s) => s.broken).length} valueStyle={{ fontSize: 16 }} />
        {draft ? (
          <>
            <Popconfirm title={t('cap.runConfirm')} onConfirm={() => run.mutate({ id: ws.version.id, version: ws.version.version })}>
              <Button loading={run.isPending} data-testid="run-allocation">
                {t('cap.run')}
              </Button>
            </Popconfirm>
            <Popconfirm title={t('cap.publishConfirm')} onConfirm={() => publish.mutate({ id: ws.version.id, version: ws.version.version })}>
              <Button type="primary" loading={publish.isPending} data-testid="publish-version">
                {t('cap.publish')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
      {run.data?.run && run.data.version.id === ws.version.id && run.data.run.breaches.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="run-breaches"
          message={t('cap.breaches')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {run.data.run.breaches.map((b, i) => (
                <li key={i}>{b.message}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Shortages ws={ws} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear style={{ minWidth: 160 }} placeholder={t('cap.allGroups')} value={group} onChange={setGroup} options={ws.groups.map((g) => ({ value: g.id, label: g.name }))} data-testid="group-filter" />
        <Select allowClear style={{ minWidth: 160 }} placeholder={t('cap.allVendors')} value={vendor} onChange={setVendor} options={ws.vendors.map((v) => ({ value: v.id, label: v.name }))} />
        <Space>
          <Switch checked={onlyOver} onChange={setOnlyOver} size="small" />
          {t('cap.onlyOver')}
        </Space>
      </Space>
      {data.length ? (
        // On a narrow screen the map keeps readable cells and scrolls sideways inside the card; the
        // region takes focus so a keyboard user scrolls it with the arrow keys.
        <div data-testid="heatmap" role="region" tabIndex={0} aria-label={t('cap.heatmapRegion')} style={{ overflowX: 'auto' }}>
          <div style={{ minWidth: weeks.length * 48 + 170 }}>
            <ReactEChartsCore
            echarts={echarts}
            option={option}
            notMerge
            style={{ height: Math.max(180, pairs.length * 36 + 110), width: '100%' }}
              onEvents={{ click: (p: { data: number[] }) => setCell({ vendor: pairs[p.data[1]].vendor, group: pairs[p.data[1]].group, week: weeks[p.data[0]] }) }}
            />
          </div>
        </div>
      ) : (
        <Empty description={t('cap.noData')} />
      )}
      {/* Cells as buttons too: keyboard users, small screens and tests reach the drill-down without the canvas. */}
      <Space wrap size={4} style={{ marginTop: 8 }} data-testid="cell-buttons">
        {pairs.flatMap((p) =>
          weeks.flatMap((w) => {
            const l = loadAt.get(`${p.vendor}|${p.group}|${w}`);
            if (!l || l.load === 0) return [];
            const over = l.load > l.capacity;
            return [
              <Tag
                key={`${p.vendor}|${p.group}|${w}`}
                color={over ? 'red' : 'default'}
                style={{ cursor: 'pointer' }}
                role="button"
                tabIndex={0}
                data-testid="board-cell"
                data-cell={`${vendorName(p.vendor)}|${groupName(p.group)}|${w}`}
                onClick={() => setCell({ ...p, week: w })}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  setCell({ ...p, week: w });
                }}
              >
                {`${vendorName(p.vendor)} · ${groupName(p.group)} · ${w}: ${pct(l.load, l.capacity)}%`}
              </Tag>,
            ];
          }),
        )}
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('cap.demand')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        scroll={{ x: 640 }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        dataSource={ws.demands}
        data-testid="demand-rows"
        columns={[
          { title: t('cap.demandNo'), dataIndex: 'demand_no' },
          { title: t('cap.style'), dataIndex: 'style_no' },
          { title: t('cap.group'), dataIndex: 'capacity_group_id', render: (g: string) => groupName(g) },
          { title: t('cap.qty'), dataIndex: 'quantity', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
          { title: t('cap.allocated'), dataIndex: 'allocated', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
          { title: t('cap.dueWeek'), dataIndex: 'due_week' },
          { title: t('cap.status'), dataIndex: 'status', render: (v: string) => <StateTag value={v} /> },
        ]}
      />
      <CellDrawer ws={ws} cell={cell} onClose={() => setCell(null)} draft={draft} vendorName={vendorName} groupName={groupName} />
    </>
  );
}

/** What the version leaves unallocated: a warning with the total, per group and week, and per line. */
function Shortages({ ws }: { ws: Workspace }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const total = ws.unallocated_total ?? 0;
  if (!ws.shortages || total === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="shortages"
      message={t('cap.shortage', { n: total.toLocaleString() })}
      description={
        <Table
          size="small"
          rowKey={(r) => `${r.group_code}|${r.week}|${r.demand_no}`}
          pagination={false}
          scroll={{ x: 480 }}
          dataSource={ws.shortages}
          data-testid="shortage-rows"
          columns={[
            { title: t('cap.group'), dataIndex: 'group_name' },
            { title: t('cap.demandNo'), dataIndex: 'demand_no' },
            { title: t('cap.dueWeek'), dataIndex: 'week' },
            { title: t('cap.qty'), dataIndex: 'quantity', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
            { title: t('cap.allocated'), dataIndex: 'allocated', align: 'right', render: (v: unknown) => n.qty(v, 'PCS') },
            { title: t('cap.unallocated'), dataIndex: 'unallocated', align: 'right', render: (v: number) => <Typography.Text type="danger">{n.qty(v, 'PCS')}</Typography.Text> },
          ]}
          summary={() =>
            (ws.shortage_by_group_week ?? []).length > 1 ? (
              <>
                {(ws.shortage_by_group_week ?? []).map((g) => (
                  <Table.Summary.Row key={`${g.group_code}|${g.week}`}>
                    <Table.Summary.Cell index={0}>{g.group_name}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1}>{t('cap.total')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={2}>{g.week}</Table.Summary.Cell>
                    <Table.Summary.Cell index={3} colSpan={3} align="right">
                      <Typography.Text type="danger">{g.unallocated}</Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ))}
              </>
            ) : null
          }
        />
      }
    />
  );
}

function CellDrawer({
  ws,
  cell,
  onClose,
  draft,
  vendorName,
  groupName,
}: {
  ws: Workspace;
  cell: CellKey | null;
  onClose: () => void;
  draft: boolean;
  vendorName: (id: string) => string;
  groupName: (id: string) => string;
}) {
  const { t } = useTranslation();
  const n = useNumbers();
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const [adding, setAdding] = useState<string | undefined>();
  const save = useCapAction('demand-allocation/cell');
  const lines = cell ? ws.lines.filter((l) => l.vendor_id === cell.vendor && l.capacity_group_id === cell.group && l.week === cell.week) : [];
  const rows: Doc[] = [...lines.map((l) => ({ key: l.demand_id, ...l })), ...(adding && !lines.some((l) => l.demand_id === adding) ? [{ key: adding, demand_id: adding, qty: 0, added: true, ...ws.demands.find((d) => d.id === adding) }] : [])];
  // The effect of the typed quantities, before saving: this cell's load and the version's value.
  const preview = useMemo(() => {
    if (!cell) return null;
    const base = cellsOf(ws.lines).filter((c) => !(c.vendor === cell.vendor && c.week === cell.week && edits[c.demand] !== undefined && rows.some((r) => r.demand_id === c.demand)));
    const changed = Object.entries(edits).flatMap(([demand, qty]) => (qty ? [{ demand, vendor: cell.vendor, week: cell.week, qty }] : []));
    const before = evaluateAllocation(ws.input, cellsOf(ws.lines));
    const after = evaluateAllocation(ws.input, [...base, ...changed]);
    const l = after.loads.find((x) => x.vendor === cell.vendor && x.group === cell.group && x.week === cell.week);
    return { load: pct(l?.load ?? 0, l?.capacity ?? 0), objective: after.objective, delta: after.objective - before.objective, over: (l?.load ?? 0) > (l?.capacity ?? 0) };
  }, [cell, edits, ws]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setEdits({});
    setAdding(undefined);
    onClose();
  };
  const demandsOfGroup = cell ? ws.demands.filter((d) => d.capacity_group_id === cell.group && !lines.some((l) => l.demand_id === d.id)) : [];
  return (
    <Drawer
      open={Boolean(cell)}
      onClose={close}
      width="min(640px, 100vw)"
      title={cell ? t('cap.cell', { vendor: vendorName(cell.vendor), group: groupName(cell.group), week: cell.week }) : ''}
      data-testid="cell-drawer"
    >
      {!draft ? <Alert type="info" showIcon message={t('cap.draftReadOnly')} style={{ marginBottom: 12 }} /> : null}
      {preview ? (
        <Alert
          type={preview.over ? 'error' : 'success'}
          style={{ marginBottom: 12 }}
          data-testid="cell-preview"
          message={t('cap.preview', { load: preview.load, objective: preview.objective.toFixed(1), delta: `${preview.delta >= 0 ? '+' : ''}${preview.delta.toFixed(1)}` })}
        />
      ) : null}
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: 520 }}
        dataSource={rows}
        columns={[
          { title: t('cap.demandNo'), dataIndex: 'demand_no' },
          { title: t('cap.style'), dataIndex: 'style_no' },
          { title: t('cap.dueWeek'), dataIndex: 'due_week' },
          {
            title: t('cap.qty'),
            key: 'qty',
            render: (_: unknown, r: Doc) =>
              draft ? (
                <Space>
                  <InputNumber
                    min={0}
                    precision={0}
                    addonAfter={n.unit('PCS')}
                    style={{ width: 150 }}
                    value={edits[r.demand_id] !== undefined ? edits[r.demand_id] : r.qty}
                    onChange={(v) => setEdits((e) => ({ ...e, [r.demand_id]: v === null ? 0 : Number(v) }))}
                    data-testid="cell-qty"
                  />
                  <Button
                    size="small"
                    type="primary"
                    disabled={edits[r.demand_id] === undefined}
                    loading={save.isPending}
                    data-testid="cell-save"
                    onClick={() =>
                      save.mutate(
                        { id: ws.version.id, version: ws.version.version, demand_id: r.demand_id, vendor_id: cell!.vendor, week: cell!.week, qty: edits[r.demand_id] ?? 0 },
                        { onSuccess: () => setEdits((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== r.demand_id))) },
                      )
                    }
                  >
                    {t('cap.save')}
                  </Button>
                </Space>
              ) : (
                n.qty(r.qty, 'PCS')
              ),
          },
          { title: t('cap.status'), dataIndex: 'status', render: (v: string, r: Doc) => (r.added ? null : <StateTag value={v} />) },
          {
            title: t('cap.flag'),
            key: 'f',
            render: (_: unknown, r: Doc) => (
              <Space size={2}>
                {r.over_capacity ? <Tag color="red">{t('cap.over')}</Tag> : null}
                {r.manual ? <Tag>{t('cap.manual')}</Tag> : null}
              </Space>
            ),
          },
        ]}
      />
      {draft && demandsOfGroup.length ? (
        <Select
          style={{ marginTop: 12, width: '100%' }}
          placeholder={t('cap.addDemand')}
          value={adding}
          onChange={setAdding}
          options={demandsOfGroup.map((d) => ({ value: d.id, label: `${d.demand_no} · ${d.style_no} · ${d.due_week}` }))}
        />
      ) : null}
    </Drawer>
  );
}

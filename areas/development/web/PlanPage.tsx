// /dev/page/node-following?id= : the T&A plan's form (record actual dates; the server re-projects
// every dependent node and alerts the owners of nodes now at risk) and a Gantt of plan against
// projection/actuals. frappe-gantt is loaded only here (a lazy import), never with the app shell.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Segmented, Select, Space, Typography } from 'antd';
import { useApiQuery, DocumentScreen, type TemplateProps, useLang } from '@seamline/web/engine';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays } from '../meta/tna';
import { usePlmAction, usePlmLive, usePlmQuery, type Doc } from './api';
import './register-messages';
import './development.css';

export default function PlanPage(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {id ? null : <ApplyConfig />}
      <DocumentScreen {...props} />
      {id ? <PlanGantt key={id} id={id} /> : null}
    </Space>
  );
}

/** Two bars per node: the plan (grey) and the projection or actual (coloured by state). */
export function ganttTasks(nodes: Doc[], lang: 'en' | 'zh') {
  const tasks = [];
  for (const n of nodes) {
    if (!n.planned_date) continue;
    const label = `${n.node_code} ${n.node_name ?? ''}`.trim();
    const deps = String(n.depends_on ?? '').split(/[,;\s]+/).filter(Boolean).map((d) => `p-${d}`);
    tasks.push({ id: `p-${n.node_code}`, name: `${label} · ${lang === 'en' ? 'plan' : '计划'}`, start: addDays(n.planned_date, -1), end: n.planned_date, progress: 0, dependencies: deps.join(', '), custom_class: 'plm-planned' });
    const at = n.actual_date ?? n.projected_date;
    if (at) {
      const state = n.actual_date ? (n.state === 'late' ? 'late' : 'done') : n.state === 'planned' ? 'on_plan' : n.state;
      tasks.push({ id: `a-${n.node_code}`, name: `${label} · ${n.actual_date ? (lang === 'en' ? 'actual' : '实际') : lang === 'en' ? 'projected' : '预计'}`, start: addDays(at, -1), end: at, progress: 0, custom_class: `plm-${state}` });
    }
  }
  return tasks;
}

function PlanGantt({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const plan = usePlmQuery<Doc>('node-following/view', { id }, true, 'node-following');
  const qc = useQueryClient();
  // Another user's change to this plan (an alert names it): refresh the form and the chart.
  usePlmLive(id, () => void qc.invalidateQueries({ queryKey: ['engine', 'node-following'] }));
  const host = useRef<HTMLDivElement>(null);
  const nodes: Doc[] = plan.data?.nodes ?? [];
  const key = JSON.stringify(nodes.map((n) => [n.node_code, n.planned_date, n.projected_date, n.actual_date, n.state]));
  useEffect(() => {
    let cancelled = false;
    const tasks = ganttTasks(nodes, lang);
    if (!host.current || !tasks.length) return;
    void Promise.all([import('frappe-gantt'), import('../../../node_modules/frappe-gantt/dist/frappe-gantt.css') /* the package exports no CSS subpath */]).then(([mod]) => {
      if (cancelled || !host.current) return;
      host.current.innerHTML = '';
      const Gantt = (mod as unknown as { default: new (el: HTMLElement, tasks: unknown[], opts: Record<string, unknown>) => unknown }).default;
      new Gantt(host.current, tasks, { view_mode: 'Day', readonly: true, language: lang === 'en' ? 'en' : 'zh', bar_height: 18, padding: 12, popup_on: 'hover', infinite_padding: false, today_button: false, view_mode_select: false });
    });
    return () => {
      cancelled = true;
    };
  }, [key, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Card title={t('plm.gantt')} extra={<Typography.Text type="secondary">{t('plm.ganttLegend')}</Typography.Text>} data-testid="tna-gantt">
      <div ref={host} className="plm-gantt" />
    </Card>
  );
}

/** A new plan from a follow-node config: for a tracked PO, or for a customer order of the orders area. */
function ApplyConfig() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<'po' | 'customer'>('po');
  const [config, setConfig] = useState<string>();
  const [order, setOrder] = useState<string>();
  const page = { p: JSON.stringify({ page: 1, size: 100 }) };
  const configs = usePlmQuery<{ rows: Doc[] }>('follow-node-config/page-list', page);
  const pos = usePlmQuery<{ rows: Doc[] }>('po-tracking/page-list', page, kind === 'po');
  const customerOrders = useApiQuery<{ rows: Doc[] }>('scmapi/customer-order/page-list', page, { enabled: kind === 'customer', notify: false });
  const apply = usePlmAction('node-following/apply');
  const options = kind === 'po' ? (pos.data?.rows ?? []).map((r) => ({ value: r.id, label: r.po_no })) : (customerOrders.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.buyer_name ?? ''}` }));
  return (
    <Card size="small" title={t('plm.applyConfig')} data-testid="apply-card">
      <Space wrap>
        <Select style={{ minWidth: 220 }} value={config} onChange={setConfig} placeholder={t('plm.applyConfig')} options={(configs.data?.rows ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))} />
        <Segmented
          value={kind}
          onChange={(v) => {
            setKind(v as 'po' | 'customer');
            setOrder(undefined);
          }}
          options={[
            { value: 'po', label: t('plm.trackedPo') },
            { value: 'customer', label: t('plm.customerOrder') },
          ]}
        />
        <Select style={{ minWidth: 220 }} value={order} onChange={setOrder} showSearch optionFilterProp="label" options={options} />
        <Button
          type="primary"
          disabled={!config || !order}
          loading={apply.isPending}
          onClick={() =>
            void apply
              .mutateAsync({ config_id: config, ...(kind === 'po' ? { po_id: order } : { customer_order_id: order }) })
              .then((r) => navigate(`/dev/page/node-following?id=${r.id}`))
          }
        >
          {t('plm.apply')}
        </Button>
      </Space>
    </Card>
  );
}

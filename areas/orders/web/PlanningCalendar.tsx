// /zp/prodmgm/calendarview/work-order: work orders per production line per day, two weeks at a
// time. A draft (pre-planned) or pending work order is dragged onto a line and day (POST
// scmapi/work-order/reschedule: it keeps its days and becomes a draft); a planned (locked) one
// does not move — the server refuses it too. Also reachable with the keyboard: a draft's menu
// moves it a day earlier or later. The load view (?view=load) shows per line and day the hours
// planned against the line's hours (server-computed, exact), over capacity in red.
import { LockOutlined, WarningFilled } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api, toastSuccess, useLang, useNumbers } from '@seamline/web/engine';
import { addDays, WO_STATUS, workOrderEntity, type DayLoad } from '../meta';
import { useOrdersQuery, useOrdersRefresh } from './api';
import './orders.css';

interface CalendarOrder {
  id: string;
  version: number;
  code: string;
  status: string;
  line: string | null;
  start: string | null;
  end: string | null;
  qty: string;
  completed: string | null;
  style: string | null;
  process: string | null;
  order_code: string | null;
}
interface CalendarData {
  lines: Array<{ id: string; code: string; name: string; status: string; plant: string | null }>;
  orders: CalendarOrder[];
  load: DayLoad[];
}

const DAYS = 14;
const movable = (o: CalendarOrder) => o.status === WO_STATUS.DRAFT || o.status === WO_STATUS.PENDING;

/** Monday of the week of a date ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return addDays(day, -((d.getUTCDay() + 6) % 7));
}

/** Hours as the language writes numbers (display only; the server's figures are exact). */
const hours = (v: string, lang: string) => new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 2 }).format(Number(v));

/** One line-day of the load view: planned of capacity hours, a bar, red with a warning when over. */
function LoadCell({ load, lang }: { load: DayLoad | undefined; lang: string }) {
  const { t } = useTranslation();
  if (!load) return null;
  const cap = Number(load.capacity);
  const share = cap > 0 ? Math.min(100, (100 * Number(load.planned)) / cap) : Number(load.planned) > 0 ? 100 : 0;
  const text = t('orders.load.cell', { planned: hours(load.planned, lang), capacity: hours(load.capacity, lang) });
  return (
    <div className={`ord-load${load.over ? ' ord-load-over' : ''}`} data-testid={`load-${load.day}`} data-over={load.over ? '1' : '0'} data-planned={load.planned} title={load.over ? `${text} · ${t('orders.load.over')}` : text}>
      <div className="ord-load-text">
        {load.over ? <WarningFilled aria-label={t('orders.load.over')} /> : null} {text}
      </div>
      <div className="ord-load-bar"><div style={{ width: `${share}%` }} /></div>
    </div>
  );
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export default function PlanningCalendar() {
  const { t } = useTranslation();
  const n = useNumbers();
  const lang = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const from = mondayOf(/^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : today());
  const to = addDays(from, DAYS - 1);
  const days = useMemo(() => Array.from({ length: DAYS }, (_, i) => addDays(from, i)), [from]);
  const data = useOrdersQuery<CalendarData>('work-order/calendar', { from, to });
  const refresh = useOrdersRefresh();
  const [over, setOver] = useState<string | null>(null);
  const statusOf = (s: string) => workOrderEntity.status!.values.find((v) => v.value === s);
  const view = params.get('view') === 'load' ? 'load' : 'orders';
  const go = (day: string) => setParams({ from: day, ...(view === 'load' ? { view } : {}) }, { replace: true });
  const loadOf = useMemo(() => new Map((data.data?.load ?? []).map((l) => [`${l.line}|${l.day}`, l])), [data.data]);
  const overDays = (data.data?.load ?? []).filter((l) => l.over).length;

  const move = async (o: CalendarOrder, line: string, day: string) => {
    if (!movable(o)) return;
    await api.post('scmapi/work-order/reschedule', { DATA: JSON.stringify({ id: o.id, version: o.version, planned_start: day, production_line_id: line }) });
    toastSuccess(t('orders.calendar.moved', { code: o.code, day }));
    await refresh('work-order');
  };
  const byId = new Map((data.data?.orders ?? []).map((o) => [o.id, o]));
  const drop = (line: string, day: string) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const o = byId.get(e.dataTransfer.getData('text/plain'));
    if (o) void move(o, line, day);
  };

  const chip = (o: CalendarOrder, compact = false) => {
    const s = statusOf(o.status);
    return (
      <Tooltip key={o.id} title={`${o.code} · ${o.order_code ?? ''} · ${o.process ?? ''} · ${n.qty(o.qty, 'PCS')}${o.start ? ` · ${o.start} → ${o.end}` : ''}`}>
        <div
          className={`ord-chip ord-chip-${o.status.toLowerCase()}`}
          draggable={movable(o)}
          onDragStart={(e) => e.dataTransfer.setData('text/plain', o.id)}
          onDoubleClick={() => navigate(`/prodmgm/page/work-order?id=${o.id}`)}
          data-testid={`wo-chip-${o.code}`}
          data-status={o.status}
        >
          {/* The chip names its order (customer order, else the work order) and its process. */}
          <span className="ord-chip-code" data-testid={`wo-chip-order-${o.code}`}>
            {!movable(o) && <LockOutlined aria-label={t('orders.calendar.locked')} />} {o.order_code ?? o.code}
          </span>
          <span className="ord-chip-process">{compact ? o.process ?? o.code : `${o.code} ${o.process ?? ''}`}</span>
          {!compact && s && <Tag color={s.color} style={{ marginInlineStart: 4 }}>{lang === 'en' ? s.label.en : s.label.zh}</Tag>}
        </div>
      </Tooltip>
    );
  };

  const pending = (data.data?.orders ?? []).filter((o) => o.status === WO_STATUS.PENDING || !o.start);
  return (
    <Card data-testid="planning-calendar" title={t('orders.calendar.title')} extra={<Button type="link" onClick={() => navigate('/zp/prodmgm/index/work-order')}>{t('orders.calendar.list')}</Button>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => go(addDays(from, -7))} data-testid="cal-prev">{t('orders.calendar.prev')}</Button>
        <Button onClick={() => go(mondayOf(today()))}>{t('orders.calendar.today')}</Button>
        <Button onClick={() => go(addDays(from, 7))} data-testid="cal-next">{t('orders.calendar.next')}</Button>
        <Typography.Text strong data-testid="cal-range">{from} → {to}</Typography.Text>
        <Segmented
          data-testid="cal-view"
          value={view}
          onChange={(v) => setParams({ from, ...(v === 'load' ? { view: 'load' } : {}) }, { replace: true })}
          options={[
            { value: 'orders', label: t('orders.load.ordersView') },
            { value: 'load', label: t('orders.load.view') },
          ]}
        />
      </Space>
      {view === 'load' ? (
        <Alert
          type={overDays > 0 ? 'warning' : 'info'}
          showIcon
          data-testid="load-summary"
          message={overDays > 0 ? t('orders.load.overSummary', { n: overDays }) : t('orders.load.hint')}
          style={{ marginBottom: 12 }}
        />
      ) : (
        <>
          <Alert type="info" showIcon message={t('orders.calendar.hint')} style={{ marginBottom: 12 }} />
          <div className="ord-pending" data-testid="cal-pending">
            <Typography.Text type="secondary">{t('orders.calendar.pending')}:</Typography.Text>
            {pending.length === 0 ? <Typography.Text type="secondary"> {t('orders.calendar.noPending')}</Typography.Text> : pending.map((o) => chip(o))}
          </div>
        </>
      )}
      {data.data && data.data.lines.length === 0 ? (
        <Empty />
      ) : (
        <div className="ord-cal-scroll">
          <table className={`ord-cal${view === 'load' ? ' ord-cal-loadview' : ''}`} data-testid={view === 'load' ? 'load-grid' : 'cal-grid'}>
            <thead>
              <tr>
                <th className="ord-cal-line">{t('orders.calendar.line')}</th>
                {days.map((d) => (
                  <th key={d} className={d === today() ? 'ord-cal-today' : undefined}>
                    {d.slice(5)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(data.data?.lines ?? []).map((line) => (
                <tr key={line.id}>
                  <th className="ord-cal-line">
                    <div>{line.name}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>{line.code}</Typography.Text>
                  </th>
                  {days.map((d) => {
                    const cell = `${line.id}|${d}`;
                    if (view === 'load') {
                      return (
                        <td key={d} data-testid={`load-cell-${line.code}-${d}`}>
                          <LoadCell load={loadOf.get(cell)} lang={lang} />
                        </td>
                      );
                    }
                    const here = (data.data?.orders ?? []).filter((o) => o.line === line.id && o.start && o.start <= d && (o.end ?? o.start) >= d);
                    return (
                      <td
                        key={d}
                        className={over === cell ? 'ord-cal-over' : undefined}
                        onDragOver={(e) => { e.preventDefault(); setOver(cell); }}
                        onDragLeave={() => setOver((c) => (c === cell ? null : c))}
                        onDrop={drop(line.id, d)}
                        data-testid={`cal-cell-${line.code}-${d}`}
                      >
                        {here.map((o) => chip(o, true))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

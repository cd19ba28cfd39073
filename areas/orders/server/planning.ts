// Planning (spec §4 'Planning / work order'): a plan splits an accepted customer order into
// draft work orders per standard process of the plant (../meta/planning.ts), locks them, or is
// unlocked again; a work order moves on the calendar while it is a draft, is locked, activated
// on the floor and completed. The calendar reads the lines and work orders of a date range.
import { addDec, roundDec } from '@seamline/core';
import {
  R, S,
  and, asc, conflict, dataObject, eq, forbidden, isUuid, notFound, gte, inArray, isNull, lte, ne, notInArray, or, sql, type Api,
  type AuthedContext, type Tx, canWrite, loadActor, registryOf, saveContext, saveDocuments, type Registry, type Row,
} from '@seamline/server/api';
import { md_plant, md_process, md_production_line, md_production_line_capacity, md_workshop } from '../../masterdata/server/schema';
import {
  addDays,
  CO_STATUS,
  dailyLoad,
  daysBetween,
  hoursOn,
  periodsOn,
  OO_STATUS,
  PLAN_ACTIONS,
  PLAN_STATUS,
  planSteps,
  WO_STATUS,
  WORK_ORDER_ACTIONS,
  type CapacityPeriod,
  type PlanLine,
  type PlanProcess,
} from '../meta';
import { actionRoutes, lockVisible, refuse, viewShared, type ActionContext } from './actions';
import { ord_customer_order, ord_customer_order_lines, ord_outsourced_order, ord_production_plan, ord_work_order } from './schema';

const PLAN_MENU = ['PLAN_PLANNING', 'FACTORY_WORK_ORDER'];
const WO_MENU = ['FACTORY_WORK_ORDER', 'PLAN_PLANNING'];
const dateText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10));
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string => typeof v === 'string' && DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Standard processes of a plant: top-level processes of the plant or of every plant, with their steps. */
export async function standardProcesses(tx: Tx, clientId: string, plantId: string): Promise<PlanProcess[]> {
  const rows = await tx
    .select({ id: md_process.id, code: md_process.process_code, sequence: md_process.sequence, parent: md_process.parent_id, plant: md_process.plant_id })
    .from(md_process)
    .where(and(eq(md_process.client_id, clientId), or(eq(md_process.plant_id, plantId), isNull(md_process.plant_id))));
  return rows
    .filter((r) => !r.parent)
    .map((r) => ({
      id: String(r.id),
      code: String(r.code),
      sequence: Number(r.sequence ?? 0),
      stepCodes: rows.filter((c) => c.parent === r.id).map((c) => String(c.code)),
    }));
}

/**
 * Active lines of a plant with their capacity on a day (morning + afternoon hours, allowed
 * processes). A line whose capacity periods end before the day is planned on its last maintained
 * period rather than left out: capacity is often maintained late, and a plan on known hours is
 * more useful than none (docs/orders.md 'Decisions').
 */
export async function plantLines(tx: Tx, clientId: string, plantId: string, day: string): Promise<PlanLine[]> {
  const rows = await tx
    .select({
      id: md_production_line.id,
      code: md_production_line.code,
      from: md_production_line_capacity.valid_from,
      to: md_production_line_capacity.valid_to,
      morning: md_production_line_capacity.morning_hours,
      afternoon: md_production_line_capacity.afternoon_hours,
      allowed: md_production_line_capacity.allowed_processes,
    })
    .from(md_production_line)
    .innerJoin(md_workshop, eq(md_workshop.id, md_production_line.workshop_id))
    .innerJoin(md_production_line_capacity, eq(md_production_line_capacity.parent_id, md_production_line.id))
    .where(and(eq(md_production_line.client_id, clientId), eq(md_workshop.plant_id, plantId), eq(md_production_line.status, 'active')))
    .orderBy(asc(md_production_line.code));
  const lines: PlanLine[] = [];
  for (const id of [...new Set(rows.map((r) => String(r.id)))]) {
    const own = rows.filter((r) => String(r.id) === id).map((r) => ({ ...r, from: dateText(r.from), to: dateText(r.to) }));
    const line: PlanLine = { id, code: String(own[0].code), allowed: [], hoursPerDay: '0' };
    for (const r of periodsOn(own, day)) {
      line.allowed.push(...String(r.allowed ?? '').split(',').map((x) => x.trim()).filter(Boolean));
      line.hoursPerDay = addDec(line.hoursPerDay, String(r.morning ?? '0'), String(r.afternoon ?? '0'));
    }
    if (Number(line.hoursPerDay) > 0) lines.push(line);
  }
  return lines;
}

/** Plan: the accepted order's work orders, as drafts on the lines (ORD-13, ORD-19). */
async function planEffect(c: ActionContext): Promise<Row> {
  const me = c.actor.session.clientId;
  const plan = c.row;
  const [order] = await c.tx
    .select()
    .from(ord_customer_order)
    .where(and(eq(ord_customer_order.client_id, me), eq(ord_customer_order.id, String(plan.customer_order_id))));
  if (!order || order.status !== CO_STATUS.IN_PROGRESS) refuse('orders.orderNotAccepted');
  const processes = await standardProcesses(c.tx, me, String(plan.plant_id));
  const start = dateText(plan.start_date);
  const qty = String(order.total_qty ?? '0');
  const steps = planSteps(processes, await plantLines(c.tx, me, String(plan.plant_id), start), qty, start);
  if (!steps) refuse('orders.noStandardProcess');
  const lines = await c.tx
    .select({ style: ord_customer_order_lines.style_code, colour: ord_customer_order_lines.colour, size: ord_customer_order_lines.size, qty: ord_customer_order_lines.qty })
    .from(ord_customer_order_lines)
    .where(eq(ord_customer_order_lines.parent_id, String(order.id)))
    .orderBy(asc(ord_customer_order_lines.seq));
  const sizes = new Map<string, { colour: string; size: string; qty: string }>();
  for (const l of lines) {
    const k = `${l.colour}\u0000${l.size}`;
    const s = sizes.get(k) ?? { colour: String(l.colour), size: String(l.size), qty: '0' };
    s.qty = addDec(s.qty, String(l.qty));
    sizes.set(k, s);
  }
  const styles = [...new Set(lines.map((l) => String(l.style)))];
  const reg = c.registry.get('work-order')!;
  const docs = steps.map((s, i) => ({
    code: `${plan.code}-${String(i + 1).padStart(2, '0')}`,
    plan_id: plan.id,
    customer_order_id: order.id,
    style_code: styles.join(',').slice(0, 64) || null,
    plant_id: plan.plant_id,
    production_line_id: s.line?.id ?? null,
    process_id: s.process.id,
    sequence: i + 1,
    qty,
    planned_start: s.line ? s.start : null,
    planned_end: s.line ? s.end : null,
    status: s.line ? WO_STATUS.DRAFT : WO_STATUS.PENDING,
    completed_qty: '0',
    progress: '0',
    sizes: [...sizes.values()].map((z) => ({ ...z, qty: roundDec(z.qty, 4) })),
  }));
  await saveDocuments(c.tx, reg, docs, { ...saveContext(c.registry, c.actor), trustReadOnly: true });
  const end = steps.map((s) => s.end).sort().at(-1)!;
  return { qty: roundDec(qty, 4), end_date: end };
}

/** Lock: the plan is accepted, its draft work orders become planned (locked; ORD-09). */
async function lockPlanEffect(c: ActionContext): Promise<void> {
  await c.tx
    .update(ord_work_order)
    .set({ status: WO_STATUS.PLANNED, version: sql`${ord_work_order.version} + 1`, updated_by: c.actor.session.userId, updated_at: sql`now()` } as never)
    .where(and(eq(ord_work_order.client_id, c.actor.session.clientId), eq(ord_work_order.plan_id, String(c.row.id)), eq(ord_work_order.status, WO_STATUS.DRAFT)));
}

/**
 * Unlock (ORD-10, 11, 14, 15): refused while an outsourced order of the plan is submitted or a
 * work order is activated; otherwise the plan's work orders (its drafts) and its unsubmitted
 * outsourced drafts are removed and the plan waits to be planned again.
 */
async function unlockPlanEffect(c: ActionContext): Promise<Row> {
  const me = c.actor.session.clientId;
  const planId = String(c.row.id);
  const [submitted] = await c.tx
    .select({ id: ord_outsourced_order.id })
    .from(ord_outsourced_order)
    .where(and(eq(ord_outsourced_order.client_id, me), eq(ord_outsourced_order.plan_id, planId), ne(ord_outsourced_order.status, OO_STATUS.DRAFT)))
    .limit(1);
  if (submitted) refuse('orders.unlockSubmitted');
  const [active] = await c.tx
    .select({ id: ord_work_order.id })
    .from(ord_work_order)
    .where(and(eq(ord_work_order.client_id, me), eq(ord_work_order.plan_id, planId), inArray(ord_work_order.status, [WO_STATUS.ACTIVE, WO_STATUS.COMPLETED])))
    .limit(1);
  if (active) refuse('orders.woActivated');
  await c.tx.delete(ord_outsourced_order).where(and(eq(ord_outsourced_order.client_id, me), eq(ord_outsourced_order.plan_id, planId), eq(ord_outsourced_order.status, OO_STATUS.DRAFT)));
  await c.tx.delete(ord_work_order).where(and(eq(ord_work_order.client_id, me), eq(ord_work_order.plan_id, planId), notInArray(ord_work_order.status, [WO_STATUS.ACTIVE, WO_STATUS.COMPLETED])));
  return { end_date: null };
}

/** A work order is locked only with a line and its days. */
async function lockWorkOrder(c: ActionContext): Promise<void> {
  if (!c.row.production_line_id || !c.row.planned_start || !c.row.planned_end) refuse('orders.woNotScheduled');
}

/** Unlocking a work order deletes its draft: the line's days are freed, it waits for a plan (ORD-14). */
async function unlockWorkOrder(): Promise<Row> {
  return { planned_start: null, planned_end: null };
}

/** Today as a day ('YYYY-MM-DD', UTC): nothing is placed before it. */
export const todayDay = (): string => new Date().toISOString().slice(0, 10);

/**
 * The rules a placement on the calendar must keep (issue 23), each refused with its own message:
 * the line makes the work order's process (its work-line capacity that day allows the process or
 * one of its steps), the line has hours that day, the day is not in the past nor before the plan
 * starts, and the step does not start before the previous step of its plan nor after the next one.
 */
async function checkPlacement(tx: Tx, me: string, row: Row, line: { id: string; code: string }, day: string): Promise<void> {
  if (day < todayDay()) refuse('orders.placePast', { day });
  if (row.plan_id) {
    const [plan] = await tx
      .select({ start: ord_production_plan.start_date })
      .from(ord_production_plan)
      .where(and(eq(ord_production_plan.client_id, me), eq(ord_production_plan.id, String(row.plan_id))));
    const start = plan?.start ? dateText(plan.start) : null;
    if (start && day < start) refuse('orders.placeBeforePlan', { start });
  }
  const periods = await tx
    .select({ from: md_production_line_capacity.valid_from, to: md_production_line_capacity.valid_to, morning: md_production_line_capacity.morning_hours, afternoon: md_production_line_capacity.afternoon_hours, allowed: md_production_line_capacity.allowed_processes })
    .from(md_production_line_capacity)
    .where(and(eq(md_production_line_capacity.client_id, me), eq(md_production_line_capacity.parent_id, line.id)));
  const valid = periodsOn(periods.map((p) => ({ ...p, from: dateText(p.from), to: dateText(p.to) })), day);
  const hours = addDec('0', ...valid.map((p) => addDec(String(p.morning ?? '0'), String(p.afternoon ?? '0'))));
  if (!(Number(hours) > 0)) refuse('orders.placeNoHours', { line: line.code, day });
  if (row.process_id) {
    const procs = await tx
      .select({ id: md_process.id, code: md_process.process_code, name: md_process.name, parent: md_process.parent_id })
      .from(md_process)
      .where(and(eq(md_process.client_id, me), or(eq(md_process.id, String(row.process_id)), eq(md_process.parent_id, String(row.process_id)))));
    const own = procs.find((p) => String(p.id) === String(row.process_id));
    const wanted = new Set(procs.map((p) => String(p.code)));
    const allowed = [...new Set(valid.flatMap((p) => String(p.allowed ?? '').split(',').map((x) => x.trim()).filter(Boolean)))];
    if (own && !allowed.some((c) => wanted.has(c))) {
      refuse('orders.placeWrongLine', { line: line.code, process: `${own.code} ${own.name ?? ''}`.trim(), allowed: allowed.join(', ') || '—' });
    }
  }
  if (row.plan_id && row.sequence != null) {
    const seq = Number(row.sequence);
    const siblings = await tx
      .select({ code: ord_work_order.code, sequence: ord_work_order.sequence, start: ord_work_order.planned_start })
      .from(ord_work_order)
      .where(and(eq(ord_work_order.client_id, me), eq(ord_work_order.plan_id, String(row.plan_id)), ne(ord_work_order.id, String(row.id))));
    const placed = siblings.filter((s) => s.start && s.sequence != null).map((s) => ({ code: String(s.code), seq: Number(s.sequence), start: dateText(s.start) }));
    const prev = placed.filter((s) => s.seq < seq).sort((a, b) => b.seq - a.seq)[0];
    if (prev && day < prev.start) refuse('orders.placeBeforePrevious', { code: String(row.code), prev: prev.code, day: prev.start });
    const next = placed.filter((s) => s.seq > seq).sort((a, b) => a.seq - b.seq)[0];
    if (next && day > next.start) refuse('orders.placeAfterNext', { code: String(row.code), next: next.code, day: next.start });
  }
}

/**
 * Moves a work order on the calendar: a pending or draft one to a day (and line); it is then a
 * draft with the same number of days. A locked (planned) or later one does not move.
 */
async function reschedule(tx: Tx, ctx: AuthedContext, registry: Registry): Promise<Row> {
  const reg = registry.get('work-order')!;
  const data = dataObject(ctx.body);
  const row = await lockVisible(tx, reg, data.id);
  if (row.client_id !== ctx.session.clientId) throw notFound();
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  if (!canWrite(reg.def, actor)) throw forbidden();
  if (Number(data.version) !== Number(row.version)) throw conflict();
  if (row.status !== WO_STATUS.PENDING && row.status !== WO_STATUS.DRAFT) refuse('orders.woLocked');
  if (!isDate(data.planned_start)) refuse('orders.dateInvalid');
  const lineId = data.production_line_id ?? row.production_line_id;
  if (!lineId) refuse('orders.woNotScheduled');
  if (!isUuid(lineId)) refuse('orders.lineUnknown');
  const [line] = await tx
    .select({ id: md_production_line.id, code: md_production_line.code })
    .from(md_production_line)
    .where(and(eq(md_production_line.client_id, ctx.session.clientId), eq(md_production_line.id, String(lineId))));
  if (!line) refuse('orders.lineUnknown');
  await checkPlacement(tx, ctx.session.clientId, row, { id: String(line.id), code: String(line.code) }, data.planned_start);
  const span = row.planned_start && row.planned_end ? daysBetween(dateText(row.planned_start), dateText(row.planned_end)) : 0;
  const t = reg.tables.main;
  await tx
    .update(t)
    .set({
      planned_start: data.planned_start,
      planned_end: addDays(data.planned_start, span),
      production_line_id: line.id,
      status: WO_STATUS.DRAFT,
      version: sql`${t.version} + 1`,
      updated_by: ctx.session.userId,
      updated_at: sql`now()`,
    } as never)
    .where(eq(t.id, String(row.id)));
  const [after] = (await tx.select().from(t).where(eq(t.id, String(row.id)))) as Row[];
  return viewShared(tx, registry, reg, after);
}

/** Work-line capacity periods of the company's lines (morning + afternoon hours), by line. */
async function capacityPeriods(tx: Tx, clientId: string): Promise<Map<string, CapacityPeriod[]>> {
  const rows = await tx
    .select({ line: md_production_line_capacity.parent_id, from: md_production_line_capacity.valid_from, to: md_production_line_capacity.valid_to, morning: md_production_line_capacity.morning_hours, afternoon: md_production_line_capacity.afternoon_hours })
    .from(md_production_line_capacity)
    .where(eq(md_production_line_capacity.client_id, clientId));
  const byLine = new Map<string, CapacityPeriod[]>();
  for (const r of rows) {
    const list = byLine.get(String(r.line)) ?? [];
    list.push({ from: dateText(r.from), to: dateText(r.to), hours: addDec(String(r.morning ?? '0'), String(r.afternoon ?? '0')) });
    byLine.set(String(r.line), list);
  }
  return byLine;
}

/** The calendar (/zp/{cata}/calendarview/work-order): lines of the company and work orders of a range. */
async function calendar(tx: Tx, ctx: AuthedContext) {
  const me = ctx.session.clientId;
  const from = isDate(ctx.query.from) ? ctx.query.from : null;
  const to = isDate(ctx.query.to) ? ctx.query.to : null;
  if (!from || !to || daysBetween(from, to) < 0 || daysBetween(from, to) > 62) refuse('orders.rangeInvalid');
  const lines = await tx
    .select({ id: md_production_line.id, code: md_production_line.code, name: md_production_line.name, status: md_production_line.status, plant: md_plant.name })
    .from(md_production_line)
    .leftJoin(md_workshop, eq(md_workshop.id, md_production_line.workshop_id))
    .leftJoin(md_plant, eq(md_plant.id, md_workshop.plant_id))
    .where(eq(md_production_line.client_id, me))
    .orderBy(asc(md_production_line.code));
  const orders = await tx
    .select({
      id: ord_work_order.id,
      version: ord_work_order.version,
      code: ord_work_order.code,
      status: ord_work_order.status,
      line: ord_work_order.production_line_id,
      start: ord_work_order.planned_start,
      end: ord_work_order.planned_end,
      qty: ord_work_order.qty,
      completed: ord_work_order.completed_qty,
      style: ord_work_order.style_code,
      process: md_process.name,
      order_code: ord_customer_order.code,
    })
    .from(ord_work_order)
    .leftJoin(md_process, eq(md_process.id, ord_work_order.process_id))
    .leftJoin(ord_customer_order, eq(ord_customer_order.id, ord_work_order.customer_order_id))
    .where(
      and(
        eq(ord_work_order.client_id, me),
        or(
          eq(ord_work_order.status, WO_STATUS.PENDING),
          and(lte(ord_work_order.planned_start, to), gte(ord_work_order.planned_end, from)),
        ),
      ),
    )
    .orderBy(asc(ord_work_order.planned_start), asc(ord_work_order.code))
    .limit(500);
  const shown = orders.map((o) => ({ ...o, start: o.start ? dateText(o.start) : null, end: o.end ? dateText(o.end) : null }));
  const periods = await capacityPeriods(tx, me);
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
  return {
    from,
    to,
    lines: lines.map((l) => ({ id: l.id, code: l.code, name: l.name, status: l.status, plant: l.plant })),
    orders: shown,
    // Hours planned per line and day against the line's hours (the load view).
    load: dailyLoad(shown, lines.map((l) => String(l.id)), days, (line, day) => hoursOn(periods.get(line) ?? [], day)),
  };
}

/** The planning calendar's answer (issue 28: named, so the OpenAPI test checks the real answer). */
const CALENDAR = S.object(
  {
    from: S.date(),
    to: S.date(),
    lines: S.list(S.object({ id: S.uuid(), code: S.string(), name: S.string(), status: S.nullable(S.string()), plant: S.nullable(S.string()) }, ['id', 'code', 'name'])),
    orders: S.list(
      S.object(
        {
          id: S.uuid(), version: S.integer(), code: S.string(), status: S.string(), line: S.nullable(S.uuid('The production line, null while unplaced')),
          start: S.nullable(S.date()), end: S.nullable(S.date()), qty: S.decimal(), completed: S.nullable(S.decimal()),
          style: S.nullable(S.string()), process: S.nullable(S.string()), order_code: S.nullable(S.string('The customer order it serves')),
        },
        ['id', 'version', 'code', 'status', 'line', 'start', 'end', 'qty'],
      ),
    ),
    load: S.list(
      S.object(
        { line: S.uuid(), day: S.date(), planned: S.decimal('Hours planned'), capacity: S.decimal("The line's hours that day"), over: S.boolean() },
        ['line', 'day', 'planned', 'capacity', 'over'],
      ),
      'Hours per line and day (the load view)',
    ),
  },
  ['from', 'to', 'lines', 'orders', 'load'],
);

export function planningRoutes(api: Api): void {
  const registry = registryOf(api);
  actionRoutes(api, {
    entity: 'production-plan',
    table: PLAN_ACTIONS,
    menu: PLAN_MENU,
    effects: { plan: planEffect, lock: async (c) => void (await lockPlanEffect(c)), unlock: unlockPlanEffect },
  });
  actionRoutes(api, {
    entity: 'work-order',
    table: WORK_ORDER_ACTIONS,
    menu: WO_MENU,
    effects: { lock: async (c) => void (await lockWorkOrder(c)), unlock: unlockWorkOrder },
  });
  api.post('scmapi/work-order/reschedule', { params: ['id'], schema: R.onDoc('Move a work order to another line or start', { planned_start: S.date(), production_line_id: S.uuid() }), auth: true, menu: WO_MENU }, (ctx) => ctx.tenant((tx) => reschedule(tx, ctx, registry)));
  api.get('scmapi/work-order/calendar', { schema: R.get('Work orders by line and day', { query: { from: S.date(), to: S.date() }, response: CALENDAR }), auth: true, menu: WO_MENU }, (ctx) => ctx.tenant((tx) => calendar(tx, ctx)));
}

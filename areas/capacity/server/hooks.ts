// Capacity logic no definition can state (run by the engine in the save transaction):
// - vendor capacity (the supplier's row): the brand is resolved by name among the brands that list
//   the supplier as a vendor, the group among that brand's groups; minutes, free minutes and
//   pieces are computed (operators × minutes × days × efficiency); one row per brand/group/week
//   (rows without a brand are in-house figures nobody else reads);
// - vendor KPI: per vendor and period (several records of a period are its history); the evaluation score and the ticket deduction are
//   computed where the data exists (sourcing's confirmed supplier evaluation, the brand's
//   exception tickets with the vendor's company), the rest is entered; the KPI score follows;
// - allocation version: numbered by the server, immutable once published;
// - order allocation: only confirmed customer orders; the line's capacity that day (morning +
//   afternoon hours × 60 × active members) and its allowed processes bound it; an order still
//   awaiting acceptance may be planned, a cancelled or completed one not.
import { addDec, compareDec, divDec, mulDec, roundDec, subDec } from '@seamline/core';
import { sql, type Tx, type EntityHooks, type HookDocument, type SaveContext } from '@seamline/server/api';
import { capt } from '../meta/messages';
import { VERSION } from '../meta/fields';

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const value = (doc: HookDocument, field: string): unknown => (has(doc.write, field) ? doc.write[field] : doc.merged[field] ?? doc.existing?.[field]);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await tx.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function vendorCapacity(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const brands = await rows<{ id: string; name: string }>(tx, sql`select id, name from cap_my_brands()`);
  const seen = new Set<string>();
  const [me] = await rows<{ name: string }>(tx, sql`select name from client where id = ${ctx.clientId}`);
  for (const d of docs) {
    const given = text(value(d, 'brand')).trim();
    const brand = given ? brands.find((b) => b.name === given || (UUID_RE.test(given) && b.id === given.toLowerCase())) : { id: ctx.clientId, name: me?.name ?? '' };
    if (!brand) {
      d.error('brand', capt(ctx.lang, 'cap.unknownBrand', { brand: given }));
      continue;
    }
    d.write.brand = given ? brand.name : null;
    d.write.brand_client_id = brand.id;
    const code = text(value(d, 'group_code'));
    const week = text(value(d, 'week'));
    // In-house rows (no brand) are the company's own figures: no brand reads them, nothing to match.
    if (given) {
      const [group] = code ? await rows<{ name: string | null }>(tx, sql`select cap_brand_group(${brand.id}::uuid, ${code}) as name`) : [];
      if (code && !group?.name) d.error('group_code', capt(ctx.lang, 'cap.unknownGroup', { code }));
      else if (group?.name) d.write.group_name = group.name;
      const key = `${brand.id}|${code}|${week}`;
      const [clash] = await rows<{ id: string }>(
        tx,
        sql`select id from cap_vendor_capacity where client_id = ${ctx.clientId} and brand_client_id = ${brand.id} and group_code = ${code} and week = ${week} and id <> ${d.id} limit 1`,
      );
      if (clash || seen.has(key)) d.error('week', capt(ctx.lang, 'cap.duplicateWeek'));
      seen.add(key);
    }
    Object.assign(
      d.write,
      capacityFigures({
        operators: text(value(d, 'operators')),
        minutes_per_day: text(value(d, 'minutes_per_day')),
        work_days: text(value(d, 'work_days')),
        efficiency: text(value(d, 'efficiency')),
        booked_minutes: text(value(d, 'booked_minutes')),
        avg_smv: text(value(d, 'avg_smv')),
      }),
    );
  }
}

/** operators × minutes per day × days × efficiency, exact to 4 places; free = less booked; pieces at the average SMV. */
export function capacityFigures(f: Record<'operators' | 'minutes_per_day' | 'work_days' | 'efficiency' | 'booked_minutes' | 'avg_smv', string>) {
  const capacity = roundDec(divDec(mulDec(f.operators || '0', f.minutes_per_day || '0', f.work_days || '0', f.efficiency || '0'), '100', 8)) ?? '0.0000';
  const booked = f.booked_minutes || '0';
  const free = compareDec(capacity, booked) > 0 ? roundDec(subDec(capacity, booked))! : '0.0000';
  const pieces = f.avg_smv && compareDec(f.avg_smv, '0') > 0 ? Math.floor(Number(divDec(free, f.avg_smv, 4))) : null;
  return { capacity_minutes: capacity, free_minutes: free, capacity_pieces: pieces };
}

/** KPI score: weighted mean of the components present (on-time 30, quality 30, price 20, evaluation 20) less deductions, 0..100. */
export function kpiScore(doc: Record<string, unknown>): string | null {
  const parts: [string, string][] = [
    ['on_time_rate', '30'],
    ['quality_rate', '30'],
    ['price_score', '20'],
    ['eval_score', '20'],
  ];
  let sum = '0';
  let weight = '0';
  for (const [f, w] of parts) {
    const v = text(doc[f]);
    if (v === '') continue;
    sum = addDec(sum, mulDec(v, w));
    weight = addDec(weight, w);
  }
  if (compareDec(weight, '0') === 0) return null;
  const score = subDec(divDec(sum, weight, 8) ?? '0', text(doc.ticket_deduction) || '0');
  return roundDec(compareDec(score, '0') < 0 ? '0' : score);
}

/** Rough bounds of a period ('2026-10' or '2026-Q4') as [from, to) dates. */
function periodRange(period: string): [string, string] | null {
  const m = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  const fromMonth = m[2] ? Number(m[2]) : (Number(m[3]) - 1) * 3 + 1;
  const months = m[2] ? 1 : 3;
  const to = new Date(Date.UTC(year, fromMonth - 1 + months, 1)).toISOString().slice(0, 10);
  return [`${year}-${String(fromMonth).padStart(2, '0')}-01`, to];
}

/** Points off the KPI per exception ticket with a penalty in the period. */
export const TICKET_PENALTY_POINTS = 5;

/**
 * Figures another area draws for a vendor's KPI of a period (the quality area: first-pass yield,
 * defects per 100 pieces, inspections; QF-07). Registered by that area, so capacity imports none.
 * A figure named `quality_rate` replaces the entered quality rate.
 */
export type KpiSource = (
  tx: Tx,
  q: { clientId: string; vendorId: string; supplierClientId: string | null; from: string; to: string },
) => Promise<Record<string, string | number | null> | null>;
const kpiSources = new Map<string, KpiSource>();
export function registerKpiSource(name: string, source: KpiSource): void {
  kpiSources.set(name, source);
}

/** What the data says of a vendor's period: the computed fields, their names, the score. */
export async function kpiFigures(
  tx: Tx,
  clientId: string,
  vendorId: string,
  period: string,
  entered: (field: string) => unknown,
): Promise<Record<string, unknown>> {
  const write: Record<string, unknown> = {};
  const computed: string[] = [];
  // Sourcing's confirmed supplier evaluation of the same period (read only).
  const [evaluation] = await rows<{ total_score: string | null }>(
    tx,
    sql`select total_score from srm_supplier_eval where client_id = ${clientId} and vendor_id = ${vendorId}::uuid and period = ${period} and status = '20' order by eval_date desc nulls last limit 1`,
  );
  if (evaluation?.total_score !== undefined && evaluation.total_score !== null) {
    write.eval_score = roundDec(evaluation.total_score);
    computed.push('eval_score');
  }
  const range = periodRange(period);
  if (range) {
    // The brand's exception tickets with the vendor's platform company in the period.
    const [tickets] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from tk_ticket t join md_vendor v on v.client_id = t.client_id and v.supplier_client_id = t.counterpart_client_id::text
           where t.client_id = ${clientId} and v.id = ${vendorId}::uuid and t.created_at >= ${range[0]}::date and t.created_at < ${range[1]}::date
             and (coalesce(t.deduction_amount, 0) > 0 or coalesce(t.deduction_ratio, 0) > 0 or t.penalty_result is not null)`,
    );
    if (tickets && tickets.n > 0) {
      write.ticket_deduction = roundDec(String(Math.min(100, tickets.n * TICKET_PENALTY_POINTS)));
      computed.push('ticket_deduction');
    }
    const [vendor] = await rows<{ supplier_client_id: string | null }>(tx, sql`select supplier_client_id from md_vendor where id = ${vendorId}::uuid and client_id = ${clientId}`);
    for (const source of kpiSources.values()) {
      const figures = await source(tx, { clientId, vendorId, supplierClientId: vendor?.supplier_client_id ?? null, from: range[0], to: range[1] });
      for (const [field, v] of Object.entries(figures ?? {})) {
        if (v === null || v === undefined) continue;
        write[field] = v;
        computed.push(field);
      }
    }
  }
  write.computed = computed.join(',') || null;
  const merged: Record<string, unknown> = {};
  for (const f of ['on_time_rate', 'quality_rate', 'price_score', 'eval_score', 'ticket_deduction']) merged[f] = f in write ? write[f] : entered(f);
  write.total_score = kpiScore(merged);
  return write;
}

async function vendorKpi(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  // Several records of one period are kept as its history; the newest counts (allocation input).
  for (const d of docs) {
    const vendorId = text(value(d, 'vendor_id'));
    const period = text(value(d, 'period'));
    // A period the definition refuses (2026-13) is the field's error, not a failed query (issue 23).
    if (!UUID_RE.test(vendorId) || !period || d.errors.period || !periodRange(period)) continue;
    Object.assign(d.write, await kpiFigures(tx, ctx.clientId, vendorId, period, (f) => value(d, f)));
  }
}

/**
 * A fact of a day changed (an inspection finished): the brand's KPI records of that month (and its
 * quarter) for the vendor(s) that are this platform company are computed again, in the brand's tenant.
 */
export async function refreshVendorKpis(tx: Tx, clientId: string, supplierClientId: string, day: string): Promise<number> {
  const month = day.slice(0, 7);
  const quarter = `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
  const records = await rows<Record<string, unknown> & { id: string; vendor_id: string; period: string }>(
    tx,
    sql`select k.* from cap_vendor_kpi k join md_vendor v on v.id = k.vendor_id and v.client_id = k.client_id
         where k.client_id = ${clientId} and v.supplier_client_id = ${supplierClientId} and k.period in (${month}, ${quarter})`,
  );
  for (const r of records) {
    const w = await kpiFigures(tx, clientId, r.vendor_id, r.period, (f) => r[f]);
    await tx.execute(sql`update cap_vendor_kpi set eval_score = ${w.eval_score ?? r.eval_score ?? null}, ticket_deduction = ${w.ticket_deduction ?? r.ticket_deduction ?? null},
      quality_rate = ${w.quality_rate ?? r.quality_rate ?? null}, first_pass_yield = ${w.first_pass_yield ?? null}, defects_per_100 = ${w.defects_per_100 ?? null},
      inspections = ${w.inspections ?? null}, computed = ${w.computed ?? null}, total_score = ${w.total_score ?? null}, version = version + 1, updated_at = now()
      where id = ${r.id}`);
  }
  return records.length;
}

async function allocationVersion(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created && text(d.existing?.status) !== VERSION.DRAFT) {
      d.error('_document', capt(ctx.lang, 'cap.notDraft'));
      continue;
    }
    if (d.created) {
      // Versions count up per company; the unique index catches a concurrent twin.
      const [n] = await rows<{ n: number }>(tx, sql`select coalesce(max(version_no), 0)::int + 1 + ${d.index}::int as n from cap_demand_allocation where client_id = ${ctx.clientId}`);
      d.write.version_no = n.n;
      d.write.status = VERSION.DRAFT;
    }
  }
}

interface LineDay {
  morning_hours: string;
  afternoon_hours: string;
  allowed_processes: string | null;
  members: number;
}

/** The line's capacity rows valid on a day, with its active members. */
async function lineCapacity(tx: Tx, clientId: string, lineId: string, day: string): Promise<LineDay[]> {
  return rows<LineDay>(
    tx,
    sql`select c.morning_hours::text, c.afternoon_hours::text, c.allowed_processes,
               (select count(*)::int from md_production_line_members m where m.parent_id = c.parent_id and m.status = 'active') as members
          from md_production_line_capacity c
         where c.client_id = ${clientId} and c.parent_id = ${lineId}::uuid and c.valid_from <= ${day}::date and c.valid_to >= ${day}::date`,
  );
}

/** Minutes a line can work on a day: (morning + afternoon hours) × 60 × active members, over its capacity rows. */
export function lineMinutes(days: readonly LineDay[]): string {
  return roundDec(days.reduce((s, c) => addDec(s, mulDec(addDec(c.morning_hours, c.afternoon_hours), '60', String(Math.max(1, c.members)))), '0'))!;
}

async function orderAllocation(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created && text(d.existing?.status) !== 'draft') {
      d.error('_document', capt(ctx.lang, 'cap.notDraft'));
      continue;
    }
    const orderId = text(value(d, 'customer_order_id'));
    const lineId = text(value(d, 'production_line_id'));
    const day = text(value(d, 'work_date'));
    const qty = text(value(d, 'quantity'));
    const smv = text(value(d, 'smv'));
    if (UUID_RE.test(orderId)) {
      // Orders' table, read only: an order awaiting acceptance may be planned ahead, one that is
      // cancelled or completed has nothing left to make.
      const [order] = await rows<{ status: string }>(tx, sql`select status from ord_customer_order where client_id = ${ctx.clientId} and id = ${orderId}::uuid`);
      if (order && order.status !== 'IN_PROGRESS' && order.status !== 'OPEN') d.error('customer_order_id', capt(ctx.lang, 'cap.orderNotConfirmed'));
    }
    if (!qty || !smv) continue;
    const minutes = roundDec(mulDec(qty, smv))!;
    d.write.minutes = minutes;
    if (!UUID_RE.test(lineId) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const days = await lineCapacity(tx, ctx.clientId, lineId, day);
    if (!days.length) {
      d.error('work_date', capt(ctx.lang, 'cap.noLineCapacity'));
      continue;
    }
    const process = text(value(d, 'process_code'));
    if (process) {
      const allowed = days.flatMap((c) => text(c.allowed_processes).split(',').map((s) => s.trim()).filter(Boolean));
      if (allowed.length && !allowed.includes(process)) d.error('process_code', capt(ctx.lang, 'cap.processNotAllowed', { code: process }));
    }
    const capacity = lineMinutes(days);
    d.write.line_minutes = capacity;
    const [booked] = await rows<{ m: string | null }>(
      tx,
      sql`select sum(minutes)::text as m from cap_order_allocation where client_id = ${ctx.clientId} and production_line_id = ${lineId}::uuid and work_date = ${day}::date and id <> ${d.id}`,
    );
    const inBatch = docs.filter((o) => o !== d && o.index < d.index && text(value(o, 'production_line_id')) === lineId && text(value(o, 'work_date')) === day);
    const used = addDec(booked?.m ?? '0', ...inBatch.map((o) => text(o.write.minutes)));
    const free = subDec(capacity, used);
    if (compareDec(minutes, free) > 0) d.error('quantity', capt(ctx.lang, 'cap.lineOver', { free: roundDec(compareDec(free, '0') > 0 ? free : '0', 0)! }));
  }
}

/**
 * Which setting of a vendor applies (issue 23): its newest active one. The saved row is the newest;
 * every other row of the vendor (and of the vendor it left, if it changed) is flagged again.
 */
async function vendorSettings(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const reflag = async (vendorId: string, except: string, newest: boolean) => {
    await tx.execute(sql`update cap_vendor_setting set applies = false where client_id = ${ctx.clientId} and vendor_id = ${vendorId}::uuid and id <> ${except}::uuid and applies`);
    if (newest) return;
    await tx.execute(sql`update cap_vendor_setting set applies = true where id = (
      select id from cap_vendor_setting where client_id = ${ctx.clientId} and vendor_id = ${vendorId}::uuid and id <> ${except}::uuid and status = 'active'
       order by updated_at desc, id limit 1)`);
  };
  for (const d of docs) {
    const vendorId = text(value(d, 'vendor_id'));
    if (!UUID_RE.test(vendorId)) continue;
    const active = text(value(d, 'status')) === 'active';
    d.write.applies = active;
    await reflag(vendorId, d.id, active);
    const before = text(d.existing?.vendor_id);
    if (before && before !== vendorId && UUID_RE.test(before)) await reflag(before, d.id, false);
  }
}

export const capacityHooks: Record<string, EntityHooks> = {
  'vendor-setting': { beforeWrite: vendorSettings },
  'vendor-capacity': { beforeWrite: vendorCapacity },
  'vendor-kpi': { beforeWrite: vendorKpi },
  'demand-allocation': { beforeWrite: allocationVersion },
  'order-allocation': { beforeWrite: orderAllocation },
};

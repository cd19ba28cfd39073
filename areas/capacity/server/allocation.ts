// Demand allocation between a brand and its suppliers (scmapi). The brand drafts a version, runs
// the allocation engine (../meta/allocation), adjusts cells on the board and publishes; the
// supplier reads its published lines and confirms them. Every query runs in the caller's tenant
// transaction: row-level security (migration capacity_rls) shows a supplier its own published
// lines only, and the guard trigger keeps published lines immutable but for their status.
// docs/capacity.md lists the endpoints.
import { addDec, mulDec, roundDec } from '@seamline/core';
import {
  R, S,
  BizError,
  conflict,
  dataObject,
  emitBusinessEvent,
  HttpError,
  isUuid,
  notify,
  sql,
  type Api,
  type AuthedContext,
  type Tx,
} from '@seamline/server/api';
import { evaluateAllocation, solveAllocation, type AllocCell, type AllocInput } from '../meta/allocation';
import { ALLOC, VERSION } from '../meta/fields';
import { capt } from '../meta/messages';
import { lessOrderLoad, type WeekLoad } from '../meta/orderLoad';
import { isWeek, weekMonday } from '../meta/weeks';
import { rows } from './hooks';

const BRAND_MENUS = ['SCM_DEMAND_ALLOCATION', 'PLAN_CAPACITY_BOARD'];
const SUPPLIER_MENUS = ['SCM_DEMAND_ALLOCATION', 'SCM_VENDOR_CAPACITY'];
/** KPI weight of a vendor without any KPI record yet. */
export const DEFAULT_KPI = '50';
export const CAP_MODULE = 'SCM';

const notFound = () => new HttpError(404, 'cap.noLine');

interface VersionRow {
  id: string;
  version: number;
  version_no: number;
  title: string;
  start_week: string;
  status: string;
  objective: string | null;
  published_at: string | null;
}

async function ownVersion(tx: Tx, clientId: string, id: unknown): Promise<VersionRow> {
  if (!isUuid(id)) throw new HttpError(404, 'http.notFound');
  const [v] = await rows<VersionRow>(
    tx,
    sql`select id, version, version_no, title, start_week, status, objective::text, to_char(published_at, 'YYYY-MM-DD HH24:MI:SS') as published_at
          from cap_demand_allocation where client_id = ${clientId} and id = ${id}::uuid`,
  );
  if (!v) throw new HttpError(404, 'http.notFound');
  return v;
}

function draftAt(v: VersionRow, version: unknown): void {
  if (v.status !== VERSION.DRAFT) throw new BizError('cap.notDraft');
  if (version !== undefined && version !== null && version !== '' && Number(version) !== v.version) throw conflict();
}

interface DemandRow {
  id: string;
  demand_no: string;
  style_no: string;
  capacity_group_id: string;
  quantity: number;
  smv: string;
  due_week: string;
  status: string;
}
interface VendorRow {
  id: string;
  setting_id: string;
  code: string;
  name: string;
  supplier_client_id: string | null;
  lead: number;
  kpi: string | null;
}
interface GroupRow {
  id: string;
  code: string;
  name: string;
}

/** Minutes of the caller's vendors' confirmed orders per supplier and week from `start` on (migration 0084). */
export async function orderLoads(tx: Tx, start: string): Promise<WeekLoad[]> {
  return rows<WeekLoad>(tx, sql`select supplier::text as supplier, week, minutes::text as minutes from cap_vendor_order_load(${start})`);
}

/** Everything the engine needs, as the brand sees it from `start` on. */
export async function loadInput(tx: Tx, clientId: string, start: string) {
  const demands = await rows<DemandRow>(
    tx,
    sql`select id, demand_no, style_no, capacity_group_id, quantity, smv::text, due_week, status from cap_demand
         where client_id = ${clientId} and due_week >= ${start} order by due_week, demand_no`,
  );
  const groups = await rows<GroupRow>(tx, sql`select id, code, name from cap_capacity_group where client_id = ${clientId} and status = 'active'`);
  const vendors = await rows<VendorRow>(
    tx,
    sql`select v.id, v.code, v.short_name as name, nullif(v.supplier_client_id, '') as supplier_client_id, s.lead_time_weeks as lead, s.id as setting_id,
               (select k.total_score::text from cap_vendor_kpi k where k.client_id = v.client_id and k.vendor_id = v.id and k.total_score is not null
                 order by k.period desc, k.updated_at desc limit 1) as kpi
          from (select distinct on (vendor_id) * from cap_vendor_setting where client_id = ${clientId} and status = 'active' order by vendor_id, updated_at desc, id) s
          join md_vendor v on v.id = s.vendor_id and v.client_id = s.client_id
         order by v.code`,
  );
  // Only the newest active setting of each vendor applies (older ones are its history).
  const settingIds = vendors.map((v) => v.setting_id);
  const shares = settingIds.length
    ? await rows<{ vendor_id: string; capacity_group_id: string; min_share: string | null; max_share: string | null }>(
        tx,
        sql`select s.vendor_id, g.capacity_group_id, g.min_share::text, g.max_share::text
              from cap_vendor_setting s join cap_vendor_setting_groups g on g.parent_id = s.id
             where s.client_id = ${clientId} and s.id in (${sql.join(settingIds.map((i) => sql`${i}::uuid`), sql`, `)})`,
      )
    : [];
  // Capacity the vendors' own companies filled for this brand (row-level security decides).
  const capacity = await rows<{ supplier: string; group_code: string; week: string; free_minutes: string; capacity_minutes: string; id: string }>(
    tx,
    sql`select client_id::text as supplier, group_code, week, coalesce(free_minutes, 0)::text as free_minutes, coalesce(capacity_minutes, 0)::text as capacity_minutes, id
          from cap_vendor_capacity where brand_client_id = ${clientId}::text and client_id <> ${clientId} and week >= ${start}`,
  );
  // Less the load of the vendors' confirmed orders (every other customer's, and this brand's own
  // not made by its allocations, which the run plans itself): meta/orderLoad.
  const free = lessOrderLoad(capacity, await orderLoads(tx, start));
  const groupByCode = new Map(groups.map((g) => [g.code, g]));
  const vendorsBySupplier = new Map<string, VendorRow>();
  for (const v of vendors) if (v.supplier_client_id && !vendorsBySupplier.has(v.supplier_client_id)) vendorsBySupplier.set(v.supplier_client_id, v);
  const activeGroups = new Set(groups.map((g) => g.id));
  const input: AllocInput = {
    start_week: start,
    demands: demands.filter((d) => activeGroups.has(d.capacity_group_id)).map((d) => ({ id: d.id, group: d.capacity_group_id, qty: d.quantity, smv: d.smv, due: d.due_week })),
    vendors: vendors.map((v) => ({
      id: v.id,
      kpi: v.kpi ?? DEFAULT_KPI,
      lead_weeks: v.lead ?? 0,
      groups: shares.filter((s) => s.vendor_id === v.id && activeGroups.has(s.capacity_group_id)).map((s) => ({ group: s.capacity_group_id, min_share: s.min_share, max_share: s.max_share })),
    })),
    capacity: free.flatMap((c) => {
      const v = vendorsBySupplier.get(c.supplier);
      const g = groupByCode.get(c.group_code);
      return v && g && isWeek(c.week) ? [{ vendor: v.id, group: g.id, week: c.week, minutes: c.free_minutes }] : [];
    }),
  };
  return { input, demands, vendors, groups };
}

interface LineRow {
  id: string;
  version: number;
  demand_id: string;
  vendor_id: string;
  capacity_group_id: string;
  week: string;
  qty: number;
  minutes: string;
  status: string;
  over_capacity: boolean;
  manual: boolean;
  demand_no: string;
  style_no: string;
  group_code: string;
  group_name: string;
  due_week: string;
  vendor_name: string;
  brand_name: string;
  smv: string;
  confirmed_at: string | null;
}

const LINE_COLUMNS = sql`id, version, demand_id, vendor_id, capacity_group_id, week, qty, minutes::text, status, over_capacity, manual, demand_no, style_no,
  group_code, group_name, due_week, vendor_name, brand_name, smv::text, to_char(confirmed_at, 'YYYY-MM-DD HH24:MI:SS') as confirmed_at`;

async function versionLines(tx: Tx, clientId: string, versionId: string): Promise<LineRow[]> {
  return rows<LineRow>(tx, sql`select ${LINE_COLUMNS} from cap_allocation_line where client_id = ${clientId} and version_id = ${versionId}::uuid order by week, demand_no, vendor_name`);
}

/** The version with its lines, the engine's input and the evaluation of the lines against it. */
async function workspace(tx: Tx, clientId: string, id: string) {
  const v = await ownVersion(tx, clientId, id);
  const { input, demands, vendors, groups } = await loadInput(tx, clientId, v.start_week);
  const lines = await versionLines(tx, clientId, v.id);
  const cells: AllocCell[] = lines.map((l) => ({ demand: l.demand_id, vendor: l.vendor_id, week: l.week, qty: l.qty }));
  // Lines of demand no longer in the input (e.g. deleted) still count on the board.
  const ev = evaluateAllocation(input, cells);
  const allocated = new Map<string, number>();
  for (const l of lines) allocated.set(l.demand_id, (allocated.get(l.demand_id) ?? 0) + l.qty);
  // What the version leaves unallocated (issue 23: a shortage is never silent): per demand line
  // (its group and due week), and per group and week added up.
  const groupOf = new Map(groups.map((g) => [g.id, g]));
  const shortages = demands
    .filter((d) => groupOf.has(d.capacity_group_id) && (allocated.get(d.id) ?? 0) < d.quantity)
    .map((d) => ({
      demand_id: d.id,
      demand_no: d.demand_no,
      style_no: d.style_no,
      group_id: d.capacity_group_id,
      group_code: groupOf.get(d.capacity_group_id)!.code,
      group_name: groupOf.get(d.capacity_group_id)!.name,
      week: d.due_week,
      quantity: d.quantity,
      allocated: allocated.get(d.id) ?? 0,
      unallocated: d.quantity - (allocated.get(d.id) ?? 0),
    }));
  const byGroupWeek = new Map<string, { group_code: string; group_name: string; week: string; unallocated: number }>();
  for (const x of shortages) {
    const k = `${x.group_code}|${x.week}`;
    const had = byGroupWeek.get(k) ?? { group_code: x.group_code, group_name: x.group_name, week: x.week, unallocated: 0 };
    had.unallocated += x.unallocated;
    byGroupWeek.set(k, had);
  }
  return {
    version: v,
    input,
    demands: demands.map((d) => ({ ...d, allocated: allocated.get(d.id) ?? 0 })),
    shortages,
    shortage_by_group_week: [...byGroupWeek.values()].sort((a, b) => a.group_code.localeCompare(b.group_code) || a.week.localeCompare(b.week)),
    unallocated_total: shortages.reduce((sum, x) => sum + x.unallocated, 0),
    vendors: vendors.map((x) => ({ id: x.id, code: x.code, name: x.name, on_platform: Boolean(x.supplier_client_id), kpi: x.kpi ?? DEFAULT_KPI, lead_weeks: x.lead })),
    groups,
    lines,
    evaluation: {
      objective: ev.objective,
      over: ev.over.length,
      broken_shares: ev.shares.filter((s) => s.broken).length,
      shares: ev.shares,
    },
  };
}

// Demand rows follow their lines through the trigger cap_allocation_line_demand (migration
// capacity_demand_state), whoever moves a line.

async function audit(tx: Tx, clientId: string, userId: string, recordId: string, action: string, changes: unknown[]): Promise<void> {
  await tx.execute(sql`insert into audit_log (client_id, entity, record_id, action, user_id, changes) values (${clientId}, 'demand-allocation', ${recordId}::uuid, ${action}, ${userId}, ${JSON.stringify(changes)}::jsonb)`);
}

async function bumpVersion(tx: Tx, id: string, userId: string, objective: number | null): Promise<void> {
  await tx.execute(
    sql`update cap_demand_allocation set version = version + 1, updated_at = now(), updated_by = ${userId}, objective = ${objective === null ? null : roundDec(objective)} where id = ${id}::uuid`,
  );
}

interface Names {
  demand: Map<string, DemandRow>;
  vendor: Map<string, VendorRow>;
  group: Map<string, GroupRow>;
  brand: string;
}

export async function namesOf(tx: Tx, clientId: string, loaded: Awaited<ReturnType<typeof loadInput>>): Promise<Names> {
  const [brand] = await rows<{ name: string }>(tx, sql`select name from client where id = ${clientId}`);
  return {
    demand: new Map(loaded.demands.map((d) => [d.id, d])),
    vendor: new Map(loaded.vendors.map((v) => [v.id, v])),
    group: new Map(loaded.groups.map((g) => [g.id, g])),
    brand: brand?.name ?? '',
  };
}

export async function insertLines(
  tx: Tx,
  who: { clientId: string; userId: string | null },
  versionId: string,
  names: Names,
  cells: (AllocCell & { over?: boolean; manual?: boolean })[],
  status: string = ALLOC.PENDING,
): Promise<void> {
  const values = cells.flatMap((c) => {
    const d = names.demand.get(c.demand);
    const v = names.vendor.get(c.vendor);
    const g = d && names.group.get(d.capacity_group_id);
    if (!d || !v || !g || c.qty <= 0) return [];
    return [
      sql`(${who.clientId}, ${who.userId}, ${who.userId}, ${versionId}::uuid, ${d.id}::uuid, ${v.id}::uuid, ${v.supplier_client_id}::uuid, ${g.id}::uuid, ${c.week}, ${c.qty},
          ${roundDec(mulDec(c.qty, d.smv))}, ${status}, ${Boolean(c.over)}, ${Boolean(c.manual)}, ${d.demand_no}, ${d.style_no}, ${g.code}, ${g.name}, ${d.smv}, ${d.due_week}, ${names.brand}, ${v.name})`,
    ];
  });
  for (let i = 0; i < values.length; i += 500) {
    await tx.execute(sql`insert into cap_allocation_line (client_id, created_by, updated_by, version_id, demand_id, vendor_id, supplier_client_id, capacity_group_id, week, qty, minutes, status,
      over_capacity, manual, demand_no, style_no, group_code, group_name, smv, due_week, brand_name, vendor_name) values ${sql.join(values.slice(i, i + 500), sql`, `)}`);
  }
}

/** Runs the engine on a draft: its lines are replaced by the proposal. */
async function run(tx: Tx, ctx: AuthedContext, id: string, version: unknown) {
  const clientId = ctx.session.clientId;
  const v = await ownVersion(tx, clientId, id);
  draftAt(v, version);
  const loaded = await loadInput(tx, clientId, v.start_week);
  if (!loaded.input.demands.length) throw new BizError('cap.noDemand');
  const result = solveAllocation(loaded.input);
  const names = await namesOf(tx, clientId, loaded);
  // Share limits the engine could not keep do not stop the run (issue 23): the rest is allocated
  // and each breach is reported with the run's answer, in the caller's language.
  const breaches = result.problems.map((p) => {
    const group = names.group.get(p.group)?.name ?? p.group;
    const vendor = names.vendor.get(p.vendor ?? '')?.name ?? '';
    const message = p.code === 'shareSum' ? capt(ctx.lang, 'cap.shareSum', { group }) : capt(ctx.lang, 'cap.minShareBreach', { group, vendor, share: p.share ?? '', min: p.min ?? '' });
    return { ...p, group_name: group, vendor_name: vendor, message };
  });
  const [before] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from cap_allocation_line where version_id = ${v.id}::uuid`);
  await tx.execute(sql`delete from cap_allocation_line where client_id = ${clientId} and version_id = ${v.id}::uuid`);
  await insertLines(tx, ctx.session, v.id, names, result.cells);
  await bumpVersion(tx, v.id, ctx.session.userId, result.objective);
  await audit(tx, clientId, ctx.session.userId, v.id, 'run', [
    { field: 'lines', old: before.n, new: result.cells.length },
    { field: 'objective', old: v.objective, new: roundDec(result.objective) },
  ]);
  const ws = await workspace(tx, clientId, v.id);
  return { ...ws, run: { breaches, unallocated_total: ws.unallocated_total, shortages: ws.shortages } };
}

/** One cell (demand × vendor × week) set by the planner; beyond free capacity or a share limit it is flagged. */
async function setCell(tx: Tx, ctx: AuthedContext, body: Record<string, unknown>) {
  const clientId = ctx.session.clientId;
  const v = await ownVersion(tx, clientId, body.id);
  draftAt(v, body.version);
  const qty = Number(body.qty);
  if (!Number.isInteger(qty) || qty < 0 || qty > 100_000_000) throw new BizError('cap.badQty');
  const loaded = await loadInput(tx, clientId, v.start_week);
  const names = await namesOf(tx, clientId, loaded);
  const d = names.demand.get(String(body.demand_id));
  const vendor = names.vendor.get(String(body.vendor_id));
  const week = String(body.week ?? '');
  const serves = d && loaded.input.vendors.find((x) => x.id === vendor?.id)?.groups.some((g) => g.group === d.capacity_group_id);
  if (!d || !vendor || !serves || !isWeek(week)) throw new BizError('cap.badCell');
  const existing = await rows<{ id: string; qty: number }>(
    tx,
    sql`select id, qty from cap_allocation_line where client_id = ${clientId} and version_id = ${v.id}::uuid and demand_id = ${d.id}::uuid and vendor_id = ${vendor.id}::uuid and week = ${week}`,
  );
  const old = existing.reduce((s, e) => s + e.qty, 0);
  if (existing.length) await tx.execute(sql`delete from cap_allocation_line where id in (${sql.join(existing.map((e) => sql`${e.id}::uuid`), sql`, `)})`);
  if (qty > 0) await insertLines(tx, ctx.session, v.id, names, [{ demand: d.id, vendor: vendor.id, week, qty, manual: true }]);
  // Flags follow the whole version: a change here may put another cell of the vendor over or back.
  const lines = await versionLines(tx, clientId, v.id);
  const ev = evaluateAllocation(loaded.input, lines.map((l) => ({ demand: l.demand_id, vendor: l.vendor_id, week: l.week, qty: l.qty })));
  const over = new Set(ev.over.map((o) => `${o.vendor}|${o.group}|${o.week}`));
  const broken = new Set(ev.shares.filter((s) => s.broken).map((s) => `${s.vendor}|${s.group}`));
  for (const l of lines) {
    const flag = over.has(`${l.vendor_id}|${l.capacity_group_id}|${l.week}`) || broken.has(`${l.vendor_id}|${l.capacity_group_id}`);
    if (flag !== l.over_capacity) await tx.execute(sql`update cap_allocation_line set over_capacity = ${flag}, version = version + 1 where id = ${l.id}::uuid`);
  }
  await bumpVersion(tx, v.id, ctx.session.userId, ev.objective);
  await audit(tx, clientId, ctx.session.userId, v.id, 'cell', [{ field: `${d.demand_no} · ${vendor.name} · ${week}`, old, new: qty }]);
  return workspace(tx, clientId, v.id);
}

/** Publishing version n+1 archives version n; the suppliers are told at once. */
async function publish(tx: Tx, ctx: AuthedContext, id: string, version: unknown) {
  const clientId = ctx.session.clientId;
  const v = await ownVersion(tx, clientId, id);
  draftAt(v, version);
  const previous = await rows<{ id: string }>(tx, sql`select id from cap_demand_allocation where client_id = ${clientId} and status = ${VERSION.PUBLISHED}`);
  for (const p of previous) {
    await tx.execute(sql`update cap_allocation_line set status = ${ALLOC.CLOSED}, version = version + 1, updated_at = now() where version_id = ${p.id}::uuid and status <> ${ALLOC.CLOSED}`);
    await tx.execute(sql`update cap_demand_allocation set status = ${VERSION.ARCHIVED}, version = version + 1, updated_at = now(), updated_by = ${ctx.session.userId} where id = ${p.id}::uuid`);
    await audit(tx, clientId, ctx.session.userId, p.id, 'archive', [{ field: 'status', old: VERSION.PUBLISHED, new: VERSION.ARCHIVED }]);
  }
  await tx.execute(sql`update cap_allocation_line set status = ${ALLOC.ALLOCATED}, version = version + 1, updated_at = now() where version_id = ${v.id}::uuid`);
  await tx.execute(
    sql`update cap_demand_allocation set status = ${VERSION.PUBLISHED}, published_at = localtimestamp(0), version = version + 1, updated_at = now(), updated_by = ${ctx.session.userId} where id = ${v.id}::uuid`,
  );
  await audit(tx, clientId, ctx.session.userId, v.id, 'publish', [{ field: 'status', old: VERSION.DRAFT, new: VERSION.PUBLISHED }]);
  const suppliers = await rows<{ supplier: string; pieces: string; brand: string }>(
    tx,
    sql`select supplier_client_id::text as supplier, sum(qty)::text as pieces, min(brand_name) as brand from cap_allocation_line
         where version_id = ${v.id}::uuid and supplier_client_id is not null group by supplier_client_id`,
  );
  for (const s of suppliers) {
    await tellCounterpart(tx, ctx, s.supplier, v.id, (lang) => capt(lang, 'cap.notified', { brand: s.brand, version: v.version_no, pieces: s.pieces }));
  }
  await announcePublished(tx, ctx, v.id, v.version_no);
  return workspace(tx, clientId, v.id);
}

/**
 * Issue 27: a published allocation becomes orders. The area announces what each vendor got per
 * demand (pieces, due on the Friday of the due week); whoever listens (the orders area: customer
 * orders on vendors on the platform, manual ones for the rest) acts in this transaction — this
 * area knows nothing of orders.
 */
async function announcePublished(tx: Tx, ctx: AuthedContext, versionId: string, versionNo: unknown): Promise<void> {
  const groups = await rows<{ demand_id: string; demand_no: string; style_no: string; vendor_id: string; vendor_name: string; supplier_client_id: string | null; qty: string; due_week: string }>(
    tx,
    sql`select demand_id::text, demand_no, style_no, vendor_id::text, vendor_name, supplier_client_id::text, sum(qty)::text as qty, due_week
          from cap_allocation_line where version_id = ${versionId}::uuid and qty > 0
         group by demand_id, demand_no, style_no, vendor_id, vendor_name, supplier_client_id, due_week order by demand_no, vendor_name`,
  );
  const friday = (week: string) => new Date(Date.parse(`${weekMonday(week)}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
  await emitBusinessEvent(tx, {
    type: 'allocation.published',
    clientId: ctx.session.clientId,
    userId: ctx.session.userId,
    lang: ctx.lang,
    data: { version_id: versionId, version_no: versionNo, groups: groups.map((g) => ({ ...g, delivery_date: friday(g.due_week) })) },
  });
}

async function tellCounterpart(tx: Tx, ctx: AuthedContext, toClientId: string, versionId: string, content: (lang: 'en' | 'zh') => string): Promise<void> {
  const admins = await rows<{ id: string }>(tx, sql`select cap_counterpart_admins(${toClientId}::uuid) as id`);
  if (!admins.length) return;
  await notify(tx, { userId: ctx.session.userId, clientId: ctx.session.clientId }, {
    type: 'MSG',
    toUserIds: admins.map((a) => a.id),
    toClientId,
    module: CAP_MODULE,
    functionSubarea: 'demand-allocation',
    relatedKey: versionId,
    content: { en: content('en'), zh: content('zh') },
    url: '/scm/index/demand-allocation',
    menuId: 'SCM_DEMAND_ALLOCATION',
  });
}

/** What a supplier has received: its lines of published and archived versions, newest first. */
async function received(tx: Tx, ctx: AuthedContext, query: Record<string, unknown>) {
  const status = typeof query.status === 'string' && /^\d+$/.test(query.status) ? query.status : null;
  const lines = await rows<LineRow & { version_id: string }>(
    tx,
    sql`select ${LINE_COLUMNS}, version_id
          from cap_allocation_line where supplier_client_id = ${ctx.session.clientId} ${status ? sql`and status = ${status}` : sql``}
         order by created_at desc, week, demand_no limit 2000`,
  );
  // The supplier cannot read the brand's version rows: lines are grouped by their version id.
  const versions = new Map<string, { version_id: string; brand_name: string; pieces: number; minutes: string; statuses: string[]; lines: typeof lines }>();
  for (const l of lines) {
    let g = versions.get(l.version_id);
    if (!g) versions.set(l.version_id, (g = { version_id: l.version_id, brand_name: l.brand_name, pieces: 0, minutes: '0', statuses: [], lines: [] }));
    g.pieces += l.qty;
    g.minutes = addDec(g.minutes, l.minutes);
    if (!g.statuses.includes(l.status)) g.statuses.push(l.status);
    g.lines.push(l);
  }
  // The version's number and title, which the supplier reads through cap_received_versions()
  // (issue 23: a received allocation names its version).
  const named = versions.size
    ? new Map((await rows<{ id: string; version_no: number; title: string; status: string; published_at: string | null }>(tx, sql`select id::text, version_no, title, status, published_at from cap_received_versions()`)).map((r) => [r.id, r]))
    : new Map();
  return [...versions.values()].map((g) => {
    const v = named.get(g.version_id);
    return { ...g, version_no: v?.version_no ?? null, title: v?.title ?? null, version_status: v?.status ?? null, published_at: v?.published_at ?? null, minutes: roundDec(g.minutes), can_confirm: g.statuses.includes(ALLOC.ALLOCATED) };
  });
}

async function confirm(tx: Tx, ctx: AuthedContext, body: Record<string, unknown>) {
  if (!isUuid(body.version_id)) throw notFound();
  const lines = await rows<{ id: string; status: string; client_id: string; brand_name: string }>(
    tx,
    sql`select id, status, client_id::text, brand_name from cap_allocation_line where supplier_client_id = ${ctx.session.clientId} and version_id = ${body.version_id}::uuid`,
  );
  if (!lines.length) throw notFound();
  const open = lines.filter((l) => l.status === ALLOC.ALLOCATED);
  if (!open.length) throw new BizError('cap.nothingToConfirm');
  await tx.execute(
    sql`update cap_allocation_line set status = ${ALLOC.SUBMITTED}, confirmed_at = now(), confirmed_by = ${ctx.session.userId}, version = version + 1, updated_at = now(), updated_by = ${ctx.session.userId}
         where supplier_client_id = ${ctx.session.clientId} and version_id = ${body.version_id}::uuid and status = ${ALLOC.ALLOCATED}`,
  );
  const [me] = await rows<{ name: string }>(tx, sql`select name from client where id = ${ctx.session.clientId}`);
  await tellCounterpart(tx, ctx, lines[0].client_id, String(body.version_id), (lang) => capt(lang, 'cap.confirmedNote', { supplier: me?.name ?? '' }));
  return received(tx, ctx, {});
}

/** The capacity a brand's vendors filled for it (read only), with the supplier's name. */
async function capacityOfVendors(tx: Tx, ctx: AuthedContext, query: Record<string, unknown>) {
  const week = typeof query.week === 'string' && isWeek(query.week) ? query.week : null;
  const group = typeof query.group_code === 'string' && query.group_code ? query.group_code.toUpperCase() : null;
  const list = await rows<Record<string, unknown> & { supplier: string; group_code: string; week: string; free_minutes: string }>(
    tx,
    sql`select c.id, c.client_id::text as supplier_client_id, c.client_id::text as supplier, cl.name as supplier_name, c.group_code, c.group_name, c.week, c.operators, c.efficiency::text,
               c.capacity_minutes::text, c.booked_minutes::text, c.free_minutes::text, c.avg_smv::text, c.capacity_pieces, to_char(c.updated_at, 'YYYY-MM-DD HH24:MI') as updated_at
          from cap_vendor_capacity c join client cl on cl.id = c.client_id
         where c.brand_client_id = ${ctx.session.clientId}::text and c.client_id <> ${ctx.session.clientId}
           ${week ? sql`and c.week = ${week}` : sql``}
         order by c.week, cl.name, c.group_code limit 2000`,
  );
  // Free = declared free less the vendor's confirmed orders (order_minutes says how much).
  const loads = await orderLoads(tx, week ?? '0000-W01');
  // The group filter applies after: a week's load is spread over all its groups (meta/orderLoad).
  return lessOrderLoad(list, loads)
    .filter((r) => !group || r.group_code === group)
    .map(({ supplier: _s, ...r }) => r);
}

export function allocationRoutes(api: Api): void {
  const brand = { auth: true as const, menu: BRAND_MENUS };
  api.get('scmapi/demand-allocation/workspace', { schema: R.byId('A demand allocation: demands, vendors, weeks and cells'), ...brand, params: ['id'] }, (ctx) => ctx.tenant((tx) => workspace(tx, ctx.session.clientId, String(ctx.query.id ?? ''))));
  api.post('scmapi/demand-allocation/run', { ...brand, params: ['id'], schema: R.onDoc('Allocate the demands to vendors by their free capacity') }, (ctx) => {
    const b = dataObject(ctx.body);
    return ctx.tenant((tx) => run(tx, ctx, String(b.id ?? ''), b.version));
  });
  api.post('scmapi/demand-allocation/cell', { ...brand, params: ['id'], schema: R.save('Set one cell of an allocation by hand', S.object({ id: S.uuid(), version: S.integer(), version_id: S.uuid(), demand_id: S.uuid(), vendor_id: S.uuid(), week: S.string('YYYY-Www'), qty: S.decimal() })) }, (ctx) => ctx.tenant((tx) => setCell(tx, ctx, dataObject(ctx.body))));
  api.post('scmapi/demand-allocation/publish', { ...brand, params: ['id'], schema: R.onDoc('Publish an allocation to the vendors') }, (ctx) => {
    const b = dataObject(ctx.body);
    return ctx.tenant((tx) => publish(tx, ctx, String(b.id ?? ''), b.version));
  });
  api.get('scmapi/allocation/received', { schema: R.get('Allocations published to my company', { query: { status: S.string() } }), auth: true, menu: SUPPLIER_MENUS }, (ctx) => ctx.tenant((tx) => received(tx, ctx, ctx.query)));
  api.post('scmapi/allocation/confirm', { params: ['version_id'], schema: R.onDoc('Confirm an allocation published to me'), auth: true, menu: SUPPLIER_MENUS }, (ctx) => ctx.tenant((tx) => confirm(tx, ctx, dataObject(ctx.body))));
  api.get('scmapi/vendor-capacity/of-vendors', { schema: R.get("My vendors' capacity by week", { query: { week: S.string('YYYY-Www'), group_code: S.string() } }), auth: true, menu: ['SCM_VENDOR_CAPACITY', 'PLAN_CAPACITY_BOARD'] }, (ctx) => ctx.tenant((tx) => capacityOfVendors(tx, ctx, ctx.query)));
  api.get('scmapi/vendor-capacity/brands', { schema: R.get('Brands my company declares capacity to', { response: S.list(S.object({ id: S.uuid(), name: S.string() })) }), auth: true, menu: 'SCM_VENDOR_CAPACITY' }, (ctx) =>
    ctx.tenant((tx) => rows<{ id: string; name: string }>(tx, sql`select id, name from cap_my_brands() order by name`)),
  );
}


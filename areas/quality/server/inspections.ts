// Inspections across three companies (issue 25; docs/quality.md). The brand books on a customer
// order it placed on a factory; the factory confirms or proposes another date; the inspector (brand
// QA, the factory itself or an inspection company) starts, records sampled pieces, defects and
// measurements, and finishes: the verdict is computed from the counts by ./sampling.ts. Visibility
// is the database's (migration 0058): each party reads exactly its inspections, a fourth gets 404.
// After every change the parties' company rooms get QC_CHANGED (live); state steps also notify.
import { compareDec, isDecimal, pickLabel, roundDec, subDec, t, type Lang } from '@seamline/core';
import {
  R, S,
  afterCommit, and, appUser, asc, auditLog, BizError, client, clientRoom, conflict, dataObject, emitBusinessEvent, eq, forbidden, getHub, HttpError, isUuid,
  notFound, notify, pageParams, sql, ValidationError, type Api, type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import {
  DEFECT_CLASSES, INSPECTION_ACTIONS, INSPECTION_TYPES, INSPECTOR_PARTIES, QC_STATUS, QC_STATUSES, qcActionsFrom,
  nextSeverity, samplingPlan, SamplingError, verdict, qualityErrorText, type Severity, type SwitchState, type ClassPlans, type DefectClass, type QcAction, type QcSide, type QualityMessageKey,
} from '../meta';
import { checkPenalty } from '../../ticket/meta';
import { isSignaturePng } from '../../esign/server';
import { brandConsequences, brandConsequencesLater, ensureFailureTicket } from './consequences';
import { inspectionReport, sendInspectionXlsx } from './report';
import { pointFor, templateSnapshot } from './templates';
import { qc_inspection, qc_inspection_defects, qc_inspection_lines, qc_inspection_readings } from './schema';

export const QC_MODULE = 'QUALITY';
export const QC_MENU = ['SCM_QC_INSPECTION'];
/** The live event every party's company room gets after a change: { id, status, version }. */
export const QC_EVENT = 'QC_CHANGED';
export const INSPECTION_COMPANY = 'INSPECTION_COMPANY';
const URL = (id: string) => `/scm/index/inspection?id=${id}`;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

function refuse(key: QualityMessageKey | string, params?: Record<string, string | number>): never {
  throw new BizError(key, params);
}

/** A sampling refusal in the reader's language (the class named in it too). */
function samplingRefusal(e: unknown, lang: Lang): never {
  if (e instanceof SamplingError) throw new HttpError(400, 'quality.sampling', { text: qualityErrorText(lang, e as never) });
  throw e;
}

// A calendar day that exists (JavaScript rolls 2026-02-30 over to March, PostgreSQL refuses it).
const isDay = (v: unknown): v is string => {
  if (typeof v !== 'string' || !DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const wholeNumber = (v: unknown, min: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min ? n : null;
};
const emptyToNull = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v).trim());
const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() && v.length <= max && !v.includes('\u0000') ? v.trim() : null);

async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await tx.select({ name: client.name }).from(client).where(eq(client.id, id));
  return c?.name ?? '';
}

/** The sides the current company is on for a row (the brand may also be the inspector, and so on). */
export function sidesOf(row: Row, me: string): QcSide[] {
  const sides: QcSide[] = [];
  if (row.client_id === me) sides.push('brand');
  if (row.factory_client_id === me) sides.push('factory');
  if (row.inspector_client_id === me) sides.push('inspector');
  return sides;
}

/** The inspection as the caller may see it (RLS), locked for a change; 404 otherwise. */
async function lockVisible(tx: Tx, id: unknown): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, id)).for('update')) as Row[];
  if (!row) throw notFound();
  return row;
}

function checkVersion(row: Row, data: Record<string, unknown>): void {
  const v = typeof data.version === 'number' ? data.version : /^\d+$/.test(String(data.version ?? '')) ? Number(data.version) : null;
  if (v !== Number(row.version)) throw conflict();
}

const plainRow = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** Defect counts per class from the recorded defects. */
async function countsOf(tx: Tx, id: string): Promise<Record<DefectClass, number>> {
  const rows = rowsOf<{ cls: string; n: number }>(
    await tx.execute(sql`select defect_class as cls, coalesce(sum(qty), 0)::int as n from ${qc_inspection_defects} where parent_id = ${id} group by defect_class`),
  );
  const counts = { critical: 0, major: 0, minor: 0 };
  for (const r of rows) if ((DEFECT_CLASSES as readonly string[]).includes(r.cls)) counts[r.cls as DefectClass] = Number(r.n);
  return counts;
}

/** The one view both sides read: the document, its children, the live verdict and what the caller may do. */
async function view(tx: Tx, ctx: AuthedContext, id: string) {
  const [row] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, id))) as Row[];
  if (!row) throw notFound();
  const sides = sidesOf(row, ctx.session.clientId);
  const lines = await tx.select().from(qc_inspection_lines).where(eq(qc_inspection_lines.parent_id, id)).orderBy(asc(qc_inspection_lines.seq));
  const defects = await tx.select().from(qc_inspection_defects).where(eq(qc_inspection_defects.parent_id, id)).orderBy(asc(qc_inspection_defects.seq));
  const readings = await tx.select().from(qc_inspection_readings).where(eq(qc_inspection_readings.parent_id, id)).orderBy(asc(qc_inspection_readings.seq));
  const plans = (row.plans ?? {}) as ClassPlans;
  const counts = { critical: Number(row.critical_count ?? 0), major: Number(row.major_count ?? 0), minor: Number(row.minor_count ?? 0) };
  const live = Object.keys(plans).length ? verdict(plans, counts) : null;
  return {
    doc: { ...plainRow(row), lines, defects, readings },
    sides,
    live,
    actions: ctx.session.userType === 'GUEST' ? [] : qcActionsFrom(row.status, sides).map((a) => a.action),
  };
}

const partiesOf = (row: Row): string[] =>
  [...new Set([String(row.client_id), String(row.factory_client_id ?? ''), String(row.inspector_client_id ?? '')])].filter(isUuid);

function emitToParties(parties: string[], event: { id: string; status: string; version: number }): void {
  const io = getHub()?.io;
  if (!io) return;
  for (const c of parties) io.to(clientRoom(c)).emit(QC_EVENT, event);
}

/** Tells the other parties: a live event to each company room after commit; state steps also reach the inbox. */
async function tellParties(tx: Tx, ctx: AuthedContext, row: Row, inbox?: { key: string; params: Record<string, string> }): Promise<void> {
  const me = ctx.session.clientId;
  const parties = partiesOf(row);
  const event = { id: String(row.id), status: String(row.status), version: Number(row.version) };
  await afterCommit(tx, ctx.db, () => emitToParties(parties, event));
  if (!inbox) return;
  for (const other of parties.filter((c) => c !== me)) {
    const admins = rowsOf<{ id: string }>(await tx.execute(sql`select qc_party_admins(${other}::uuid) as id`)).map((a) => a.id);
    // The brand's user who booked it hears too.
    const also = other === row.client_id && isUuid(row.created_by) ? [String(row.created_by)] : [];
    await notify(tx, ctx.session, {
      type: 'MSG',
      toUserIds: [...new Set([...admins, ...also])],
      toClientId: other,
      module: QC_MODULE,
      functionSubarea: QC_MENU[0],
      relatedKey: String(row.id),
      content: { en: t('en', inbox.key, inbox.params), zh: t('zh', inbox.key, inbox.params) },
      url: URL(String(row.id)),
      menuId: QC_MENU[0],
    });
  }
}

async function audit(tx: Tx, ctx: AuthedContext, id: string, action: string, changes: { field: string; old: unknown; new: unknown }[]) {
  await tx.insert(auditLog).values({ clientId: ctx.session.clientId, entity: 'inspection', recordId: id, action, userId: ctx.session.userId, changes });
}

/** Writes columns of an inspection (version + 1) and returns the new row. */
async function write(tx: Tx, ctx: AuthedContext, id: string, patch: Row): Promise<Row> {
  await tx
    .update(qc_inspection)
    .set({ ...patch, version: sql`${qc_inspection.version} + 1`, updated_by: ctx.session.userId, updated_at: sql`now()` } as never)
    .where(eq(qc_inspection.id, id));
  const [after] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, id))) as Row[];
  return after!;
}

// --- booking -----------------------------------------------------------------------------------

interface PlanInput {
  level: unknown;
  severity?: Severity;
  aql_critical?: unknown;
  aql_major?: unknown;
  aql_minor?: unknown;
}

/** The plans per class for a lot (a class with an empty AQL has none), and the pieces to inspect. */
export function plansFor(lotSize: number, input: PlanInput, lang: Lang) {
  try {
    const plans: Record<string, ReturnType<typeof samplingPlan>> = {};
    for (const cls of DEFECT_CLASSES) {
      const aql = input[`aql_${cls}`];
      if (aql === undefined || aql === null || aql === '') continue;
      plans[cls] = samplingPlan({ lotSize, level: input.level as never, aql: aql as never, severity: input.severity ?? 'normal' });
    }
    if (Object.keys(plans).length === 0) throw new SamplingError('quality.noPlans');
    const sampleSize = Math.max(...Object.values(plans).map((p) => p.sampleSize));
    const codeLetter = Object.values(plans)[0]!.codeLetter;
    return { plans, sampleSize, codeLetter };
  } catch (e) {
    return samplingRefusal(e, lang);
  }
}

const SEVERITY_RANK: Record<Severity, number> = { reduced: 0, normal: 1, tightened: 2 };

/**
 * The switching state for the next final inspection of these styles at this factory (the caller's
 * own bookings: per supplier and product). Each style's lots are walked on their own; the strictest
 * severity wins. Reduced is reached only when the brand allows it (`allowReduced`, the responsible
 * authority of ISO 2859-1 clause 9.3.3) — a reduced style then yields to a normal one of the lot.
 */
export async function switchingFor(
  tx: Tx,
  brandId: string,
  factoryId: string,
  styles: string[],
  options: { allowReduced?: boolean } = {},
): Promise<SwitchState & { style: string | null }> {
  let worst: (SwitchState & { style: string | null }) | null = null;
  for (const style of [...new Set(styles)]) {
    const lots = rowsOf<{ result: string; plans: ClassPlans | null; critical_count: number; major_count: number; minor_count: number }>(
      await tx.execute(sql`select i.result, i.plans, i.critical_count, i.major_count, i.minor_count from ${qc_inspection} i
        where i.client_id = ${brandId} and i.factory_client_id = ${factoryId} and i.inspection_type = 'FINAL' and i.result in ('PASS', 'FAIL')
          and exists (select 1 from ${qc_inspection_lines} l where l.parent_id = i.id and l.style_code = ${style})
        order by i.inspection_date, i.created_at, i.id`),
    );
    const state = nextSeverity(
      lots.map((l) => ({
        accepted: l.result === 'PASS',
        // accepted with more than Ac in a class: the gap of a reduced plan (switching.ts)
        beyondAccept: DEFECT_CLASSES.some((cls) => l.plans?.[cls] && Number(l[`${cls}_count`] ?? 0) > l.plans[cls]!.accept),
      })),
      options,
    );
    if (!worst || SEVERITY_RANK[state.severity] > SEVERITY_RANK[worst.severity] || (worst.style === null && state.reason !== 'start' && state.severity === worst.severity)) {
      worst = { ...state, style: state.reason === 'start' ? null : style };
    }
  }
  return worst ?? { ...nextSeverity([]), style: null };
}

async function nextCode(tx: Tx, clientId: string, day: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`qc_code:${clientId}`}, 0))`);
  const prefix = `QC-${day.replaceAll('-', '')}-`;
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${qc_inspection} where client_id = ${clientId} and code like ${`${prefix}%`}`));
  return `${prefix}${String((r?.n ?? 0) + 1).padStart(3, '0')}`;
}

/** The brand books an inspection on a customer order it placed (read through the order's buyer policy). */
async function book(tx: Tx, ctx: AuthedContext, body: Record<string, unknown>, reinspectionOf?: Row): Promise<Row> {
  const me = ctx.session.clientId;
  if (ctx.session.userType === 'GUEST') throw forbidden();
  const orderId = body.customer_order_id;
  const [order] = isUuid(orderId)
    ? rowsOf<Row>(await tx.execute(sql`select id, client_id, code, status from ord_customer_order where id = ${orderId} and buyer_client_id = ${me}`))
    : [];
  if (!order) refuse('quality.orderNotFound');
  if (!reinspectionOf && !['OPEN', 'IN_PROGRESS'].includes(String(order.status))) refuse('quality.orderNotOpen');
  const type = reinspectionOf ? 'RE_INSPECTION' : body.inspection_type;
  if (!INSPECTION_TYPES.some((x) => x.value === type)) throw new HttpError(400, 'input.badParam', { name: 'inspection_type' });
  if (!isDay(body.inspection_date)) refuse('quality.dateRequired');
  const party = body.inspector_party;
  if (!INSPECTOR_PARTIES.some((x) => x.value === party)) throw new HttpError(400, 'input.badParam', { name: 'inspector_party' });
  const factory = String(order.client_id);
  let inspector = party === 'BRAND' ? me : factory;
  if (party === 'COMPANY') {
    if (!isUuid(body.inspector_client_id)) refuse('quality.inspectorCompanyRequired');
    const [c] = await tx.select({ id: client.id, type: client.type, status: client.status }).from(client).where(eq(client.id, body.inspector_client_id));
    if (!c || c.type !== INSPECTION_COMPANY || c.status !== 'ACTIVE') refuse('quality.inspectorNotCompany');
    inspector = c.id;
  }
  // Offered lines: each on the order, a whole quantity of at most the ordered one.
  const orderLines = rowsOf<{ style_code: string; colour: string; size: string; qty: string }>(
    await tx.execute(sql`select style_code, colour, size, qty from ord_customer_order_lines where parent_id = ${order.id}`),
  );
  const offered = Array.isArray(body.lines) ? (body.lines as Row[]) : [];
  if (offered.length === 0 || offered.length > 500) refuse('quality.linesRequired');
  let lot = 0;
  const lineRows = offered.map((l, i) => {
    const key = (x: { style_code: unknown; colour: unknown; size: unknown }) => `${String(x.style_code).toUpperCase()}|${x.colour}|${x.size}`;
    const match = orderLines.find((o) => key(o) === key(l as never));
    if (!match) refuse('quality.lineNotOnOrder', { row: i + 1, style: String(l.style_code ?? ''), colour: String(l.colour ?? ''), size: String(l.size ?? '') });
    const q = wholeNumber(l.qty, 1);
    const max = roundDec(match.qty, 0)!;
    if (q === null || compareDec(String(q), match.qty) > 0) refuse('quality.lineQtyInvalid', { row: i + 1, max });
    lot += q;
    return { seq: i, style_code: match.style_code, colour: match.colour, size: match.size, qty: String(q) };
  });
  const planInput: PlanInput = {
    level: body.level ?? 'II',
    aql_critical: body.aql_critical ?? '0',
    aql_major: body.aql_major ?? '2.5',
    aql_minor: body.aql_minor ?? '4.0',
  };
  // The switching rules pick the severity of a final inspection's plan from the factory's earlier
  // lots of the same styles; a re-inspection keeps the plan of the lot it re-inspects.
  const severity = reinspectionOf ? ((reinspectionOf.severity as Severity | null) ?? 'normal') : type === 'FINAL' ? (await switchingFor(tx, me, factory, lineRows.map((l) => l.style_code), { allowReduced: body.allow_reduced === true })).severity : 'normal';
  // A lot of one piece has no plan in Table I: the sampling refusal names the lot size.
  const { plans, sampleSize, codeLetter } = plansFor(lot, { ...planInput, severity }, ctx.lang);
  // What a failure will set off: the penalty and deduction the factory's ticket carries (checked as the ticket's closing checks them).
  const penalty = {
    penalty_result: emptyToNull(body.penalty_result),
    deduction_amount: emptyToNull(body.deduction_amount),
    deduction_ratio: emptyToNull(body.deduction_ratio),
    deduction_type: emptyToNull(body.deduction_type),
  };
  const penaltyErrors = checkPenalty(penalty, ctx.lang);
  if (Object.keys(penaltyErrors).length) throw new ValidationError(penaltyErrors);
  // The template and the graded charts, copied (a re-inspection keeps its lot's copy, checks unanswered).
  const snapshot = reinspectionOf
    ? { template_id: reinspectionOf.template_id ?? null, catalogue: reinspectionOf.catalogue ?? null, points: reinspectionOf.points ?? null,
        checks: Array.isArray(reinspectionOf.checks) ? (reinspectionOf.checks as Row[]).map((c) => ({ ...c, result: null, note: null })) : null }
    : await templateSnapshot(tx, me, body.template_id, lineRows);
  const remark = body.remark === undefined || body.remark === null || body.remark === '' ? null : text(body.remark, 1000);
  if (body.remark && remark === null) throw new HttpError(400, 'input.badParam', { name: 'remark' });
  const [created] = (await tx
    .insert(qc_inspection)
    .values({
      client_id: me,
      code: await nextCode(tx, me, String(body.inspection_date)),
      inspection_type: type,
      customer_order_id: String(order.id),
      order_code: String(order.code),
      factory_client_id: factory,
      factory_name: await companyName(tx, factory),
      brand_name: await companyName(tx, me),
      inspector_party: party,
      inspector_client_id: inspector,
      inspector_name: await companyName(tx, inspector),
      inspection_date: body.inspection_date,
      level: planInput.level,
      severity,
      aql_critical: planInput.aql_critical === '' ? null : String(planInput.aql_critical),
      aql_major: planInput.aql_major === '' ? null : String(planInput.aql_major),
      aql_minor: planInput.aql_minor === '' ? null : String(planInput.aql_minor),
      lot_size: String(lot),
      code_letter: codeLetter,
      sample_size: sampleSize,
      plans,
      sampled_qty: 0,
      critical_count: 0,
      major_count: 0,
      minor_count: 0,
      reinspection_of: reinspectionOf ? String(reinspectionOf.id) : null,
      remark,
      ...penalty,
      ...snapshot,
      deduction_amount: penalty.deduction_amount === null ? null : roundDec(penalty.deduction_amount, 4),
      deduction_ratio: penalty.deduction_ratio === null ? null : roundDec(penalty.deduction_ratio, 4),
      status: QC_STATUS.BOOKED,
      version: 1,
      created_by: ctx.session.userId,
      updated_by: ctx.session.userId,
    } as never)
    .returning()) as Row[];
  await tx.insert(qc_inspection_lines).values(lineRows.map((l) => ({ ...l, client_id: me, parent_id: created!.id })) as never);
  await audit(tx, ctx, String(created!.id), 'book', [{ field: 'status', old: null, new: QC_STATUS.BOOKED }]);
  await tellParties(tx, ctx, created!, {
    key: 'quality.notify.booked',
    params: { company: String(created!.brand_name), code: String(created!.code), order: String(order.code), date: String(body.inspection_date) },
  });
  return created!;
}

// --- transitions -------------------------------------------------------------------------------

const statusLabel = (status: unknown, lang: Lang) => {
  const v = QC_STATUSES.find((s) => s.value === status);
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status ?? '');
};
const actionLabel = (a: QcAction, lang: Lang) => (lang === 'en' ? a.label.en : a.label.zh);

function reasonOf(data: Record<string, unknown>): string {
  const r = typeof data.reason === 'string' ? data.reason.trim() : '';
  if (!r) refuse('quality.reasonRequired');
  if (r.length > 1000 || r.includes('\u0000')) refuse('quality.reasonTooLong');
  return r;
}

/** What an action writes besides the status (and the status itself when the action decides it). */
async function effect(tx: Tx, ctx: AuthedContext, action: QcAction, row: Row, data: Record<string, unknown>): Promise<Row> {
  switch (action.action) {
    case 'propose-date':
      if (!isDay(data.date)) refuse('quality.dateRequired');
      return { proposed_date: data.date, inspection_date: data.date };
    case 'cancel':
      return { cancel_reason: reasonOf(data) };
    case 'override':
      return { override_reason: reasonOf(data), override_by: ctx.session.userId };
    case 'reinspect':
      if (!isDay(data.date)) refuse('quality.dateRequired');
      return {};
    case 'finish': {
      // The finishing inspector signs (the e-sign area's pad): a PNG kept with the report.
      if (data.signature === undefined || data.signature === null || data.signature === '') refuse('quality.signatureRequired');
      if (!isSignaturePng(data.signature)) refuse('quality.signatureInvalid');
      const counts = await countsOf(tx, String(row.id));
      const v = verdict((row.plans ?? {}) as ClassPlans, counts);
      const done = Number(row.sampled_qty ?? 0);
      const size = Number(row.sample_size ?? 0);
      // The lot may be rejected before every piece is seen; a pass needs the whole sample.
      if (done < size && v.pass) refuse('quality.sampleIncomplete', { size, done });
      const [me] = await tx.select({ name: appUser.fullName, username: appUser.username }).from(appUser).where(eq(appUser.id, ctx.session.userId));
      return {
        result: v.pass ? 'PASS' : 'FAIL',
        status: v.pass ? QC_STATUS.PASSED : QC_STATUS.FAILED,
        finished_by: ctx.session.userId,
        finished_by_name: me?.name || me?.username || null,
        finished_at: new Date(),
        finished_signature: data.signature,
        comment: typeof data.comment === 'string' ? data.comment.slice(0, 2000) : row.comment };
    }
    default:
      return {};
  }
}

async function runAction(tx: Tx, ctx: AuthedContext, action: QcAction) {
  const data = dataObject(ctx.body);
  const row = await lockVisible(tx, data.id);
  const sides = sidesOf(row, ctx.session.clientId);
  if (sides.length === 0) throw notFound();
  if (ctx.session.userType === 'GUEST') throw forbidden();
  if (!action.sides.some((s) => sides.includes(s))) {
    throw new HttpError(403, 'quality.notYourSide', { side: t(ctx.lang, `quality.side.${action.sides[0]}`), action: actionLabel(action, ctx.lang) });
  }
  checkVersion(row, data);
  const status = String(row.status ?? '');
  if (!action.from.includes(status)) refuse('quality.badState', { action: actionLabel(action, ctx.lang), status: statusLabel(status, ctx.lang) });
  const patch = await effect(tx, ctx, action, row, data);
  const after = await write(tx, ctx, String(row.id), { status: action.to, ...patch });
  await audit(tx, ctx, String(row.id), action.action, [
    { field: 'status', old: status, new: after.status },
    ...Object.keys(patch).filter((f) => f !== 'status').map((f) => ({ field: f, old: row[f] ?? null, new: patch[f] ?? null })),
  ]);
  // The brand acting on a failure makes sure its ticket exists (the one opened after the inspector's commit may have been lost).
  if (status === QC_STATUS.FAILED && sides.includes('brand')) await ensureFailureTicket(tx, String(row.id));
  let next: Row | null = null;
  if (action.action === 'reinspect') {
    const lines = await tx.select().from(qc_inspection_lines).where(eq(qc_inspection_lines.parent_id, String(row.id)));
    // The same plan: a class the first booking had no plan for (null AQL) stays without one.
    const aqls = { aql_critical: row.aql_critical ?? '', aql_major: row.aql_major ?? '', aql_minor: row.aql_minor ?? '' };
    next = await book(tx, ctx, { ...row, ...aqls, inspection_date: data.date, lines, remark: null }, row);
  }
  if (action.action === 'finish') await onResult(tx, ctx, after);
  // Issue 27: whoever follows the order (its T&A) hears of the pass, in this transaction.
  if (after.status === QC_STATUS.PASSED && status !== QC_STATUS.PASSED && isUuid(after.customer_order_id)) {
    await emitBusinessEvent(tx, { type: 'inspection.passed', clientId: ctx.session.clientId, userId: ctx.session.userId, lang: ctx.lang, data: { inspection_id: String(after.id), customer_order_ids: [String(after.customer_order_id)] } });
  }
  await tellParties(tx, ctx, after, {
    key: 'quality.notify.changed',
    params: { code: String(after.code), order: String(after.order_code), state: statusLabel(after.status, 'en'), company: await companyName(tx, ctx.session.clientId) },
  });
  return { ...(await view(tx, ctx, String(row.id))), reinspection_id: next ? String(next.id) : null };
}

/**
 * A result sets off, in the brand's tenant (./failure.ts): a failure's exception ticket on the
 * factory's side and the vendor KPI of its month. At once when the brand itself inspected, after this
 * commit otherwise (then the parties' screens refetch once the ticket is open). A failed final
 * inspection also blocks the order's shipment (shipmentBlockedBy reads the state).
 */
async function onResult(tx: Tx, ctx: AuthedContext, row: Row): Promise<void> {
  const brand = String(row.client_id);
  if (ctx.session.clientId === brand) {
    await brandConsequences(tx, String(row.id));
    return;
  }
  const parties = partiesOf(row);
  await afterCommit(tx, ctx.db, () =>
    brandConsequencesLater(ctx.db, brand, String(row.id), (ticketId) => {
      if (ticketId) emitToParties(parties, { id: String(row.id), status: String(row.status), version: Number(row.version) });
    }),
  );
}

// --- recording (the inspector, in progress) ----------------------------------------------------

async function recording(tx: Tx, ctx: AuthedContext, data: Record<string, unknown>): Promise<Row> {
  const row = await lockVisible(tx, data.id);
  const sides = sidesOf(row, ctx.session.clientId);
  if (sides.length === 0) throw notFound();
  if (!sides.includes('inspector') || ctx.session.userType === 'GUEST') {
    throw new HttpError(403, 'quality.notYourSide', { side: t(ctx.lang, 'quality.side.inspector'), action: ctx.lang === 'en' ? 'record' : '记录' });
  }
  if (row.status !== QC_STATUS.IN_PROGRESS) refuse('quality.notRecording');
  return row;
}

async function recountAndWrite(tx: Tx, ctx: AuthedContext, row: Row, extra: Row = {}): Promise<Row> {
  const counts = await countsOf(tx, String(row.id));
  const after = await write(tx, ctx, String(row.id), { critical_count: counts.critical, major_count: counts.major, minor_count: counts.minor, ...extra });
  await tellParties(tx, ctx, after);
  return after;
}

async function setSampled(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const row = await recording(tx, ctx, data);
  const max = Number(row.sample_size ?? 0);
  const n = wholeNumber(data.sampled_qty, 0);
  if (n === null || n > max) refuse('quality.sampledInvalid', { max });
  await recountAndWrite(tx, ctx, row, { sampled_qty: n });
  return view(tx, ctx, String(row.id));
}

async function addDefect(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const row = await recording(tx, ctx, data);
  const code = text(data.defect_code, 32);
  const cls = data.defect_class;
  const qty = wholeNumber(data.qty ?? 1, 1);
  if (!code || !DEFECT_CLASSES.includes(cls as DefectClass) || qty === null || qty > 100000) refuse('quality.defectInvalid');
  // A class the booking set no AQL for is not judged: its defects would have nothing to count against.
  if (!((row.plans ?? {}) as ClassPlans)[cls as DefectClass]) samplingRefusal(new SamplingError('quality.defectsWithoutPlan', { cls: String(cls), count: qty! }), ctx.lang);
  const photos = data.photos ?? [];
  if (!Array.isArray(photos) || photos.length > 10 || !photos.every((p) => typeof p === 'string' && p.length > 0 && p.length <= 1024)) refuse('quality.photosInvalid');
  const key = data.client_key === undefined || data.client_key === null ? null : text(data.client_key, 64);
  if (data.client_key && !key) throw new HttpError(400, 'input.badParam', { name: 'client_key' });
  // The same key twice (a phone resending) records the defect once.
  if (key) {
    const [seen] = await tx.select({ id: qc_inspection_defects.id }).from(qc_inspection_defects).where(and(eq(qc_inspection_defects.parent_id, String(row.id)), eq(qc_inspection_defects.client_key, key)));
    if (seen) return view(tx, ctx, String(row.id));
  }
  const [s] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(seq), -1)::int + 1 as n from ${qc_inspection_defects} where parent_id = ${row.id}`));
  const note = data.note ? text(data.note, 1000) : null;
  await tx.insert(qc_inspection_defects).values({
    client_id: row.client_id, parent_id: row.id, seq: s?.n ?? 0, defect_code: code, defect_class: cls, qty, photos, note, client_key: key,
  } as never);
  await recountAndWrite(tx, ctx, row);
  return view(tx, ctx, String(row.id));
}

async function removeDefect(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const row = await recording(tx, ctx, data);
  if (!isUuid(data.defect_id)) throw notFound();
  const gone = await tx.delete(qc_inspection_defects).where(and(eq(qc_inspection_defects.parent_id, String(row.id)), eq(qc_inspection_defects.id, data.defect_id))).returning({ id: qc_inspection_defects.id });
  if (gone.length === 0) throw notFound();
  await recountAndWrite(tx, ctx, row);
  return view(tx, ctx, String(row.id));
}

/** The inspector answers one of the template's checks (pass, fail, not applicable) with a note. */
async function answerCheck(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const row = await recording(tx, ctx, data);
  const checks = Array.isArray(row.checks) ? (row.checks as Row[]) : [];
  const at = checks.findIndex((c) => c.code === data.code);
  if (at < 0 || !['PASS', 'FAIL', 'NA'].includes(String(data.result))) refuse('quality.checkInvalid');
  const note = data.note ? text(data.note, 500) : null;
  const next = checks.map((c, i) => (i === at ? { ...c, result: data.result, note } : c));
  await recountAndWrite(tx, ctx, row, { checks: next });
  return view(tx, ctx, String(row.id));
}

const dec4 = (v: unknown): string | null => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^-?\d{1,13}(\.\d{1,4})?$/.test(s) && isDecimal(s) ? roundDec(s, 4)! : null;
};

async function addReading(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const row = await recording(tx, ctx, data);
  const point = text(data.point, 64);
  const size = text(data.size, 32);
  const style = data.style_code ? text(data.style_code, 64) : null;
  const piece = wholeNumber(data.piece, 1);
  // A point of the style's graded chart: its spec and tolerances, not typed ones.
  const chart = point && size ? pointFor(row.points, { point, size, style_code: style }) : undefined;
  const [spec, tol, tolMinus, measured] = chart
    ? [roundDec(chart.spec, 4), roundDec(chart.tol_plus, 4), roundDec(chart.tol_minus, 4), dec4(data.measured)]
    : [dec4(data.spec), dec4(data.tolerance), dec4(data.tolerance), dec4(data.measured)];
  if (!point || !size || piece === null || piece > Number(row.sample_size ?? 0) || spec === null || tol === null || tolMinus === null || measured === null || compareDec(tol, '0') < 0 || compareDec(tolMinus, '0') < 0) {
    refuse('quality.readingInvalid');
  }
  const diff = subDec(measured, spec);
  // Above spec + tol(+) or below spec − tol(−), in exact decimals.
  const out = diff.startsWith('-') ? compareDec(diff.slice(1), tolMinus) > 0 : compareDec(diff, tol) > 0;
  const [s] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(seq), -1)::int + 1 as n from ${qc_inspection_readings} where parent_id = ${row.id}`));
  await tx.insert(qc_inspection_readings).values({
    client_id: row.client_id, parent_id: row.id, seq: s?.n ?? 0, point: chart?.pom_code ?? point, size, piece, spec, tolerance: tol, tol_minus: tolMinus, style_code: chart?.style_code ?? style, measured, out_of_tolerance: out,
  } as never);
  await recountAndWrite(tx, ctx, row);
  return view(tx, ctx, String(row.id));
}

// --- lists -------------------------------------------------------------------------------------

/**
 * The control tower's figures (registered in ./index) and the lists they open: one condition each,
 * so a figure and its list count the same rows (RLS: the inspections the company is party to).
 */
export const QC_VIEWS = {
  today: { label: { en: 'Inspections today', zh: '今日验货' }, cond: sql`inspection_date = current_date and status <> 'CANCELLED'` },
  'failed-week': { label: { en: 'Inspections failed this week', zh: '本周验货不合格' }, cond: sql`result = 'FAIL' and inspection_date >= date_trunc('week', current_date)::date and inspection_date < date_trunc('week', current_date)::date + 7` },
  'awaiting-reinspection': { label: { en: 'Awaiting re-inspection', zh: '待复检' }, cond: sql`inspection_type = 'RE_INSPECTION' and status in ('BOOKED', 'CONFIRMED', 'IN_PROGRESS')` },
} as const;
export type QcView = keyof typeof QC_VIEWS;

export async function countView(tx: Tx, view: QcView): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${qc_inspection} where ${QC_VIEWS[view].cond}`));
  return Number(r?.n ?? 0);
}

const SORTABLE = new Set(['inspection_date', 'code', 'status', 'created_at', 'order_code']);

/** Every inspection the caller's company is party to (RLS), paged, sorted and filtered. */
async function pageList(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageParams(ctx.query, { maxSize: 200 });
  const where = [sql`true`];
  const status = ctx.query.status;
  if (typeof status === 'string' && status) {
    if (!QC_STATUSES.some((s) => s.value === status)) throw new HttpError(400, 'input.badParam', { name: 'status' });
    where.push(sql`status = ${status}`);
  }
  const type = ctx.query.inspection_type;
  if (typeof type === 'string' && type) where.push(sql`inspection_type = ${type}`);
  const kw = typeof ctx.query.keyword === 'string' ? ctx.query.keyword.trim().slice(0, 100) : '';
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(code ilike ${like} or order_code ilike ${like} or factory_name ilike ${like} or inspector_name ilike ${like})`);
  }
  if (isUuid(ctx.query.customer_order_id)) where.push(sql`customer_order_id = ${ctx.query.customer_order_id}`);
  const view = ctx.query.view;
  if (typeof view === 'string' && view) {
    if (!Object.hasOwn(QC_VIEWS, view)) throw new HttpError(400, 'input.badParam', { name: 'view' });
    where.push(QC_VIEWS[view as QcView].cond);
  }
  const sortField = typeof ctx.query.sort === 'string' && SORTABLE.has(ctx.query.sort) ? ctx.query.sort : 'inspection_date';
  const order = ctx.query.order === 'asc' ? sql`asc` : sql`desc`;
  const cond = sql.join(where, sql` and `);
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${qc_inspection} where ${cond}`)) as [{ n: number }];
  const rows = rowsOf<Row>(
    await tx.execute(sql`select id, code, inspection_type, order_code, brand_name, factory_name, inspector_name, inspection_date::text as inspection_date,
      proposed_date::text as proposed_date, sample_size, sampled_qty, critical_count, major_count, minor_count, status, result, version
      from ${qc_inspection} where ${cond} order by ${sql.identifier(sortField)} ${order}, id desc limit ${size} offset ${(page - 1) * size}`),
  );
  return { rows, total: n, page, size };
}

/** The brand's orders it may book on (placed on a factory, not cancelled), with their lines. */
async function bookableOrders(tx: Tx, ctx: AuthedContext) {
  const orders = rowsOf<Row>(
    await tx.execute(sql`select o.id, o.code, o.status, o.total_qty, c.name as factory_name from ord_customer_order o join client c on c.id = o.client_id
      where o.buyer_client_id = ${ctx.session.clientId} and o.status in ('OPEN', 'IN_PROGRESS') order by o.created_at desc limit 200`),
  );
  const ids = orders.map((o) => String(o.id));
  const lines = ids.length
    ? rowsOf<Row>(await tx.execute(sql`select parent_id, style_code, colour, size, qty from ord_customer_order_lines where parent_id = any(${`{${ids.join(',')}}`}::uuid[]) order by seq`))
    : [];
  return orders.map((o) => ({ ...o, lines: lines.filter((l) => l.parent_id === o.id) }));
}

/**
 * For the shipping work: the inspection that blocks an order's shipment, or null. A final (or
 * re-)inspection that failed blocks until a later final-stage inspection of the order passes or
 * the brand overrides the failure (a recorded decision with a reason). Runs under the caller's
 * tenant: the brand and the factory of the order both read it.
 */
export async function shipmentBlockedBy(tx: Tx, orderId: string): Promise<{ id: string; code: string; status: string } | null> {
  if (!isUuid(orderId)) return null;
  const rows = rowsOf<{ id: string; code: string; status: string }>(
    await tx.execute(sql`select id, code, status from ${qc_inspection}
      where customer_order_id = ${orderId} and inspection_type in ('FINAL', 'RE_INSPECTION') and status <> 'CANCELLED'
      order by created_at desc, id desc`),
  );
  for (const r of rows) {
    if (r.status === QC_STATUS.PASSED) return null;
    if (r.status === QC_STATUS.FAILED || r.status === QC_STATUS.REINSPECTION) return r;
  }
  return null;
}

export function inspectionRoutes(api: Api): void {
  const base = 'scmapi/inspection';
  const opts = { auth: true, menu: QC_MENU } as const;
  const one = { ...opts, params: ['id'] } as const; // a route on one inspection
  api.get(`${base}/page-list`, { ...opts, schema: R.get('Inspections my company books, makes or inspects', { query: { status: S.string(), inspection_type: S.string(), keyword: S.string(), customer_order_id: S.uuid(), sort: S.string(), order: S.enum(['asc', 'desc']), p: S.paging() } }) }, (ctx) => ctx.tenant((tx) => pageList(tx, ctx)));
  api.get(`${base}/view`, { ...one, schema: R.byId('One inspection with its lines, defects and readings') }, (ctx) =>
    ctx.tenant(async (tx) => {
      if (!isUuid(ctx.query.id)) throw notFound();
      return view(tx, ctx, ctx.query.id);
    }),
  );
  api.get(`${base}/orders`, { ...opts, schema: R.get('Customer orders my company may book an inspection of') }, (ctx) => ctx.tenant((tx) => bookableOrders(tx, ctx)));
  api.get(`${base}/inspection-companies`, { ...opts, schema: R.get('Active inspection companies', { response: S.list(S.object({ id: S.uuid(), name: S.string(), code: S.string() })) }) }, (ctx) =>
    ctx.tenant((tx) =>
      tx.select({ id: client.id, name: client.name, code: client.code }).from(client).where(and(eq(client.type, INSPECTION_COMPANY as never), eq(client.status, 'ACTIVE'))).orderBy(client.name),
    ),
  );
  api.post(`${base}/book`, { ...opts, schema: R.save('Book an inspection of a customer order', S.object({ customer_order_id: S.uuid(), inspection_type: S.string(), inspection_date: S.date(), inspector_party: S.string(), inspector_client_id: S.uuid(), level: S.string('Default II'), aql_critical: S.string(), aql_major: S.string(), aql_minor: S.string(), allow_reduced: S.boolean('The brand allows reduced inspection: after 10 lots accepted the switching rules reduce the plan'), remark: S.string(), lines: S.list(S.map()) }, ['customer_order_id', 'inspection_type', 'inspection_date'])) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const created = await book(tx, ctx, dataObject(ctx.body));
      return view(tx, ctx, String(created.id));
    }),
  );
  for (const action of INSPECTION_ACTIONS) api.post(`${base}/${action.action}`, { ...one, schema: R.onDoc(`${pickLabel(action.label, 'en')} an inspection`, { date: S.date('A new date (propose-date, reinspect)'), reason: S.string('Needed by override and cancel'), comment: S.string(), signature: S.string('finish: the inspector\'s drawn signature, a PNG data URL') }, { description: `From ${action.from.join(', ')} to ${action.to}; ${action.sides.join(' or ')}.` }) }, (ctx) => ctx.tenant((tx) => runAction(tx, ctx, action)));
  api.post(`${base}/sampled`, { ...one, schema: R.onDoc('Record how many pieces were sampled', { sampled_qty: S.integer() }) }, (ctx) => ctx.tenant((tx) => setSampled(tx, ctx)));
  api.post(`${base}/defect`, { ...one, schema: R.onDoc('Record a defect found', { defect_code: S.string(), defect_class: S.string(), qty: S.integer(), photos: S.list(S.string()), note: S.string(), client_key: S.string('Makes a retry harmless') }) }, (ctx) => ctx.tenant((tx) => addDefect(tx, ctx)));
  api.post(`${base}/defect-remove`, { ...opts, params: ['id', 'defect_id'], schema: R.onDoc('Remove a recorded defect', { defect_id: S.uuid() }) }, (ctx) => ctx.tenant((tx) => removeDefect(tx, ctx)));
  api.post(`${base}/reading`, { ...one, schema: R.onDoc('Record a measurement', { point: S.string(), size: S.string(), style_code: S.string(), piece: S.integer(), spec: S.decimal(), tolerance: S.decimal(), measured: S.decimal() }) }, (ctx) => ctx.tenant((tx) => addReading(tx, ctx)));
  api.post(`${base}/check`, { ...one, schema: R.onDoc("Answer a template's check", { code: S.string('The check'), result: S.enum(['PASS', 'FAIL', 'NA']), note: S.string() }) }, (ctx) => ctx.tenant((tx) => answerCheck(tx, ctx)));
  // The printable report (/printpage/inspection) and its workbook.
  api.get(`${base}/report`, { ...one, schema: R.byId("An inspection's printable report, in the customer's print language") }, (ctx) => ctx.tenant((tx) => inspectionReport(tx, ctx)));
  api.get(`${base}/report-xlsx`, { ...one, schema: R.byId("An inspection's report as an xlsx workbook") }, (ctx) => sendInspectionXlsx(ctx));
  // The severity the switching rules give the next final inspection of an order's styles (the booking form shows it).
  api.get(`${base}/next-severity`, { ...opts, params: ['order_id'], schema: R.get('The sampling severity (normal, tightened, reduced) of the next final inspection of an order', { query: { order_id: S.uuid(), allow_reduced: S.flag('Whether the brand allows reduced inspection') } }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const orderId = ctx.query.order_id;
      const [o] = isUuid(orderId) ? rowsOf<{ id: string; client_id: string }>(await tx.execute(sql`select id, client_id from ord_customer_order where id = ${orderId} and buyer_client_id = ${ctx.session.clientId}`)) : [];
      if (!o) throw notFound();
      const styles = rowsOf<{ style_code: string }>(await tx.execute(sql`select distinct style_code from ord_customer_order_lines where parent_id = ${o.id}`)).map((r) => r.style_code);
      const allowReduced = ['1', 'true'].includes(String(ctx.query.allow_reduced ?? ''));
      const state = await switchingFor(tx, ctx.session.clientId, String(o.client_id), styles, { allowReduced });
      return { severity: state.severity, reason: state.reason, style: state.style };
    }),
  );
  api.get(`${base}/shipment-block`, { ...opts, schema: R.get('The failed inspection that blocks shipping an order, if any', { query: { order_id: S.uuid() } }) }, (ctx) => ctx.tenant((tx) => shipmentBlockedBy(tx, String(ctx.query.order_id ?? ''))));
}

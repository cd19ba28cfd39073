// Sample requests and quotes: documents one brand and one supplier company work on together.
// The brand creates the row (client_id) naming the supplier (supplier_client_id); row-level
// security shows it to exactly those two companies (a third gets 404) and a guard trigger lets
// the supplier change only its own columns (measured values, costing) — migration
// development_rls. Each step notifies the other company (notify()), which is how both screens
// stay live. docs/development.md lists the calls.
import {
  R, S,
  BizError,
  client,
  conflict,
  dataObject,
  eq,
  forbidden,
  isUuid,
  notFound,
  notify,
  registerSharedFiles,
  sql,
  ValidationError,
  type Api,
  type AuthedContext,
  type Tx, pagingOf,
} from '@seamline/server/api';
import { isDecimal, roundDec, validateValue } from '@seamline/core';
import { MAX_TIERS, PLM_MODULE, plmMessages, plmText, quotePrice, quotePriceAt, SAMPLE_TYPES, withinTolerance, type PlmMessageKey } from '../meta';
import { idOf, rows, versionOf, type Row } from './db';

type Side = 'brand' | 'supplier';
const SAMPLE_MENUS = ['DEV_SAMPLING'];
const QUOTE_MENUS = ['DEV_QUOTE'];

// --- shared -----------------------------------------------------------------------------------

/** A message of the area in the caller's language (field errors carry the text itself). */
const msg = (ctx: AuthedContext, key: PlmMessageKey, vars: Record<string, string> = {}): string =>
  (plmMessages[ctx.lang === 'en' ? 'en' : 'zh'][key] as string).replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? '');

function sideOf(ctx: AuthedContext, doc: Row): Side {
  return doc.client_id === ctx.session.clientId ? 'brand' : 'supplier';
}
function must(ctx: AuthedContext, doc: Row, side: Side): void {
  if (sideOf(ctx, doc) !== side) throw forbidden(side === 'brand' ? 'plm.brandOnly' : 'plm.supplierOnly');
}
function inState(doc: Row, ...states: string[]): void {
  if (!states.includes(doc.status)) throw new BizError('plm.badState');
}
const fourPlaces = (v: unknown): boolean => isDecimal(v as string) && !/\.\d{5,}$/.test(String(v).trim());

async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await tx.select({ name: client.name }).from(client).where(eq(client.id, id));
  return c?.name ?? '';
}

/** Tells the other company of a document: its administrators, plus the brand user who asked. */
async function tell(tx: Tx, ctx: AuthedContext, doc: Row, key: PlmMessageKey, vars: Parameters<typeof plmText>[1], kind: 'sampling' | 'quote') {
  const to = sideOf(ctx, doc) === 'brand' ? doc.supplier_client_id : doc.client_id;
  const admins = await rows<{ id: string }>(tx, sql`select plm_counterpart_admins(${to}) as id`);
  const extra = to === doc.client_id && isUuid(doc.created_by) ? [doc.created_by as string] : [];
  await notify(tx, { userId: ctx.session.userId, clientId: ctx.session.clientId }, {
    type: 'MSG',
    toUserIds: [...new Set([...admins.map((a) => a.id), ...extra])],
    toClientId: to,
    module: PLM_MODULE,
    functionSubarea: kind,
    relatedKey: doc.id,
    content: plmText(key, { company: await companyName(tx, ctx.session.clientId), ...vars }),
    url: `/dev/page/${kind}?id=${doc.id}`,
    menuId: kind === 'sampling' ? 'DEV_SAMPLING' : 'DEV_QUOTE',
  });
}

/** Sets columns of a visible row at its version (else 409); returns the row after. */
async function update(tx: Tx, table: 'plm_sample' | 'plm_quote', doc: Row, version: number, set: Record<string, unknown>, userId: string): Promise<Row> {
  const cols = Object.entries(set).map(([k, v]) => sql`${sql.identifier(k)} = ${v === undefined ? null : typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`);
  const res = await rows(
    tx,
    sql`update ${sql.identifier(table)} set ${sql.join(cols, sql`, `)}, version = version + 1, updated_by = ${userId}, updated_at = now()
         where id = ${doc.id} and version = ${version} returning id`,
  );
  if (!res.length) throw conflict();
  return res[0];
}

/** The platform companies the brand may ask: its vendors linked to another company (as sourcing does). */
/**
 * The brand's linked supplier companies, each with whether it can answer a sample request and a
 * quote (issue 23): a company whose menus for them are switched off never sees the request, so it
 * is not offered for it (plm_company_opens, migration: only of a company linked as a vendor).
 */
async function suppliers(tx: Tx, ctx: AuthedContext) {
  return rows(
    tx,
    sql`select distinct c.id as supplier_client_id, c.name, v.code as vendor_code,
               plm_company_opens(c.id, 'DEV_SAMPLING') as can_sample, plm_company_opens(c.id, 'DEV_QUOTE') as can_quote
          from md_vendor v join client c on c.id::text = v.supplier_client_id
         where v.client_id = ${ctx.session.clientId} and c.id <> ${ctx.session.clientId} order by c.name`,
  );
}
async function checkSupplier(tx: Tx, ctx: AuthedContext, id: unknown, kind: 'sample' | 'quote'): Promise<string> {
  const list = await suppliers(tx, ctx);
  const hit = list.find((s) => s.supplier_client_id === id);
  if (!hit) throw new ValidationError({ supplier_client_id: [msg(ctx, 'plm.noSupplier')] });
  if (!(kind === 'sample' ? hit.can_sample : hit.can_quote)) throw new ValidationError({ supplier_client_id: [msg(ctx, 'plm.supplierCannotAnswer', { company: String(hit.name) })] });
  return hit.supplier_client_id as string;
}

async function ownStyle(tx: Tx, ctx: AuthedContext, id: unknown): Promise<Row> {
  if (!isUuid(id)) throw new ValidationError({ style_id: [msg(ctx, 'plm.noStyle')] });
  const [s] = await rows(tx, sql`select id, code, name, image from plm_style where id = ${id} and client_id = ${ctx.session.clientId}`);
  if (!s) throw new ValidationError({ style_id: [msg(ctx, 'plm.noStyle')] });
  return s;
}

function dateOrNull(ctx: AuthedContext, v: unknown, field: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  const r = validateValue(String(v), [{ type: 'date' }], ctx.lang);
  if (r.hasError) throw new ValidationError({ [field]: [r.errorMsg] });
  return String(v);
}

const nextCode = async (tx: Tx, ctx: AuthedContext, table: 'plm_sample' | 'plm_quote', prefix: string) => {
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where client_id = ${ctx.session.clientId}`);
  return `${prefix}${new Date().toISOString().slice(2, 7).replace('-', '')}-${String(n + 1).padStart(4, '0')}`;
};

async function listOf(tx: Tx, ctx: AuthedContext, table: 'plm_sample' | 'plm_quote') {
  let q: Row = {};
  let p: Row = {};
  try {
    q = ctx.query.q ? JSON.parse(String(ctx.query.q)) : {};
    p = ctx.query.p ? JSON.parse(String(ctx.query.p)) : {};
  } catch {
    throw new BizError('http.badRequest');
  }
  const { page, size } = pagingOf(p, { maxSize: 100 });
  const me = ctx.session.clientId;
  const conds = [q.side === 'supplier' ? sql`d.supplier_client_id = ${me}` : q.side === 'brand' ? sql`d.client_id = ${me}` : sql`(d.client_id = ${me} or d.supplier_client_id = ${me})`];
  if (typeof q.status === 'string' && q.status) conds.push(sql`d.status = ${q.status}`);
  if (isUuid(q.style_id)) conds.push(sql`d.style_id = ${q.style_id}`);
  if (typeof q.code === 'string' && q.code) conds.push(sql`d.code like ${`${q.code.toUpperCase()}%`}`);
  const where = sql.join(conds, sql` and `);
  const list = await rows(
    tx,
    sql`select d.*, b.name as brand_name, s.name as supplier_name, case when d.client_id = ${me} then 'brand' else 'supplier' end as side
          from ${sql.identifier(table)} d join client b on b.id = d.client_id join client s on s.id = d.supplier_client_id
         where ${where} order by d.updated_at desc, d.id limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} d where ${where}`);
  return { rows: list, total: n, page, size };
}

async function visible(tx: Tx, table: 'plm_sample' | 'plm_quote', id: unknown): Promise<Row> {
  const [d] = await rows(tx, sql`select * from ${sql.identifier(table)} where id = ${idOf(id)}`);
  if (!d) throw notFound();
  return d;
}

/** The body of one side's action and the document it acts on: visible, that side's, in a state it may act from. */
async function actionOn(tx: Tx, ctx: AuthedContext, table: 'plm_sample' | 'plm_quote', side: Side, ...states: string[]) {
  const d = dataObject(ctx.body);
  const doc = await visible(tx, table, d.id);
  must(ctx, doc, side);
  inState(doc, ...states);
  return { d, doc };
}

// --- sampling ---------------------------------------------------------------------------------

async function sampleView(tx: Tx, ctx: AuthedContext, id: unknown) {
  const s = await visible(tx, 'plm_sample', id);
  const points = await rows(tx, sql`select * from plm_sample_point where sample_id = ${s.id} order by seq`);
  const side = sideOf(ctx, s);
  return {
    ...s,
    side,
    brand_name: await companyName(tx, s.client_id),
    supplier_name: await companyName(tx, s.supplier_client_id),
    points: points.map((p) => ({ ...p, within: withinTolerance(p.spec, p.tol_plus, p.tol_minus, p.measured) })),
    out_of_tolerance: points.filter((p) => withinTolerance(p.spec, p.tol_plus, p.tol_minus, p.measured) === false).length,
    can: {
      measure: side === 'supplier' && s.status === 'requested',
      comment: side === 'brand' && (s.status === 'requested' || s.status === 'measured'),
      decide: side === 'brand' && s.status === 'measured',
    },
  };
}

async function createSample(tx: Tx, ctx: AuthedContext) {
  const d = dataObject(ctx.body);
  const style = await ownStyle(tx, ctx, d.style_id);
  const supplier = await checkSupplier(tx, ctx, d.supplier_client_id, 'sample');
  const type = String(d.sample_type ?? '');
  if (!SAMPLE_TYPES.some((t) => t.value === type)) throw new ValidationError({ sample_type: [msg(ctx, 'plm.required')] });
  const due = dateOrNull(ctx, d.due_date, 'due_date');
  const charts = await rows(
    tx,
    sql`select id, unit, sizes from plm_measurement_chart where client_id = ${ctx.session.clientId} and style_id = ${style.id}
         ${isUuid(d.chart_id) ? sql`and id = ${d.chart_id}` : sql``} order by updated_at desc limit 1`,
  );
  const chart = charts[0];
  const size = String(d.size_code ?? chart?.sizes?.base ?? '').toUpperCase();
  if (!chart || !(chart.sizes?.sizes ?? []).includes(size)) throw new ValidationError({ size_code: [msg(ctx, 'plm.noChart')] });
  const points = await rows(tx, sql`select * from plm_measurement_chart_points where parent_id = ${chart.id} order by seq`);
  const code = await nextCode(tx, ctx, 'plm_sample', 'SMP');
  const [row] = await rows(
    tx,
    sql`insert into plm_sample (client_id, supplier_client_id, code, style_id, style_code, style_name, style_image, sample_type, size_code, unit, due_date, brand_remarks, created_by, updated_by)
        values (${ctx.session.clientId}, ${supplier}, ${code}, ${style.id}, ${style.code}, ${style.name}, ${style.image}, ${type}, ${size}, ${chart.unit}, ${due}, ${(d.brand_remarks as string) ?? null}, ${ctx.session.userId}, ${ctx.session.userId})
        returning *`,
  );
  await insertPoints(tx, row, points.map((p) => ({ pom_code: p.pom_code, description: p.description, spec: p.graded?.[size] ?? p.base_value, tol_plus: p.tol_plus, tol_minus: p.tol_minus, critical: p.critical, comment: null })));
  await tell(tx, ctx, row, 'plm.sampleRequested', { type: SAMPLE_TYPES.find((t) => t.value === type)!.label, style: style.code, due: due ?? '-' }, 'sampling');
  return sampleView(tx, ctx, row.id);
}

async function insertPoints(tx: Tx, sample: Row, points: Row[]) {
  for (const [seq, p] of points.entries()) {
    await tx.execute(sql`insert into plm_sample_point (client_id, supplier_client_id, sample_id, seq, pom_code, description, spec, tol_plus, tol_minus, critical, comment)
      values (${sample.client_id}, ${sample.supplier_client_id}, ${sample.id}, ${seq}, ${p.pom_code}, ${p.description}, ${p.spec}, ${p.tol_plus}, ${p.tol_minus}, ${!!p.critical}, ${p.comment})`);
  }
}

/** Point updates of one side: measured values (supplier) or fit comments (brand); 11000 by row. */
async function writePoints(tx: Tx, ctx: AuthedContext, sample: Row, list: unknown, column: 'measured' | 'comment') {
  if (!Array.isArray(list)) return;
  const stored = await rows(tx, sql`select id from plm_sample_point where sample_id = ${sample.id}`);
  const ids = new Set(stored.map((p) => p.id));
  const errors: Array<Record<string, string[]> | null> = [];
  const writes: Array<[string, string | null]> = [];
  for (const item of list as Row[]) {
    const value = item?.[column];
    const blank = value === null || value === undefined || value === '';
    if (!item || !ids.has(item.id)) {
      errors.push({ id: [msg(ctx, 'plm.notFound')] });
      continue;
    }
    if (column === 'measured' && !blank && !fourPlaces(value)) {
      errors.push({ measured: [msg(ctx, 'plm.badNumber')] });
      continue;
    }
    errors.push(null);
    writes.push([item.id, blank ? null : column === 'measured' ? (roundDec(String(value), 4) as string) : String(value).slice(0, 500)]);
  }
  if (errors.some(Boolean)) throw new ValidationError({ points: errors });
  for (const [pid, v] of writes) await tx.execute(sql`update plm_sample_point set ${sql.identifier(column)} = ${v} where id = ${pid}`);
}

async function measureSample(tx: Tx, ctx: AuthedContext) {
  const { d, doc: s } = await actionOn(tx, ctx, 'plm_sample', 'supplier', 'requested');
  const version = versionOf(d.version);
  if (version !== s.version) throw conflict();
  await writePoints(tx, ctx, s, d.points, 'measured');
  const submit = d.submit === true || d.submit === '1' || d.submit === 1;
  await update(tx, 'plm_sample', s, version, { supplier_remarks: (d.supplier_remarks as string) ?? s.supplier_remarks, ...(submit ? { status: 'measured', answered_at: new Date().toISOString() } : {}) }, ctx.session.userId);
  const view = await sampleView(tx, ctx, s.id);
  await tell(tx, ctx, s, submit ? 'plm.sampleMeasured' : 'plm.sampleComment', { code: s.code, out: view.out_of_tolerance }, 'sampling');
  return view;
}

async function commentSample(tx: Tx, ctx: AuthedContext) {
  const { d, doc: s } = await actionOn(tx, ctx, 'plm_sample', 'brand', 'requested', 'measured');
  const version = versionOf(d.version);
  if (version !== s.version) throw conflict();
  await writePoints(tx, ctx, s, d.points, 'comment');
  await update(tx, 'plm_sample', s, version, { brand_remarks: (d.brand_remarks as string) ?? s.brand_remarks }, ctx.session.userId);
  await tell(tx, ctx, s, 'plm.sampleComment', { code: s.code }, 'sampling');
  return sampleView(tx, ctx, s.id);
}

async function decideSample(tx: Tx, ctx: AuthedContext, decision: 'approve' | 'rework') {
  const { d, doc: s } = await actionOn(tx, ctx, 'plm_sample', 'brand', 'measured');
  await update(tx, 'plm_sample', s, versionOf(d.version), { status: decision === 'approve' ? 'approved' : 'rework', decided_at: new Date().toISOString() }, ctx.session.userId);
  if (decision === 'approve') {
    await tell(tx, ctx, s, 'plm.sampleApproved', { code: s.code }, 'sampling');
    return sampleView(tx, ctx, s.id);
  }
  // Another round: a new request with the same points (measured values cleared, comments kept).
  const points = await rows(tx, sql`select * from plm_sample_point where sample_id = ${s.id} order by seq`);
  const [next] = await rows(
    tx,
    sql`insert into plm_sample (client_id, supplier_client_id, code, style_id, style_code, style_name, style_image, sample_type, size_code, unit, round, due_date, brand_remarks, previous_id, created_by, updated_by)
        values (${s.client_id}, ${s.supplier_client_id}, ${`${s.code.replace(/-R\d+$/, '')}-R${s.round + 1}`}, ${s.style_id}, ${s.style_code}, ${s.style_name}, ${s.style_image}, ${s.sample_type}, ${s.size_code}, ${s.unit}, ${s.round + 1},
                ${dateOrNull(ctx, d.due_date, 'due_date') ?? s.due_date}, ${s.brand_remarks}, ${s.id}, ${ctx.session.userId}, ${ctx.session.userId})
        returning *`,
  );
  await insertPoints(tx, next, points);
  await tell(tx, ctx, next, 'plm.sampleRework', { code: s.code }, 'sampling');
  return sampleView(tx, ctx, next.id);
}

// --- quotes -----------------------------------------------------------------------------------

async function quoteView(tx: Tx, ctx: AuthedContext, id: unknown) {
  const q = await visible(tx, 'plm_quote', id);
  const side = sideOf(ctx, q);
  const at = quotePriceAt(q.unit_price, q.tiers, q.qty);
  return {
    ...q,
    // What the quote asks for its quantity: its tier there, else the costed price (issue 23).
    price_at_qty: at.price,
    price_tier: at.tier,
    side,
    brand_name: await companyName(tx, q.client_id),
    supplier_name: await companyName(tx, q.supplier_client_id),
    can: { quote: side === 'supplier' && q.status === 'requested', decide: side === 'brand' && q.status === 'submitted' },
  };
}

async function createQuote(tx: Tx, ctx: AuthedContext) {
  const d = dataObject(ctx.body);
  const style = await ownStyle(tx, ctx, d.style_id);
  const supplier = await checkSupplier(tx, ctx, d.supplier_client_id, 'quote');
  if (d.qty !== undefined && d.qty !== '' && d.qty !== null && !fourPlaces(d.qty)) throw new ValidationError({ qty: [msg(ctx, 'plm.badNumber')] });
  const due = dateOrNull(ctx, d.due_date, 'due_date');
  const code = await nextCode(tx, ctx, 'plm_quote', 'QT');
  const [row] = await rows(
    tx,
    sql`insert into plm_quote (client_id, supplier_client_id, code, style_id, style_code, style_name, qty, currency, due_date, brand_remarks, created_by, updated_by)
        values (${ctx.session.clientId}, ${supplier}, ${code}, ${style.id}, ${style.code}, ${style.name}, ${d.qty || null}, ${String(d.currency || 'CNY').slice(0, 3)}, ${due}, ${(d.brand_remarks as string) ?? null}, ${ctx.session.userId}, ${ctx.session.userId})
        returning *`,
  );
  await tell(tx, ctx, row, 'plm.quoteRequested', { style: style.code }, 'quote');
  return quoteView(tx, ctx, row.id);
}

/** The supplier's costing: 4-place decimals; tiers levels 1..5 once each, at most five. */
function costing(ctx: AuthedContext, d: Row) {
  const errors: Record<string, any> = {};
  const out: Row = {};
  for (const f of ['material_cost', 'labour_cost', 'overhead_cost', 'margin_pct']) {
    const v = d[f];
    if (v === undefined || v === null || v === '') out[f] = null;
    else if (!fourPlaces(v) || String(v).trim().startsWith('-')) errors[f] = [msg(ctx, 'plm.badNumber')];
    else out[f] = roundDec(String(v), 4);
  }
  const tiers = Array.isArray(d.tiers) ? (d.tiers as Row[]) : [];
  const tierErrors: Array<Record<string, string[]> | null> = [];
  const seen = new Set<number>();
  tiers.forEach((t, i) => {
    const e: Record<string, string[]> = {};
    const level = Number(t?.level);
    if (i >= MAX_TIERS) e.level = [msg(ctx, 'plm.tierTooMany')];
    else if (!Number.isInteger(level) || level < 1 || level > MAX_TIERS) e.level = [msg(ctx, 'plm.tierLevel')];
    else if (seen.has(level)) e.level = [msg(ctx, 'plm.tierDuplicate')];
    seen.add(level);
    if (!fourPlaces(t?.min_qty)) e.min_qty = [msg(ctx, 'plm.badNumber')];
    if (!fourPlaces(t?.unit_price)) e.unit_price = [msg(ctx, 'plm.badNumber')];
    tierErrors.push(Object.keys(e).length ? e : null);
  });
  if (tierErrors.some(Boolean)) errors.tiers = tierErrors;
  if (d.lead_time_days !== undefined && d.lead_time_days !== null && d.lead_time_days !== '' && !/^\d{1,4}$/.test(String(d.lead_time_days))) errors.lead_time_days = [msg(ctx, 'plm.badNumber')];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  out.tiers = tiers
    .map((t) => ({ level: Number(t.level), min_qty: roundDec(String(t.min_qty), 4), unit_price: roundDec(String(t.unit_price), 4) }))
    .sort((a, b) => a.level - b.level);
  out.unit_price = out.material_cost === null && out.labour_cost === null ? null : quotePrice(out).price;
  out.lead_time_days = d.lead_time_days === undefined || d.lead_time_days === '' || d.lead_time_days === null ? null : Number(d.lead_time_days);
  return out;
}

async function saveQuote(tx: Tx, ctx: AuthedContext, submit: boolean) {
  const { d, doc: q } = await actionOn(tx, ctx, 'plm_quote', 'supplier', 'requested');
  const version = versionOf(d.version);
  if (version !== q.version) throw conflict();
  const c = submit && d.material_cost === undefined ? costing(ctx, q) : costing(ctx, d);
  if (submit && (c.material_cost === null || c.labour_cost === null)) throw new ValidationError({ [c.material_cost === null ? 'material_cost' : 'labour_cost']: [msg(ctx, 'plm.required')] });
  await update(tx, 'plm_quote', q, version, { ...c, supplier_remarks: (d.supplier_remarks as string) ?? q.supplier_remarks, ...(submit ? { status: 'submitted', submitted_at: new Date().toISOString() } : {}) }, ctx.session.userId);
  if (submit) await tell(tx, ctx, q, 'plm.quoteSubmitted', { style: q.style_code, price: String(c.unit_price), currency: q.currency }, 'quote');
  return quoteView(tx, ctx, q.id);
}

async function decideQuote(tx: Tx, ctx: AuthedContext, decision: 'accepted' | 'declined') {
  const { d, doc: q } = await actionOn(tx, ctx, 'plm_quote', 'brand', 'submitted');
  await update(tx, 'plm_quote', q, versionOf(d.version), { status: decision, decided_at: new Date().toISOString(), brand_remarks: (d.brand_remarks as string) ?? q.brand_remarks }, ctx.session.userId);
  await tell(tx, ctx, q, decision === 'accepted' ? 'plm.quoteAccepted' : 'plm.quoteDeclined', { style: q.style_code }, 'quote');
  return quoteView(tx, ctx, q.id);
}

/** The brand's side-by-side comparison of a style's answered quotes, cheapest first. */
async function compareQuotes(tx: Tx, ctx: AuthedContext) {
  const style = await ownStyle(tx, ctx, ctx.query.style_id);
  const list = await rows(
    tx,
    sql`select q.*, s.name as supplier_name from plm_quote q join client s on s.id = q.supplier_client_id
         where q.client_id = ${ctx.session.clientId} and q.style_id = ${style.id} and q.status <> 'requested'
         order by q.unit_price nulls last, q.submitted_at`,
  );
  // Cheapest first by what each quote asks for its quantity (its tier there), not the costed price.
  const priced: Row[] = list.map((q: Row) => {
    const at = quotePriceAt(q.unit_price, q.tiers, q.qty);
    return { ...q, price_at_qty: at.price, price_tier: at.tier };
  });
  const key = (q: Row) => (q.price_at_qty === null ? Number.POSITIVE_INFINITY : Number(q.price_at_qty));
  priced.sort((a, b) => key(a) - key(b));
  return { style, quotes: priced, best: priced[0]?.id ?? null };
}

// The style image copied onto a sample request is the brand's file: the supplier of the request
// reads it too, nobody else (issue 23). Row-level security shows the reader only its requests.
registerSharedFiles(async (tx, reader, url) => {
  const hit = await rows(tx, sql`select 1 from plm_sample where (style_image = ${url} or style_image like ${`%${url}`}) and (client_id = ${reader} or supplier_client_id = ${reader}) limit 1`);
  return hit.length > 0;
});

export function exchangeRoutes(api: Api): void {
  const s = { auth: true as const, menu: SAMPLE_MENUS };
  const q = { auth: true as const, menu: QUOTE_MENUS };
  api.get('plmapi/sampling/suppliers', { auth: true, menu: [...SAMPLE_MENUS, ...QUOTE_MENUS], schema: R.get('Companies a sample or a quote can be asked of', { query: { q: S.string('Part of a name') } }) }, (ctx) => ctx.tenant((tx) => suppliers(tx, ctx)));
  api.get('plmapi/sampling/page-list', { ...s, schema: R.get('Samples (asked by my company, or of it)', { query: { q: S.jsonText(S.object({ status: S.string(), style_id: S.uuid(), supplier_client_id: S.uuid(), code: S.string() })), p: S.paging() } }) }, (ctx) => ctx.tenant((tx) => listOf(tx, ctx, 'plm_sample')));
  api.get('plmapi/sampling/view', { ...s, params: ['id'], schema: R.byId('One sample with its measured points') }, (ctx) => ctx.tenant((tx) => sampleView(tx, ctx, ctx.query.id)));
  api.post('plmapi/sampling/create', { ...s, schema: R.save('Ask a supplier for a sample of a style', S.object({ style_id: S.uuid(), supplier_client_id: S.uuid(), sample_type: S.string(), size_code: S.string(), chart_id: S.uuid(), due_date: S.date(), brand_remarks: S.string() }, ['style_id', 'supplier_client_id'])) }, (ctx) => ctx.tenant((tx) => createSample(tx, ctx)));
  api.post('plmapi/sampling/measure', { ...s, params: ['id'], schema: R.onDoc("Record a sample's measurements (the supplier)", { points: S.list(S.map({}, '{id, value} with value an exact decimal')), supplier_remarks: S.string(), submit: S.boolean('Send it to the brand') }) }, (ctx) => ctx.tenant((tx) => measureSample(tx, ctx)));
  api.post('plmapi/sampling/comment', { ...s, params: ['id'], schema: R.onDoc("Comment a sample's points (the brand)", { points: S.list(S.map()), brand_remarks: S.string(), due_date: S.date() }) }, (ctx) => ctx.tenant((tx) => commentSample(tx, ctx)));
  api.post('plmapi/sampling/approve', { ...s, params: ['id'], schema: R.onDoc('Approve a sample') }, (ctx) => ctx.tenant((tx) => decideSample(tx, ctx, 'approve')));
  api.post('plmapi/sampling/rework', { ...s, params: ['id'], schema: R.onDoc('Send a sample back for rework', { due_date: S.date() }) }, (ctx) => ctx.tenant((tx) => decideSample(tx, ctx, 'rework')));

  api.get('plmapi/quote/page-list', { ...q, schema: R.get('Development quotes (asked by my company, or of it)', { query: { q: S.jsonText(S.object({ status: S.string(), style_id: S.uuid(), supplier_client_id: S.uuid(), code: S.string() })), p: S.paging() } }) }, (ctx) => ctx.tenant((tx) => listOf(tx, ctx, 'plm_quote')));
  api.get('plmapi/quote/view', { ...q, params: ['id'], schema: R.byId('One development quote') }, (ctx) => ctx.tenant((tx) => quoteView(tx, ctx, ctx.query.id)));
  api.get('plmapi/quote/compare', { ...q, schema: R.get("A style's quotes side by side", { query: { style_id: S.uuid(), id: S.uuid() } }) }, (ctx) => ctx.tenant((tx) => compareQuotes(tx, ctx)));
  api.post('plmapi/quote/create', { ...q, schema: R.save('Ask a supplier to quote a style', S.object({ style_id: S.uuid(), supplier_client_id: S.uuid(), qty: S.decimal(), tiers: S.list(S.decimal()), currency: S.string(), due_date: S.date(), brand_remarks: S.string() }, ['style_id', 'supplier_client_id'])) }, (ctx) => ctx.tenant((tx) => createQuote(tx, ctx)));
  api.post('plmapi/quote/save', { ...q, params: ['id'], schema: R.onDoc('Save my quote (the supplier)', { material_cost: S.decimal(), labour_cost: S.decimal(), overhead_cost: S.decimal(), margin_pct: S.decimal(), supplier_remarks: S.string() }) }, (ctx) => ctx.tenant((tx) => saveQuote(tx, ctx, false)));
  api.post('plmapi/quote/submit', { ...q, params: ['id'], schema: R.onDoc('Save and send my quote (the supplier)', { material_cost: S.decimal(), labour_cost: S.decimal(), overhead_cost: S.decimal(), margin_pct: S.decimal(), supplier_remarks: S.string() }) }, (ctx) => ctx.tenant((tx) => saveQuote(tx, ctx, true)));
  api.post('plmapi/quote/accept', { ...q, params: ['id'], schema: R.onDoc('Accept a quote', { brand_remarks: S.string() }) }, (ctx) => ctx.tenant((tx) => decideQuote(tx, ctx, 'accepted')));
  api.post('plmapi/quote/decline', { ...q, params: ['id'], schema: R.onDoc('Decline a quote', { brand_remarks: S.string() }) }, (ctx) => ctx.tenant((tx) => decideQuote(tx, ctx, 'declined')));
}

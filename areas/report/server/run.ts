// Runs a report: one grouped aggregate over its source, in the caller's tenant transaction.
// Entity sources reuse the engine's own list rules — visibleWhere (company + the user's data
// rules on the entity's menu), parseFilters (the list's filter syntax and checks), canRead — so
// a report never shows a row the entity's list would not. Measures are computed by PostgreSQL in
// numeric and leave it as text with 4 places; nothing here does arithmetic in JS numbers.
import { pickLabel, type FieldDef, type Lang } from '@seamline/core';
import { and, BizError, forbidden, isUuid, notFound, sql, type Session, type Tx } from '@seamline/server/api';
import { attachLabels, canRead, loadActor, parseFilters, visibleWhere, type Registry } from '../../../server/src/engine';
import { optionLabels } from '../../../server/src/engine/transfer/lookups';
import { CO_STATUSES } from '../../orders/meta/customer-order';
import { TICKET_STATUS } from '../../ticket/meta/options';
import { visibleToCaller } from '../../ticket/server/access';
import type { Measure, ReportDef } from '../meta';

/** One group of a report: its key, its label in the caller's language and the measures as text. */
export interface ReportRow {
  key: string | null;
  label: string;
  [measure: string]: string | null;
}

export interface ReportResult {
  opt: string;
  rows: ReportRow[];
  /** The measures over all rows (an average of everything, not of the groups' averages). */
  total: Record<string, string | null>;
}

/** What a report reads: a table, who may see which rows, and how a field reads as a column. */
interface Source {
  from: ReturnType<typeof sql>;
  visible: ReturnType<typeof sql>;
  column(field: string): ReturnType<typeof sql> | undefined;
  /** Extra filters (the report's fixed ones, then the user's), as a where clause. */
  filter(q: Record<string, unknown>): ReturnType<typeof sql> | undefined;
  /** Labels of group keys. */
  labels(tx: Tx, keys: string[]): Promise<Map<string, string>>;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** '@today' / '@yesterday' in fixed filters become the database's dates (its clock, its time zone). */
async function today(tx: Tx): Promise<{ today: string; yesterday: string }> {
  const [d] = rowsOf<{ today: string; yesterday: string }>(
    await tx.execute(sql`select current_date::text as today, (current_date - 1)::text as yesterday`),
  );
  return d!;
}

function substitute(v: unknown, dates: { today: string; yesterday: string }): unknown {
  if (v === '@today') return dates.today;
  if (v === '@yesterday') return dates.yesterday;
  if (Array.isArray(v)) return v.map((x) => substitute(x, dates));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x, dates)]));
  return v;
}

export interface RunContext {
  registry: Registry;
  session: Session;
  lang: Lang;
  /** /clientrpt: the company whose rows the relation shares. */
  company?: string;
}

async function entitySource(tx: Tx, report: ReportDef, entity: string, ctx: RunContext): Promise<Source> {
  const reg = ctx.registry.get(entity);
  if (!reg) throw notFound();
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  if (!canRead(reg.def, actor)) throw forbidden();
  const t = reg.tables.main;
  const field = (name: string) => reg.def.fields.find((f) => f.name === name);
  return {
    from: sql`${t}`,
    visible: visibleWhere(reg, ctx.session.clientId, actor.rules),
    column: (name) => (field(name) ? sql`${t[name]}` : undefined),
    filter: (q) => parseFilters(reg, JSON.stringify(q)),
    labels: async (tx2, keys) => {
      const f = field(report.groupBy)!;
      if (f.type === 'select') {
        const of = (await optionLabels(tx2, ctx.registry, ctx.session.clientId, reg.def, ctx.lang)).get(f.name);
        return new Map(keys.map((k) => [k, of?.(k) ?? k]));
      }
      if (f.type === 'reference') {
        const rows = keys.map((k) => ({ [f.name]: k }) as Record<string, unknown>);
        await attachLabels(tx2, ctx.registry, ctx.session.clientId, [f as FieldDef], rows);
        return new Map(rows.map((r) => [String(r[f.name]), ((r._labels ?? {}) as Record<string, string>)[f.name] ?? String(r[f.name])]));
      }
      return new Map(keys.map((k) => [k, k]));
    },
  };
}

/** Equality filters of hand-written sources on their known columns (anything else: 400). */
function equalities(columns: Record<string, ReturnType<typeof sql>>, q: Record<string, unknown>) {
  const parts = Object.entries(q)
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([k, v]) => {
      const c = columns[k];
      if (!c || (typeof v !== 'string' && typeof v !== 'number')) throw new BizError('rpt.badFilter', { field: k });
      return sql`${c}::text = ${String(v)}`;
    });
  return parts.length ? and(...parts) : undefined;
}

const fixedLabels = (options: ReadonlyArray<{ value: string; label: { en: string; zh: string } }>, lang: Lang) =>
  new Map(options.map((o) => [o.value, pickLabel(o.label, lang)]));

const TICKET_STATUS_LABELS = [
  { value: String(TICKET_STATUS.IN_PROGRESS), label: { en: 'In progress', zh: '处理中' } },
  { value: String(TICKET_STATUS.CLOSING), label: { en: 'Closing', zh: '结案中' } },
  { value: String(TICKET_STATUS.CLOSED), label: { en: 'Closed', zh: '已结案' } },
];

/** Keyed labels read by a query of (key, label) rows. */
async function keyedLabels(tx: Tx, query: ReturnType<typeof sql>): Promise<Map<string, string>> {
  return new Map(rowsOf<{ key: string; label: string }>(await tx.execute(query)).map((r) => [r.key, r.label]));
}

async function customSource(tx: Tx, report: ReportDef, kind: 'ticket' | 'quotation' | 'placed-order', ctx: RunContext): Promise<Source> {
  const me = ctx.session.clientId;
  if (kind === 'ticket') {
    // Tickets span two companies; who sees one is the ticket area's own rule.
    const cols = { category_id: sql`tk_ticket.category_id`, status: sql`tk_ticket.status`, deduction_amount: sql`tk_ticket.deduction_amount` };
    return {
      from: sql`tk_ticket`,
      visible: visibleToCaller(ctx.session),
      column: (n) => cols[n as keyof typeof cols],
      filter: (q) => equalities(cols, q),
      labels: (tx2, keys) =>
        report.groupBy === 'status'
          ? Promise.resolve(fixedLabels(TICKET_STATUS_LABELS, ctx.lang))
          : keyedLabels(tx2, sql`select id::text as key, name as label from tk_ticket_category where id::text in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`),
    };
  }
  if (kind === 'quotation') {
    // The brand's view: quotations suppliers posted on its projects (policy srm_quotation_brand_read).
    const cols = { project_id: sql`q.project_id`, status: sql`q.status` };
    return {
      from: sql`srm_quotation q`,
      visible: sql`q.brand_client_id = ${me}`,
      column: (n) => cols[n as keyof typeof cols],
      filter: (q) => equalities(cols, q),
      labels: (tx2, keys) =>
        keyedLabels(tx2, sql`select id::text as key, code || ' ' || name as label from srm_project where client_id = ${me} and id::text in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`),
    };
  }
  // placed-order (/clientrpt): the orders the caller placed at one supplier it has as a vendor on
  // the platform — exactly the rows of that relation. No relation: 404, whatever id is guessed.
  const company = ctx.company;
  if (!company || !isUuid(company) || company === me) throw notFound();
  const [linked] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select exists (select 1 from md_vendor where client_id = ${me} and supplier_client_id = ${company}) as ok`),
  );
  if (!linked?.ok) throw notFound();
  const cols = { status: sql`o.status`, total_qty: sql`o.total_qty`, produced_qty: sql`o.produced_qty` };
  return {
    from: sql`ord_customer_order o`,
    visible: sql`o.client_id = ${company} and o.buyer_client_id = ${me}`,
    column: (n) => cols[n as keyof typeof cols],
    filter: (q) => equalities(cols, q),
    labels: () => Promise.resolve(fixedLabels(CO_STATUSES.map((s) => ({ value: s.value, label: s.label as { en: string; zh: string } })), ctx.lang)),
  };
}

function measureSql(m: Measure, source: Source) {
  if (m.agg === 'count') return sql`count(*)::text`;
  const c = source.column(m.field ?? '');
  if (!c) throw new Error(`report measure ${m.key}: no column ${m.field}`);
  // numeric all the way; the text keeps every digit (never a JS float).
  return m.agg === 'sum' ? sql`coalesce(sum(${c}), 0)::numeric(30, 4)::text` : sql`round(avg(${c}), 4)::numeric(30, 4)::text`;
}

const parseQ = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') throw new BizError('http.badRequest');
  try {
    const v = JSON.parse(raw);
    if (v === null) return {};
    if (typeof v !== 'object' || Array.isArray(v)) throw new Error();
    return v as Record<string, unknown>;
  } catch {
    throw new BizError('http.badRequest');
  }
};

export const MAX_GROUPS = 500;

/** Runs `report` for the caller with the user's filters `rawQ` (the engine's q syntax). */
export async function runReport(tx: Tx, report: ReportDef, rawQ: unknown, ctx: RunContext): Promise<ReportResult> {
  const userQ = parseQ(rawQ);
  for (const k of Object.keys(userQ)) if (!(report.filters ?? []).includes(k)) throw new BizError('rpt.badFilter', { field: k });
  const source = 'entity' in report.source ? await entitySource(tx, report, report.source.entity, ctx) : await customSource(tx, report, report.source.custom, ctx);
  const fixed = report.where ? (substitute(report.where, await today(tx)) as Record<string, unknown>) : {};
  const where = and(source.visible, source.filter(fixed), source.filter(userQ))!;
  const group = source.column(report.groupBy);
  if (!group) throw new Error(`report ${report.opt}: no column ${report.groupBy}`);
  const measures = sql.join(report.measures.map((m) => sql`${measureSql(m, source)} as ${sql.identifier(m.key)}`), sql`, `);
  const grouped = rowsOf<Record<string, string | null>>(
    await tx.execute(sql`select (${group})::text as key, ${measures} from ${source.from} where ${where}
      group by 1 order by 1 nulls last limit ${MAX_GROUPS}`),
  );
  const [total] = rowsOf<Record<string, string | null>>(await tx.execute(sql`select ${measures} from ${source.from} where ${where}`));
  const keys = grouped.map((r) => r.key).filter((k): k is string => k !== null);
  const labels = keys.length ? await source.labels(tx, keys) : new Map<string, string>();
  const none = ctx.lang === 'en' ? '(none)' : '(空)';
  return {
    opt: report.opt,
    rows: grouped.map((r) => ({ ...r, key: r.key, label: r.key === null ? none : (labels.get(r.key) ?? r.key) })),
    total: total ?? {},
  };
}

/** Whether the report's source exists in this app (an area may be absent in a test app). */
export const sourceAvailable = (report: ReportDef, registry: Registry): boolean =>
  !('entity' in report.source) || registry.get(report.source.entity) !== undefined;


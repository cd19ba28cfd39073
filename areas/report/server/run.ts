// Runs a report: one grouped aggregate over its source, in the caller's tenant transaction.
// Entity sources reuse the engine's own list rules — visibleWhere (company + the user's data
// rules on the entity's menu), parseFilters (the list's filter syntax and checks), canRead — so
// a report never shows a row the entity's list would not. Measures are computed by PostgreSQL in
// numeric and leave it as text with 4 places; nothing here does arithmetic in JS numbers.
import { pickLabel, type FieldDef, type Lang } from '@seamline/core';
import {
  and, BizError, forbidden, isUuid, notFound, sql, type Session, type Tx, attachLabels, canRead, loadActor, parseFilters, visibleWhere,
  type Registry, optionLabels,
} from '@seamline/server/api';
import { CO_STATUSES, customerOrderEntity } from '../../orders/meta/customer-order';
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
  /**
   * What a measure counts in (issue 30), from its field's definition: a unit or a currency, fixed
   * ('PCS') or per row. A per-row one is summed per code, never across codes: a group (or the
   * total) with one code has it in `<measure>__code`; one with several has the measure null and
   * the per-code sums in `<measure>__by` (JSON [{ code, value }]).
   */
  units: Record<string, { kind: 'unit' | 'currency'; code?: string }>;
}

/** A measure as text for a sheet: the value, or its per-code sums ('CNY 100.0000; USD 20.0000'). */
export function measureText(row: Record<string, string | null>, key: string): string | null {
  const by = row[`${key}__by`];
  if (!by) return row[key] ?? null;
  return (JSON.parse(by) as Array<{ code: string; value: string }>).map((e) => `${e.code} ${e.value}`).join('; ');
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
  /** The field's definition, when the source is an entity (its unit or currency). */
  fieldDef?(name: string): FieldDef | undefined;
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
  const me = ctx.session.clientId;
  if (report.counterpart && field('buyer_client_id')) {
    // Received orders (the list's own rules) and the ones the company placed on the platform.
    const counterpart = sql`case when ${t}.client_id = ${me}
        then coalesce('c:' || ${t[report.groupBy]}::text, 'co:' || nullif(${t.buyer_client_id}, ''))
        else 'co:' || ${t}.client_id::text end`;
    return {
      from: sql`${t}`,
      visible: sql`(${visibleWhere(reg, me, actor.rules)} or ${t.buyer_client_id} = ${me})`,
      column: (name) => (name === report.groupBy ? counterpart : field(name) ? sql`${t[name]}` : undefined),
      filter: (q) => parseFilters(reg, JSON.stringify(q)),
      labels: (tx2, keys) => counterpartLabels(tx2, ctx, field(report.groupBy) as FieldDef, keys),
      fieldDef: field,
    };
  }
  return {
    from: sql`${t}`,
    visible: visibleWhere(reg, ctx.session.clientId, actor.rules),
    fieldDef: field,
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

/** 'c:<customer>' reads as the customer (its display field), 'co:<company>' as the company's name. */
async function counterpartLabels(tx: Tx, ctx: RunContext, ref: FieldDef, keys: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const customers = keys.filter((k) => k.startsWith('c:')).map((k) => ({ [ref.name]: k.slice(2) }) as Record<string, unknown>);
  if (customers.length) {
    await attachLabels(tx, ctx.registry, ctx.session.clientId, [ref], customers);
    for (const r of customers) out.set(`c:${r[ref.name]}`, ((r._labels ?? {}) as Record<string, string>)[ref.name] ?? String(r[ref.name]));
  }
  const companies = keys.filter((k) => k.startsWith('co:') && isUuid(k.slice(3))).map((k) => k.slice(3));
  if (companies.length) {
    const names = await keyedLabels(tx, sql`select id::text as key, name as label from client where id::text in (${sql.join(companies.map((c) => sql`${c}`), sql`, `)})`);
    for (const [id, name] of names) out.set(`co:${id}`, name);
  }
  return out;
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
          : // A category is the opening company's; the counterpart reads its name through the
            // ticket (tk_ticket_category_name), never the raw id.
            keyedLabels(
              tx2,
              sql`select distinct on (tk_ticket.category_id) tk_ticket.category_id::text as key, tk_ticket_category_name(tk_ticket.id) as label
                    from tk_ticket
                   where ${visibleToCaller(ctx.session)} and tk_ticket.category_id::text in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})
                   order by tk_ticket.category_id, tk_ticket.id`,
            ),
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
    fieldDef: (n) => customerOrderEntity.fields.find((f) => f.name === n),
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
  const units = await splitByCode(tx, report, source, group, where, grouped, total ?? {});
  const keys = grouped.map((r) => r.key).filter((k): k is string => k !== null);
  const labels = keys.length ? await source.labels(tx, keys) : new Map<string, string>();
  const none = ctx.lang === 'en' ? '(none)' : '(空)';
  return {
    opt: report.opt,
    rows: grouped.map((r) => ({ ...r, key: r.key, label: r.key === null ? none : (labels.get(r.key) ?? r.key) })),
    total: total ?? {},
    units,
  };
}

/**
 * Like with like (issue 30): a sum or average of a field whose unit or currency is another field
 * is taken per code; a group or total that mixes codes loses its single figure (null) and carries
 * the per-code figures instead. Fixed units and currencies are only named.
 */
async function splitByCode(
  tx: Tx,
  report: ReportDef,
  source: Source,
  group: ReturnType<typeof sql>,
  where: ReturnType<typeof sql>,
  grouped: Array<Record<string, string | null>>,
  total: Record<string, string | null>,
): Promise<ReportResult['units']> {
  const units: ReportResult['units'] = {};
  for (const m of report.measures) {
    const f = m.agg === 'count' ? undefined : source.fieldDef?.(m.field ?? '');
    const by = f?.currency ?? f?.unit;
    if (!f || !by) continue;
    const kind = f.currency ? 'currency' : 'unit';
    if ('fixed' in by) {
      units[m.key] = { kind, code: by.fixed };
      continue;
    }
    units[m.key] = { kind };
    const codeCol = source.column(by.field);
    if (!codeCol) continue;
    const value = measureSql(m, source);
    const perGroup = rowsOf<{ key: string | null; code: string | null; value: string }>(
      await tx.execute(sql`select (${group})::text as key, (${codeCol})::text as code, ${value} as value from ${source.from} where ${where} group by 1, 2 order by 2 nulls last`),
    );
    const perTotal = rowsOf<{ code: string | null; value: string }>(
      await tx.execute(sql`select (${codeCol})::text as code, ${value} as value from ${source.from} where ${where} group by 1 order by 1 nulls last`),
    );
    const place = (row: Record<string, string | null>, list: Array<{ code: string | null; value: string }>) => {
      if (list.length > 1) {
        row[m.key] = null;
        row[`${m.key}__by`] = JSON.stringify(list.map((e) => ({ code: e.code ?? '', value: e.value })));
      } else row[`${m.key}__code`] = list[0]?.code ?? null;
    };
    for (const r of grouped) place(r, perGroup.filter((e) => e.key === r.key));
    place(total, perTotal);
  }
  return units;
}

/** Whether the report's source exists in this app (an area may be absent in a test app). */
export const sourceAvailable = (report: ReportDef, registry: Registry): boolean =>
  !('entity' in report.source) || registry.get(report.source.entity) !== undefined;


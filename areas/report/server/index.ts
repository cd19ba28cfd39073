// The report area's server part (prefix rptapi, docs/reports.md): report definitions run over the
// engine's entities (./run), their .xlsx export (./export), client reports for the other company
// of a relation, the factory wall board's figures, a document's print language, and the control
// tower's figures (./counters, registered at load).
import { pickLabel } from '@seamline/core';
import {
  R, S,
  defineArea, forbidden, isUuid, notFound, opensAnyMenu, sql, type Api, type AuthedContext, type Tx, canRead, loadActor, readContext,
  readDocument, registryOf, type Registry, loadTransferConfig, sendPath, removeScratch, scratchFile, XLSX_TYPE,
} from '@seamline/server/api';
import { REPORTS, reportByOpt, reportMessages, TOWER_ROLES, type ReportDef } from '../meta';
import './counters';
import { writeReport } from './export';
import { runReport, sourceAvailable, type ReportResult } from './run';

export const REPORTS_MENU = 'RPT_REPORTS';
export const VISUAL_MENU = 'RPT_VISUAL';
export const TOWER_MENU = 'RPT_CONTROL_TOWER';
/** Every menu some report opens by: a route accepts a caller who opens any of them. */
const REPORT_MENUS = [REPORTS_MENU, ...new Set(REPORTS.flatMap((r) => r.menus ?? []))];
/** A client report is read by the company that placed orders at a supplier. */
const CLIENT_MENUS = [REPORTS_MENU, 'SCM_CUSTOMER_ORDER'];

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The report named by `opt` if the caller may open it (RPT_REPORTS or one of its own menus); else 404. */
async function openReport(tx: Tx, ctx: AuthedContext, registry: Registry, client: boolean): Promise<ReportDef> {
  const report = reportByOpt(typeof ctx.query.opt === 'string' ? ctx.query.opt : undefined);
  if (!report || !!report.client !== client || !sourceAvailable(report, registry)) throw notFound();
  if (!client && !(await opensAnyMenu(tx, ctx.session, [REPORTS_MENU, ...(report.menus ?? [])]))) throw forbidden();
  return report;
}

async function run(ctx: AuthedContext, registry: Registry, client: boolean): Promise<{ report: ReportDef; result: ReportResult }> {
  return ctx.tenant(async (tx) => {
    const report = await openReport(tx, ctx, registry, client);
    const company = typeof ctx.query.company === 'string' ? ctx.query.company : undefined;
    const result = await runReport(tx, report, ctx.query.q, { registry, session: ctx.session, lang: ctx.lang, company });
    return { report, result };
  });
}

async function exportReport(ctx: AuthedContext, registry: Registry, client: boolean): Promise<void> {
  const { report, result } = await run(ctx, registry, client);
  const path = await scratchFile(loadTransferConfig(ctx.config).tmpDir, 'xlsx');
  try {
    const filename = await writeReport(report, result, ctx.lang, path);
    await sendPath(ctx.reply, path, { type: XLSX_TYPE, filename });
  } finally {
    await removeScratch(path);
  }
}

/** What a screen needs to draw a report besides its rows: texts in the caller's language. */
const describe = (r: ReportDef, lang: 'en' | 'zh') => ({
  opt: r.opt,
  label: pickLabel(r.label, lang),
  description: pickLabel(r.description, lang),
  group_label: pickLabel(r.groupLabel, lang),
  measures: r.measures.map((m) => ({ key: m.key, agg: m.agg, label: pickLabel(m.label, lang) })),
  filters: r.filters ?? [],
  entity: 'entity' in r.source ? r.source.entity : null,
  chart: r.chart,
  client: !!r.client,
});

function routes(api: Api): void {
  const registry = registryOf(api);

  api.get('rptapi/report/list', { schema: R.get('Reports I may run'), auth: true, menu: REPORT_MENUS }, (ctx) =>
    ctx.tenant(async (tx) => {
      const out = [];
      for (const r of REPORTS) {
        if (r.client || !sourceAvailable(r, registry)) continue;
        if (await opensAnyMenu(tx, ctx.session, [REPORTS_MENU, ...(r.menus ?? [])])) out.push(describe(r, ctx.lang));
      }
      return out;
    }),
  );

  api.get('rptapi/report/run', { schema: R.get('Run a report', { query: { opt: S.string('The report'), q: S.jsonText(S.map(), 'Its filters') } }), auth: true, menu: REPORT_MENUS, params: ['opt'] }, async (ctx) => {
    const { report, result } = await run(ctx, registry, false);
    return { report: describe(report, ctx.lang), ...result };
  });

  api.get('rptapi/report/export', { schema: R.get('A report as a workbook', { query: { opt: S.string('The report'), q: S.jsonText(S.map(), 'Its filters') }, produces: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }), auth: true, menu: REPORT_MENUS, params: ['opt'] }, (ctx) => exportReport(ctx, registry, false));

  // /clientrpt: the other company of a relation reads exactly that relation's rows.
  api.get('rptapi/clientrpt/companies', { schema: R.get('Companies whose reports I may run'), auth: true, menu: CLIENT_MENUS }, (ctx) =>
    ctx.tenant(async (tx) =>
      rowsOf<{ client_id: string; name: string }>(
        await tx.execute(sql`select distinct v.supplier_client_id::text as client_id, c.name from md_vendor v join client c on c.id::text = v.supplier_client_id::text
          where v.client_id = ${ctx.session.clientId} and v.supplier_client_id is not null order by c.name`),
      ),
    ),
  );
  api.get('rptapi/clientrpt/run', { schema: R.get("Run a report over another company's shared data", { query: { opt: S.string(), company: S.uuid(), q: S.jsonText(S.map()) } }), auth: true, menu: CLIENT_MENUS, params: ['opt'] }, async (ctx) => {
    const { report, result } = await run(ctx, registry, true);
    return { report: describe(report, ctx.lang), ...result };
  });
  api.get('rptapi/clientrpt/export', { schema: R.get("Another company's report as a workbook", { query: { opt: S.string(), company: S.uuid(), q: S.jsonText(S.map()) }, produces: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }), auth: true, menu: CLIENT_MENUS, params: ['opt'] }, (ctx) => exportReport(ctx, registry, true));

  // The control tower's roles (which counters each checks first); the counts come from
  // utilsapi/workspace/control-tower like the workbench's.
  // `own` marks the tab the page opens on: the first role the user's own roles name, else (an
  // administrator, roles ADMIN only) the first its company's side names — a factory's admin opens
  // on the factory manager's figures, a brand's on the buyer's (issue 23).
  api.get('rptapi/control-tower/roles', { schema: R.get('Control-tower roles and their counters'), auth: true, menu: TOWER_MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      const [me] = rowsOf<{ user_roles: string[] | null; company_roles: string[] | null; type: string }>(
        await tx.execute(sql`select array(select r.code from user_role ur join role r on r.id = ur.role_id
                                             where ur.client_id = c.id and ur.user_id = ${ctx.session.userId}) as user_roles,
                                    c.roles as company_roles, c.type
                               from client c where c.id = ${ctx.session.clientId}`),
      );
      const side = [...(me?.company_roles ?? []), ...(me?.type === 'BRAND' ? ['BUYER'] : [])];
      const byUser = TOWER_ROLES.find((r) => r.roles.some((code) => (me?.user_roles ?? []).includes(code)));
      const bySide = TOWER_ROLES.find((r) => r.roles.some((code) => side.includes(code)));
      const own = (byUser ?? bySide ?? TOWER_ROLES[0])!.key;
      return TOWER_ROLES.map((r) => ({ key: r.key, label: pickLabel(r.label, ctx.lang), roles: r.roles, counters: r.counters, own: r.key === own }));
    }),
  );

  // The factory's wall board: today's booked pieces per process and the running work orders.
  api.get('rptapi/visual/board', { schema: R.get('The wall board: figures of my company'), auth: true, menu: VISUAL_MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      const me = ctx.session.clientId;
      const [today] = rowsOf<{ scans: number; pieces: string }>(
        await tx.execute(sql`select count(*)::int as scans, coalesce(sum(quantity), 0)::text as pieces from vf_scan where client_id = ${me} and scanned_at >= current_date and cancelled_at is null`),
      );
      const processes = rowsOf<{ process: string; pieces: string }>(
        await tx.execute(sql`select p.name as process, sum(s.quantity)::text as pieces from vf_scan s join md_process p on p.id = s.process_id and p.client_id = s.client_id
          where s.client_id = ${me} and s.scanned_at >= current_date and s.cancelled_at is null group by p.name order by p.name`),
      );
      const workOrders = rowsOf<{ id: string; code: string; style_code: string | null; qty: string; completed_qty: string; progress: string }>(
        await tx.execute(sql`select id, code, style_code, qty::numeric(30, 4)::text as qty, coalesce(completed_qty, 0)::numeric(30, 4)::text as completed_qty,
            coalesce(progress, 0)::numeric(30, 4)::text as progress
          from ord_work_order w
         where client_id = ${me}
           -- the running ones, and any scanned today (the one just scanned is never missing)
           and (status = 'ACTIVE' or exists (select 1 from vf_scan s where s.client_id = ${me} and s.work_order_id = w.id
                                              and s.scanned_at >= current_date and s.cancelled_at is null))
         order by (select max(s.scanned_at) from vf_scan s where s.client_id = ${me} and s.work_order_id = w.id and s.cancelled_at is null) desc nulls last, code
         limit 50`),
      );
      return { scans: today?.scans ?? 0, pieces: today?.pieces ?? '0', processes, work_orders: workOrders };
    }),
  );

  // /printpage/htprintview: a customer document prints in its customer's print language.
  api.get('rptapi/print/language', { params: ['entity', 'id'], schema: R.get('The language a document prints in', { query: { entity: S.string(), id: S.uuid() } }), auth: true }, (ctx) =>
    ctx.tenant(async (tx) => {
      const reg = registry.get(typeof ctx.query.entity === 'string' ? ctx.query.entity : '');
      const id = ctx.query.id;
      if (!reg || !isUuid(id)) throw notFound();
      const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
      if (!canRead(reg.def, actor)) throw forbidden();
      const doc = await readDocument(tx, reg, id, readContext(registry, actor));
      if (!doc) throw notFound();
      const customerField = reg.def.fields.find((f) => f.type === 'reference' && f.ref?.entity === 'customer');
      const customerId = customerField ? doc[customerField.name] : null;
      if (!isUuid(customerId)) return { language: null };
      const [c] = rowsOf<{ print_language: string | null }>(
        await tx.execute(sql`select print_language from md_customer where client_id = ${ctx.session.clientId} and id = ${customerId}`),
      );
      return { language: c?.print_language === 'en' ? 'en' : c?.print_language ? 'zh' : null };
    }),
  );
}

export const reportArea = defineArea({
  name: 'report',
  messages: reportMessages,
  routes,
});


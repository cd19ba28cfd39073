// The capacity area's server part (prefix scmapi): the engine serves the definitions of ../meta
// with the hooks of ./hooks; ./allocation serves the work between a brand and its suppliers
// (allocation runs, the board's cells, publishing, the supplier's confirmation, the capacity the
// vendors filled). docs/capacity.md describes both.
import { R, S, BizError, defineArea, HttpError, isUuid, sql, type Api, type Tx, registerEntities, type EntityHooks } from '@seamline/server/api';
import { capacityEntities } from '../meta';
import { VERSION } from '../meta/fields';
import { capacityMessages, capt } from '../meta/messages';
import { allocationRoutes } from './allocation';
import { capacityHooks, kpiFigures, rows } from './hooks';

// Other areas feed the vendor KPI (the quality area's inspections) without capacity importing them.
export { registerKpiSource, refreshVendorKpis, type KpiSource } from './hooks';
import { seedCapacity } from './seed';

/** Published and archived versions cannot be deleted: a warning without force, a refusal with it. */
async function publishedAmong(tx: Tx, ids: readonly string[]) {
  if (!ids.length) return [];
  return rows<{ id: string; title: string }>(tx, sql`select id, title from cap_demand_allocation where status <> ${VERSION.DRAFT} and id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`);
}

const versionDeleteGuard: EntityHooks = {
  inUse: async (tx, ids, ctx) => {
    const found = await publishedAmong(tx, ids);
    return found.length ? { count: found.length, where: found.map((f) => `${f.title}: ${capt(ctx.lang, 'cap.notDraft')}`) } : null;
  },
  releaseInUse: async (tx, ids) => {
    if ((await publishedAmong(tx, ids)).length) throw new BizError('cap.notDraft');
  },
  inUseMessage: 'cap.notDraft',
};

export const capacityModule = registerEntities(capacityEntities, {
  hooks: { ...capacityHooks, 'demand-allocation': { ...capacityHooks['demand-allocation'], ...versionDeleteGuard } },
  menuCode: {
    'capacity-group': 'PLAN_CAPACITY_GROUP',
    'vendor-setting': 'PLAN_VENDOR_SETTING',
    'vendor-capacity': 'SCM_VENDOR_CAPACITY',
    'vendor-kpi': 'SCM_VENDOR_KPI',
    demand: 'PLAN_DEMAND',
    'demand-allocation': 'SCM_DEMAND_ALLOCATION',
    'order-allocation': 'SCM_ORDER_ALLOCATION',
  },
});

export const capacityArea = defineArea({
  name: 'capacity',
  messages: capacityMessages,
  routes: (api: Api) => {
    capacityModule.routes(api);
    allocationRoutes(api);
    // What the data says of a vendor's period (the computed KPI fields), for the supplier
    // evaluation and the KPI form: the same figures a saved KPI record takes.
    api.get('scmapi/vendor-kpi/figures', { auth: true, menu: ['SCM_VENDOR_KPI', 'SRM_SUPPLIER_EVAL'], params: ['vendor_id', 'period'], schema: R.get("A vendor's KPI figures for a period from the records (inspections: first-pass yield, defects per 100 pieces)", { query: { vendor_id: S.uuid(), period: S.string('YYYY-MM or YYYY-Q1…Q4') } }) }, (ctx) =>
      ctx.tenant(async (tx) => {
        const period = typeof ctx.query.period === 'string' ? ctx.query.period.trim().toUpperCase() : '';
        if (!isUuid(ctx.query.vendor_id)) throw new HttpError(400, 'input.badParam', { name: 'vendor_id' });
        if (!/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/.test(period)) throw new HttpError(400, 'input.badParam', { name: 'period' });
        return kpiFigures(tx, ctx.session.clientId, ctx.query.vendor_id, period, () => null);
      }),
    );
  },
  seed: seedCapacity,
});

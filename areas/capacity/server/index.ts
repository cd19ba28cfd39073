// The capacity area's server part (prefix scmapi): the engine serves the definitions of ../meta
// with the hooks of ./hooks; ./allocation serves the work between a brand and its suppliers
// (allocation runs, the board's cells, publishing, the supplier's confirmation, the capacity the
// vendors filled). docs/capacity.md describes both.
import { BizError, defineArea, sql, type Api, type Tx } from '@seamline/server/api';
import { registerEntities } from '../../../server/src/engine';
import type { EntityHooks } from '../../../server/src/engine/hooks';
import { capacityEntities } from '../meta';
import { VERSION } from '../meta/fields';
import { capacityMessages, capt } from '../meta/messages';
import { allocationRoutes } from './allocation';
import { capacityHooks, rows } from './hooks';
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
  },
  seed: seedCapacity,
});

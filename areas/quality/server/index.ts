// The quality area (issue 25; docs/quality.md): inspections shared by the brand, the factory and
// the inspector, AQL sampling by ISO 2859-1 (../meta/sampling.ts). Its tables are not engine
// entities served by the generic endpoints: every write is a step of the inspection (./inspections).
import { defineArea, registerEntities, registerSharedFiles, registerWorkCounter, sql, type Api, type Tx } from '@seamline/server/api';
import { registerKpiSource } from '../../capacity/server';
import { registerShipmentGuard } from '../../shipping/server';
import { inspectionTemplateEntity, qualityMessages } from '../meta';
import { qualityKpiSource } from './consequences';
import { countView, inspectionRoutes, QC_VIEWS, shipmentBlockedBy, type QcView } from './inspections';
import { seedQuality } from './seed';

export { shipmentBlockedBy } from './inspections';

// A shipment carrying an order whose final inspection failed (and was neither passed on
// re-inspection nor waived by the brand) is refused, in the shipping company's language.
registerShipmentGuard('quality-failed-inspection', async ({ tx, orders }) => {
  for (const order of orders) {
    const blocked = await shipmentBlockedBy(tx, order.id);
    if (blocked) return { key: 'quality.shipmentBlocked', params: { order: order.code, code: blocked.code } };
  }
  return null;
});

// Every inspection result feeds the vendor's KPI of its month (QF-07): first-pass yield, defects per 100 pieces.
registerKpiSource('quality', qualityKpiSource);

// The control tower: inspections today, failed this week, awaiting re-inspection; each opens the list of the same rows.
for (const view of Object.keys(QC_VIEWS) as QcView[]) {
  registerWorkCounter({ key: `quality.${view}`, label: QC_VIEWS[view].label, url: `/scm/index/inspection?view=${view}`, count: (tx) => countView(tx, view) });
}

// A defect photo is the inspector's upload: every party of the inspection reads it (the brand's
// and the factory's screens, the printed report); row-level security shows the reader only the
// defects of its inspections. (The exception ticket serves its copy through vfapi/ticket/photo.)
registerSharedFiles(async (tx, _reader, url) => {
  const hit = (await tx.execute(sql`select 1 from qc_inspection_defects where jsonb_exists(photos::jsonb, ${url}) limit 1`)) as unknown as { rows: unknown[] };
  return hit.rows.length > 0;
});

// Templates are one company's master data: the engine's generic endpoints (scmapi/inspection-template/…).
export const templateModule = registerEntities([inspectionTemplateEntity], { menuCode: 'SCM_QC_TEMPLATE' });

export const qualityArea = defineArea({
  name: 'quality',
  messages: qualityMessages,
  routes: (api: Api) => {
    templateModule.routes(api);
    inspectionRoutes(api);
  },
  seed: (tx: Tx) => seedQuality(tx),
});

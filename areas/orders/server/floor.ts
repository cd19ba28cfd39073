// The warehouse and shop-floor half of the orders area (docs/orders.md 'Warehouse', 'Shop floor'):
// stock documents posting into the ledger (./floor/stock.ts), bundle tickets and scan validation
// (./floor/scan.ts), and their demo data (./floor/seed.ts). The area's server index calls these.
import type { Api, Tx, EntityHooks } from '@seamline/server/api';
import { bundleHooks, scanRoutes } from './floor/scan';
import { seedFloorData } from './floor/seed';
import { stockHooks, stockRoutes } from './floor/stock';

/** Engine hooks of the floor's definitions (stock documents editable only as drafts, scanned bundles fixed). */
export const floorHooks: Record<string, EntityHooks> = { ...stockHooks, bundle: bundleHooks };

/** Hand-written floor routes (scmapi stock posting and views, vfapi bundles, scans, progress). */
export function floorRoutes(api: Api): void {
  stockRoutes(api);
  scanRoutes(api);
}

/** Floor demo data (warehouses, bins, stock, bundles of a demo work order), after the documents' demo data. */
export async function seedFloor(tx: Tx): Promise<void> {
  await seedFloorData(tx);
}

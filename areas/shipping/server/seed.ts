// Shipping demo data (idempotent; nothing when the factory already has shipments): Demo Garment
// Factory's GS1 prefix and ASN series (Demo Fabric Mill's series too), Demo Brand Co.'s distribution centre with bins and a 2 %
// over-ship tolerance, and one shipment in each state against the brand's demo orders — written
// through the engine's save path (hooks: SSCCs, totals, tolerance), shipped and received through
// the same code the routes run (the receipt posts into the brand's stock ledger).
import { and, client, eq, inArray, saveDocuments, serialNumberConfig, sql, type Actor, type Row, type Tx } from '@seamline/server/api';
import { masterdataRegistry, seedSaveContext } from '../../masterdata/server/seed';
import { subDec } from '@seamline/core';
import { documentEntities } from '../../orders/meta';
import { ordersHooks } from '../../orders/server/hooks';
import { ord_customer_order, scm_bin, scm_warehouse } from '../../orders/server/schema';
import { SH_STATUS, shippingEntities } from '../meta';
import { postReceipt } from './receive';
import { shpSetting } from './schema';
import { shipmentHooks } from './shipments';

const BRAND = 'Demo Brand Co.';
const FACTORY = 'Demo Garment Factory';
const MILL = 'Demo Fabric Mill';
export const DEMO_GS1_PREFIX = '6901234';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function seedShipping(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.name, [BRAND, FACTORY, MILL]));
  const brand = companies.find((c) => c.name === BRAND)?.id;
  const factory = companies.find((c) => c.name === FACTORY)?.id;
  const mill = companies.find((c) => c.name === MILL)?.id;
  if (!brand || !factory) return;
  // The mill ships the factory's material orders (issue 27): its notices are numbered too, so
  // nobody types an ASN number (ASN + YYMM + 4 digits, as the factory's).
  await tx
    .insert(serialNumberConfig)
    .values([brand, factory, ...(mill ? [mill] : [])].map((clientId) => ({ clientId, code: 'SHIPMENT', prefix: 'ASN', datePrefix: 'YYMM', length: 4, flag: 1, description: '发货通知 / Shipment notices' })))
    .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });
  const [any] = rowsOf<Row>(await tx.execute(sql`select 1 from shp_shipment where client_id = ${factory} limit 1`));
  if (any) return;
  await tx.insert(shpSetting).values([
    { clientId: factory, gs1Prefix: DEMO_GS1_PREFIX },
    { clientId: brand, overShipPct: '2' },
  ]).onConflictDoNothing();

  // The brand's distribution centre (its first warehouse): where shipments are received.
  const [dc] = (await tx.insert(scm_warehouse).values({ client_id: brand, code: 'DC', name: 'Distribution centre', active: true } as never).returning()) as Row[];
  const bins = (await tx
    .insert(scm_bin)
    .values(['DC-A-01', 'DC-A-02'].map((code) => ({ client_id: brand, warehouse_id: dc!.id, code, name: code, active: true })) as never)
    .returning()) as Row[];

  const orders = await tx
    .select({ id: ord_customer_order.id, code: ord_customer_order.code })
    .from(ord_customer_order)
    .where(and(eq(ord_customer_order.client_id, factory), inArray(ord_customer_order.code, ['SO-2026-001', 'SO-2026-002', 'SO-2025-118'])));
  const order = (code: string) => orders.find((o) => o.code === code)?.id;
  if (!order('SO-2026-001') || !order('SO-2026-002') || !order('SO-2025-118')) return;

  const registry = masterdataRegistry();
  for (const def of documentEntities) if (!registry.get(def.name)) registry.add(def, { hooks: ordersHooks });
  for (const def of shippingEntities) if (!registry.get(def.name)) registry.add(def, { hooks: { shipment: shipmentHooks } });
  const ctx = seedSaveContext(registry, factory);
  const carton = (n: number, gross: string) => ({ carton_no: n, gross_weight: gross, net_weight: subDec(gross, '1'), volume: '0.1200' });
  const line = (n: number, orderCode: string, style: string, colour: string, size: string, qty: string) => ({ carton_no: n, order_id: order(orderCode), style_code: style, colour, size, qty });
  const saved = await saveDocuments(tx, registry.get('shipment')!, [
    { code: 'ASN-DEMO-01', carrier: 'SF Express', planned_ship_date: '2026-12-05', cartons: [carton(1, '12.5')], lines: [line(1, 'SO-2026-002', 'SH-1002', 'White', 'M', '50')] },
    {
      code: 'ASN-DEMO-02', carrier: 'SF Express', tracking_ref: 'SF1234567890', planned_ship_date: '2026-11-26',
      cartons: [carton(1, '11.0'), carton(2, '11.0')],
      lines: [line(1, 'SO-2026-001', 'SH-1001', 'White', 'S', '30'), line(2, 'SO-2026-001', 'SH-1001', 'White', 'M', '30')],
    },
    {
      code: 'ASN-DEMO-03', carrier: 'Kerry Logistics', tracking_ref: 'KL-778812', planned_ship_date: '2026-11-20',
      cartons: [carton(1, '14.0'), carton(2, '14.0')],
      lines: [line(1, 'SO-2025-118', 'SH-0918', 'White', 'S', '40'), line(2, 'SO-2025-118', 'SH-0918', 'White', 'L', '40')],
    },
    {
      code: 'ASN-DEMO-04', carrier: 'Kerry Logistics', tracking_ref: 'KL-771003', planned_ship_date: '2026-11-12',
      cartons: [carton(1, '13.0')],
      lines: [line(1, 'SO-2025-118', 'SH-0918', 'Light blue', 'M', '60')],
    },
    { code: 'ASN-DEMO-05', carrier: 'DHL', remark: '已并入 ASN-DEMO-02', cartons: [carton(1, '9.0')], lines: [line(1, 'SO-2026-001', 'SH-1001', 'White', 'L', '20')] },
  ], ctx);
  const id = (i: number) => String(saved[i]!.id);
  const ship = (i: number, day: string) => tx.execute(sql`update shp_shipment set status = ${SH_STATUS.SHIPPED}, actual_ship_date = ${day}, version = version + 1 where id = ${id(i)}`);
  await ship(1, '2026-11-27');
  await ship(2, '2026-11-21');
  await ship(3, '2026-11-13');
  await tx.execute(sql`update shp_shipment set status = ${SH_STATUS.CANCELLED}, version = version + 1 where id = ${id(4)}`);

  // The brand receives: one carton of ASN-DEMO-03 (partly received), all of ASN-DEMO-04 with a difference.
  const brandActor = { session: { clientId: brand, userId: brand, userType: 'ADMIN' }, context: { dashroles: ['ADMIN'], user_type: 'ADMIN' } } as unknown as Actor;
  const cartonsOf = async (i: number) => rowsOf<{ id: string }>(await tx.execute(sql`select id from shp_shipment_cartons where parent_id = ${id(i)} order by carton_no`));
  const [first] = await cartonsOf(2);
  await postReceipt(tx, brandActor, 'en', { id: id(2), cartons: [first!.id], bin_id: bins[0]!.id });
  const [only] = await cartonsOf(3);
  const [l4] = rowsOf<{ id: string }>(await tx.execute(sql`select id from shp_shipment_lines where parent_id = ${id(3)}`));
  await postReceipt(tx, brandActor, 'en', {
    id: id(3),
    cartons: [only!.id],
    bin_id: bins[1]!.id,
    lines: [{ line_id: l4!.id, received_qty: '58', damaged_qty: '1', reason: '纸箱角压坏：短少 2 件，污渍 1 件' }],
  });
}

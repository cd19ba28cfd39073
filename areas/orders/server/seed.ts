// Demo data of the orders area: a living pipeline between the demo companies. Demo Brand Co. has
// placed orders on Demo Garment Factory in every state (pending acceptance, in progress, completed,
// rejected); the first is planned and locked on the factory's lines in plant FS-01 with one work
// order activated, a second waits to be planned; the factory outsourced the embroidery to Demo
// Fabric Mill (submitted, on the platform) and keeps a draft for an off-platform vendor; a material
// order is on its way. Written through the engine's save path (checks and hooks apply), in a few
// statements; idempotent: nothing is written when the factory already has customer orders.
import { addDays, CO_STATUS, OO_STATUS, PLAN_STATUS, planSteps, WO_STATUS, documentEntities } from '../meta';
import { and, client, eq, inArray, type Tx, saveDocuments, serialNumberConfig } from '@seamline/server/api';
import { masterdataRegistry, seedSaveContext } from '../../masterdata/server/seed';
import { md_plant, md_vendor } from '../../masterdata/server/schema';
import { ordersHooks } from './hooks';
import { plantLines, standardProcesses } from './planning';
import { ord_customer_order } from './schema';

const BRAND = 'Demo Brand Co.';
const FACTORY = 'Demo Garment Factory';

const shirtLines = (style: string, price: string, perSize: number) =>
  ['White', 'Light blue'].flatMap((colour) => ['S', 'M', 'L', 'XL'].map((size) => ({ style_code: style, colour, size, qty: String(perSize), price })));

/** Monday of the current week (server local time as a date): demo work orders land on the calendar's month. */
function thisMonday(): string {
  const d = new Date();
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day);
  return d.toISOString().slice(0, 10);
}

export async function seedOrders(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.name, [BRAND, FACTORY]));
  const brand = companies.find((c) => c.name === BRAND)?.id;
  const factory = companies.find((c) => c.name === FACTORY)?.id;
  if (!brand || !factory) return;
  // Every demo company numbers its purchase requirements (issue 23: the factory could not create
  // one without typing a number); the brand's series comes with the approval flow's demo.
  await tx
    .insert(serialNumberConfig)
    .values([brand, factory].map((clientId) => ({ clientId, code: 'PR', prefix: 'PR', length: 4, flag: 1, description: '采购需求' })))
    .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });
  const [any] = await tx.select({ id: ord_customer_order.id }).from(ord_customer_order).where(eq(ord_customer_order.client_id, factory)).limit(1);
  if (any) return;

  const registry = masterdataRegistry();
  for (const def of documentEntities) if (!registry.get(def.name)) registry.add(def, { hooks: ordersHooks });
  const ctx = seedSaveContext(registry, factory);
  const save = (entity: string, docs: Record<string, unknown>[]) => saveDocuments(tx, registry.get(entity)!, docs, ctx);
  const [plant] = await tx.select({ id: md_plant.id }).from(md_plant).where(and(eq(md_plant.client_id, factory), eq(md_plant.code, 'FS-01')));
  const vendors = await tx.select({ id: md_vendor.id, code: md_vendor.code }).from(md_vendor).where(eq(md_vendor.client_id, factory));
  const vendor = (code: string) => vendors.find((v) => v.code === code)?.id ?? null;
  const mill = await tx.select({ id: client.id }).from(client).where(eq(client.name, 'Demo Fabric Mill'));
  const monday = thisMonday();
  const placed = { buyer_client_id: brand, buyer_name: BRAND };

  const orders = [
    { code: 'SO-2026-001', ...placed, plant_id: plant?.id, delivery_date: addDays(monday, 28), status: CO_STATUS.IN_PROGRESS, lines: shirtLines('SH-1001', '42.5000', 150) },
    { code: 'SO-2026-002', ...placed, plant_id: plant?.id, delivery_date: addDays(monday, 35), status: CO_STATUS.IN_PROGRESS, lines: shirtLines('SH-1002', '39.8000', 100) },
    { code: 'SO-2026-003', ...placed, delivery_date: addDays(monday, 42), status: CO_STATUS.OPEN, lines: shirtLines('SH-1003', '45.0000', 80) },
    { code: 'SO-2025-118', ...placed, delivery_date: addDays(monday, -20), status: CO_STATUS.COMPLETED, finished_qty: '960.0000', produced_qty: '960.0000', lines: shirtLines('SH-0918', '41.2000', 120) },
    { code: 'SO-2025-121', ...placed, delivery_date: addDays(monday, -5), status: CO_STATUS.CANCELLED, reject_reason: '所要求的面料下价格低于成本', lines: shirtLines('SH-0921', '28.0000', 60) },
  ];
  const saved = await save('customer-order', orders);
  const orderId = (i: number) => saved[i].id;

  // Plan 1 is locked with its work orders (the first activated); plan 2 waits to be planned.
  await save('production-plan', [
    { code: 'PP-2026-001', customer_order_id: orderId(0), plant_id: plant?.id, start_date: monday, status: PLAN_STATUS.PLANNED, qty: '1200.0000' },
    { code: 'PP-2026-002', customer_order_id: orderId(1), plant_id: plant?.id, start_date: addDays(monday, 7), status: PLAN_STATUS.PENDING },
  ]);
  const [planRow] = await tx
    .select({ id: registry.get('production-plan')!.tables.main.id })
    .from(registry.get('production-plan')!.tables.main)
    .where(and(eq(registry.get('production-plan')!.tables.main.client_id, factory), eq(registry.get('production-plan')!.tables.main.code, 'PP-2026-001')));
  if (plant && planRow) {
    const steps = planSteps(await standardProcesses(tx, factory, String(plant.id)), await plantLines(tx, factory, String(plant.id), monday), '1200', monday) ?? [];
    const sizes = ['White', 'Light blue'].flatMap((colour) => ['S', 'M', 'L', 'XL'].map((size) => ({ colour, size, qty: '150' })));
    await save(
      'work-order',
      steps.map((s, i) => ({
        code: `PP-2026-001-${String(i + 1).padStart(2, '0')}`,
        plan_id: planRow.id,
        customer_order_id: orderId(0),
        style_code: 'SH-1001',
        plant_id: plant.id,
        production_line_id: s.line?.id ?? null,
        process_id: s.process.id,
        sequence: i + 1,
        qty: '1200',
        planned_start: s.line ? s.start : null,
        planned_end: s.line ? s.end : null,
        status: !s.line ? WO_STATUS.PENDING : i === 0 ? WO_STATUS.ACTIVE : WO_STATUS.PLANNED,
        completed_qty: i === 0 ? '300' : '0',
        progress: i === 0 ? '25' : '0',
        sizes,
      })),
    );
    await save('outsourced-order', [
      {
        code: 'OS-2026-001',
        vendor_id: vendor('V2001'),
        indicator: '1',
        plan_id: planRow.id,
        style_code: 'SH-1001',
        qty: '1200',
        price: '1.8000',
        due_date: addDays(monday, 10),
        status: OO_STATUS.SUBMITTED,
        tracking: mill[0] ? 'PLATFORM' : 'MANUAL',
        vendor_client_id: mill[0]?.id ?? null,
        sender_name: FACTORY,
        remark: '胸前标志绣花，线色按确认样',
      },
      { code: 'OS-2026-002', vendor_id: vendor('V2002'), indicator: '0', plan_id: planRow.id, style_code: 'SH-1001', qty: '1200', price: '0.3500', due_date: addDays(monday, 12), status: OO_STATUS.DRAFT },
    ]);
  }
  await save('material-order', [
    {
      code: 'MO-2026-001',
      vendor_id: vendor('V2001'),
      customer_order_id: orderId(0),
      required_date: addDays(monday, 3),
      status: 'ACCEPTED',
      lines: [{ material_code: 'FB-POPLIN', qty: '1800', price: '19.2000' }],
    },
  ]);
}

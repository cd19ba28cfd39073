// Allocation becomes orders (issue 27). The capacity area announces a published allocation
// ('allocation.published', per demand × vendor: style, pieces, delivery date); this area listens
// and, in the publishing transaction, gives each demand × vendor one order:
// - a vendor on the platform (md_vendor linked, platform_link 'exists'): a customer order in the
//   vendor's company placed by the brand — the same row placing makes (writePlacedOrder) — or the
//   brand's order already there under the demand's number, which is linked instead;
// - any other vendor: an order tracked by hand (tracking MANUAL), the brand's record only.
// The link (ord_allocation_order, unique per brand × demand × vendor) makes it idempotent:
// publishing a later version finds the row and only notes the version. A line has no colour ×
// size breakdown yet (a demand is per style): the order carries one line 'ALL' × 'ALL'.
import type { Lang } from '@seamline/core';
import { R, S, onBusinessEvent, and, eq, isUuid, sql, sqlRows, type Api, type Row, type Tx } from '@seamline/server/api';
import { md_vendor } from '../../masterdata/server/schema';
import { writePlacedOrder } from './documents';
import { ordAllocationOrder } from './schema';

interface Group {
  demand_id: string;
  demand_no: string;
  style_no: string;
  vendor_id: string;
  vendor_name: string;
  qty: string;
  delivery_date: string;
}

export const ALL = 'ALL';

/** The brand's own order of this number at the supplier (it may have placed it by hand): linked, not made again. */
async function placedAlready(tx: Tx, me: string, supplier: string, code: string): Promise<Row | null> {
  const [row] = await sqlRows<Row>(tx, sql`select id, code from ord_customer_order where client_id = ${supplier}::uuid and lower(code) = lower(${code}) and buyer_client_id = ${me}`);
  return row ?? null;
}

async function orderFor(tx: Tx, ev: { clientId: string; userId: string; lang: Lang }, versionId: string, g: Group): Promise<void> {
  const me = ev.clientId;
  const [link] = await tx
    .select({ id: ordAllocationOrder.id })
    .from(ordAllocationOrder)
    .where(and(eq(ordAllocationOrder.clientId, me), eq(ordAllocationOrder.demandId, g.demand_id), eq(ordAllocationOrder.vendorId, g.vendor_id)))
    .for('update');
  if (link) {
    await tx.update(ordAllocationOrder).set({ versionId, updatedAt: sql`now()`, updatedBy: ev.userId, version: sql`${ordAllocationOrder.version} + 1` }).where(eq(ordAllocationOrder.id, link.id));
    return;
  }
  const [vendor] = await tx
    .select({ supplier: md_vendor.supplier_client_id, link: md_vendor.platform_link, code: md_vendor.code })
    .from(md_vendor)
    .where(and(eq(md_vendor.client_id, me), eq(md_vendor.id, g.vendor_id)));
  const supplier = vendor && vendor.link === 'exists' && isUuid(vendor.supplier) && vendor.supplier !== me ? String(vendor.supplier) : null;
  let orderId: string | null = null;
  let code = g.demand_no;
  if (supplier) {
    const existing = await placedAlready(tx, me, supplier, code);
    if (existing) orderId = String(existing.id);
    else {
      // The demand's number, unless the supplier already uses it for another customer's order.
      const [taken] = await sqlRows<{ taken: boolean }>(tx, sql`select ord_customer_order_code_taken(${supplier}::uuid, ${code}) as taken`);
      if (taken?.taken) code = `${g.demand_no}-${String(vendor!.code ?? '')}`.slice(0, 64);
      const created = await writePlacedOrder(
        tx,
        { userId: ev.userId, clientId: me },
        supplier,
        { code, order_date: new Date().toISOString().slice(0, 10), delivery_date: g.delivery_date, currency: 'CNY', remark: `${g.demand_no} · ${g.style_no}` },
        [{ style_code: g.style_no, colour: ALL, size: ALL, qty: g.qty, price: null }],
        ev.lang,
      );
      orderId = String(created.id);
    }
  }
  await tx.insert(ordAllocationOrder).values({
    clientId: me,
    createdBy: ev.userId,
    updatedBy: ev.userId,
    demandId: g.demand_id,
    vendorId: g.vendor_id,
    supplierClientId: supplier,
    versionId,
    demandNo: g.demand_no,
    styleNo: g.style_no,
    vendorName: g.vendor_name,
    qty: g.qty,
    deliveryDate: g.delivery_date,
    tracking: supplier ? 'PLATFORM' : 'MANUAL',
    customerOrderId: orderId,
    orderCode: code,
  } as never);
}

/** Listens to the capacity area's announcement (at load, like the other registrations of the area). */
export function registerAllocationOrders(): void {
  onBusinessEvent('allocation.published', 'orders:allocation-orders', async (tx, ev) => {
    const groups = (Array.isArray(ev.data.groups) ? ev.data.groups : []) as Group[];
    for (const g of groups) await orderFor(tx, ev, String(ev.data.version_id), g);
  });
}

/** A row of the list below (issue 28: named, so the OpenAPI test checks the real answer). */
const ALLOCATION_ORDER_ROW = S.object(
  {
    id: S.uuid(), demand_no: S.string(), style_no: S.string(), vendor_name: S.string(), qty: S.decimal(), delivery_date: S.nullable(S.date()),
    tracking: S.enum(['PLATFORM', 'MANUAL'], 'PLATFORM: an order on the platform; MANUAL: tracked by hand'),
    customer_order_id: S.nullable(S.uuid()), order_code: S.string(), version_id: S.uuid(), order_status: S.nullable(S.string('The platform order\'s status')),
  },
  ['id', 'demand_no', 'style_no', 'vendor_name', 'qty', 'tracking', 'order_code', 'version_id'],
);

/** The brand's orders from its allocations: per demand × vendor, with the order on the platform or the manual record. */
export function allocationOrderRoutes(api: Api): void {
  api.get('scmapi/allocation-order/list', { auth: true, menu: ['SCM_DEMAND_ALLOCATION', 'SCM_CUSTOMER_ORDER'], schema: R.get("The orders my published allocations made: per demand and vendor, the platform order or the manual record", { query: { version_id: S.uuid('One allocation version') }, response: S.list(ALLOCATION_ORDER_ROW) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const version = isUuid(ctx.query.version_id) ? ctx.query.version_id : null;
      return sqlRows(
        tx,
        sql`select a.id, a.demand_no, a.style_no, a.vendor_name, a.qty::text as qty, a.delivery_date::text as delivery_date, a.tracking, a.customer_order_id, a.order_code,
                   a.version_id, o.status as order_status
              from ord_allocation_order a left join ord_customer_order o on o.id = a.customer_order_id
             where a.client_id = ${ctx.session.clientId} ${version ? sql`and a.version_id = ${version}::uuid` : sql``}
             order by a.demand_no, a.vendor_name`,
      );
    }),
  );
}

// T&A on the order (issue 27). A customer order placed (by a brand on its supplier, or from a
// published allocation) gets the T&A template of its style, else of the style's season, of the
// company that placed it: a plan in the receiving company's name, dates from the delivery date
// backwards (plm_apply_order_tna, migration 0078). Its nodes that name an event complete when the
// event happens — materials received, first scan, last scan, inspection passed, shipped — through
// listeners on the engine's business events: this area imports nothing of orders, shipping or
// quality, and they know nothing of T&A. The order's screen reads the plan on both sides.
import { R, S, dataObject, notFound, onBusinessEvent, sql, type Api, type BusinessEvent, type Tx } from '@seamline/server/api';
import { reproject, type TnaNode } from '../meta';
import { idOf, rows, today, type Row } from './db';

const ordersOf = (ev: BusinessEvent): string[] =>
  (Array.isArray(ev.data.customer_order_ids) ? ev.data.customer_order_ids : []).filter((x): x is string => typeof x === 'string' && /^[0-9a-f-]{36}$/i.test(x));

async function done(tx: Tx, orderId: string, event: string): Promise<void> {
  await tx.execute(sql`select plm_order_node_done(${orderId}::uuid, ${event}, ${today()}::date)`);
}

/** Which platform event completes which node event (TNA_EVENTS). */
const COMPLETES: Array<[string, string, (ev: BusinessEvent) => boolean]> = [
  ['material-order.received', 'MATERIAL_RECEIVED', () => true],
  ['scan.booked', 'CUTTING_STARTED', () => true], // only the first sets a date: a node completes once
  ['scan.booked', 'SEWING_DONE', (ev) => ev.data.complete === true],
  ['inspection.passed', 'INSPECTION_PASSED', () => true],
  ['shipment.shipped', 'SHIPPED', () => true],
];

export function registerTnaListeners(): void {
  onBusinessEvent('customer-order.placed', 'development:tna-apply', async (tx, ev) => {
    for (const id of ordersOf(ev)) await tx.execute(sql`select plm_apply_order_tna(${id}::uuid, ${ev.userId}::uuid)`);
  });
  for (const [type, event, when] of COMPLETES) {
    onBusinessEvent(type, `development:tna-${event}`, async (tx, ev) => {
      if (!when(ev)) return;
      for (const id of ordersOf(ev)) await done(tx, id, event);
    });
  }
}

/**
 * The T&A of a customer order for either company of it (RLS: the receiving company's plan, read by
 * the brand that placed the order), re-projected as of today; a third company: 404.
 */
async function tnaOfOrder(tx: Tx, orderId: unknown) {
  const id = idOf(orderId);
  const [order] = await rows(tx, sql`select id, code, delivery_date::text as delivery_date from ord_customer_order where id = ${id}`);
  if (!order) throw notFound();
  const plans = await rows(tx, sql`select id, code, basis_date::text as basis_date, order_ref from plm_node_following where customer_order_id = ${id} order by created_at`);
  const out = [];
  for (const p of plans) {
    const nodes = await rows<Row>(
      tx,
      sql`select node_code, node_name, owner_role, depends_on, event, planned_date::text as planned_date, actual_date::text as actual_date from plm_node_following_nodes where parent_id = ${p.id} order by seq`,
    );
    let projected: Array<Record<string, unknown>> = nodes;
    try {
      const r = reproject(nodes as unknown as TnaNode[], today());
      projected = nodes.map((n, i) => ({ ...n, projected_date: r[i].projected_date, state: r[i].state, critical: r[i].critical }));
    } catch {
      // a plan edited into a cycle is refused on save; an old one is shown as stored
    }
    out.push({ ...p, nodes: projected });
  }
  return { order, plans: out };
}

export function threadRoutes(api: Api): void {
  api.get('plmapi/node-following/for-order', { auth: true, menu: ['SCM_CUSTOMER_ORDER', 'DEV_NODE_FOLLOWING'], params: ['customer_order_id'], schema: R.get("A customer order's T&A plan, for either company of the order", { query: { customer_order_id: S.uuid() } }) }, (ctx) =>
    ctx.tenant((tx) => tnaOfOrder(tx, ctx.query.customer_order_id)),
  );
  // Applying by hand stays available for orders placed before their template existed.
  api.post('plmapi/node-following/apply-order', { auth: true, menu: ['SCM_CUSTOMER_ORDER', 'DEV_NODE_FOLLOWING'], params: ['customer_order_id'], schema: R.post("Apply the style's or season's T&A template to a customer order", { DATA: S.object({ customer_order_id: S.uuid() }, ['customer_order_id']) }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const data = dataObject(ctx.body);
      await tnaOfOrder(tx, data.customer_order_id);
      await tx.execute(sql`select plm_apply_order_tna(${idOf(data.customer_order_id)}::uuid, ${ctx.session.userId}::uuid)`);
      return tnaOfOrder(tx, data.customer_order_id);
    }),
  );
}

// Materials from the BOM (issue 27): the factory's material requirement of a customer order, and
// the one action that turns its net need into a purchase requirement and material orders per
// supplier. The BOM is the released revision of the style of the company that placed the order
// (the brand; the factory's own for its own orders), read through plm_order_bom_lines (migration
// 0076, SECURITY DEFINER: only the order's receiving company, only the lines of the styles it
// ordered) — the factory never reads the brand's development tables otherwise. Materials are
// matched to the factory's master data by code; its vendor there is the supplier.
// Rerunning never doubles: material orders made for the order count as 'on order' at once, and the
// action runs under the order's row lock, so a second run (or a concurrent one) finds less or
// nothing left to order. docs/thread.md.
import { t } from '@seamline/core';
import { R, S,
  DocumentsInvalid, forbidden, HttpError, inArray, isUuid, notFound, loadActor, saveContext, saveDocuments, sql, sqlRows, ValidationError, and, eq,
  type Api, type AuthedContext, type Registry, type Row, type Tx, dataObject, registryOf,
} from '@seamline/server/api';
import { md_material, md_vendor } from '../../masterdata/server/schema';
import { CO_STATUS, grossNeed, MO_STATUS, netNeed, orderQty, type MrpBomLine, type MrpOrderLine, type Requirement, type RequirementLine } from '../meta';
import { lockVisible, refuse, sideOf } from './actions';

const OPEN_MO = [MO_STATUS.NEW, MO_STATUS.ACCEPTED, MO_STATUS.CALLED];
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v).slice(0, 10) : null);
const dec = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

/** The customer order as its receiving company sees it; the brand may not plan its supplier's materials (403), anyone else 404. */
async function ownOrder(tx: Tx, registry: Registry, ctx: AuthedContext, id: unknown, lock: boolean): Promise<Row> {
  const reg = registry.get('customer-order')!;
  const tbl = reg.tables.main;
  if (!isUuid(id)) throw notFound();
  const row = lock ? await lockVisible(tx, reg, id) : ((await tx.select().from(tbl).where(eq(tbl.id, id))) as Row[])[0];
  if (!row) throw notFound();
  const side = sideOf(row, ctx.session.clientId, 'buyer_client_id');
  if (!side) throw notFound();
  // The brand sees the order but its supplier's materials are the supplier's business.
  if (side !== 'owner') throw new HttpError(403, 'orders.ownerOnly');
  return row;
}

/** The requirement of one order of the caller's company, computed now. */
export async function requirementOf(tx: Tx, clientId: string, order: Row): Promise<Requirement> {
  const orderLines = await sqlRows<MrpOrderLine>(tx, sql`select style_code, colour, qty::text as qty from ord_customer_order_lines where parent_id = ${order.id}`);
  const bom = await sqlRows<MrpBomLine>(
    tx,
    sql`select style_code, colour_code, colour_name_en, colour_name_zh, material_code, material_name, consumption::text as consumption, wastage_pct::text as wastage_pct, unit
          from plm_order_bom_lines(${order.id}::uuid)`,
  );
  const { needs, styles_without_bom } = grossNeed(orderLines, bom);
  const codes = [...new Set(needs.map((n) => n.material_code))];
  const materials = codes.length
    ? await tx
        .select({ id: md_material.id, code: md_material.code, unit: md_material.unit, vendor_id: md_material.vendor_id, vendor_code: md_vendor.code, vendor_name: md_vendor.short_name })
        .from(md_material)
        .leftJoin(md_vendor, and(eq(md_vendor.id, md_material.vendor_id), eq(md_vendor.client_id, clientId)))
        .where(and(eq(md_material.client_id, clientId), inArray(md_material.code, codes)))
    : [];
  const byCode = new Map(materials.map((m) => [String(m.code), m]));
  const ids = materials.map((m) => String(m.id));
  const sums = async (query: ReturnType<typeof sql>) => new Map((await sqlRows<{ id: string; n: string }>(tx, query)).map((r) => [String(r.id), dec(r.n)]));
  const idList = sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `);
  const none = new Map<string, string>();
  // Free stock: what the company's bins hold (no reservations yet: docs/thread.md 'Left').
  const stock = ids.length
    ? await sums(sql`select material_id as id, sum(quantity)::text as n from scm_stock where client_id = ${clientId} and material_id in (${idList}) group by material_id`)
    : none;
  // On order: open material orders' lines not yet received — for this order or for no order (other orders' are theirs).
  const open = sql.join(OPEN_MO.map((s) => sql`${s}`), sql`, `);
  const onOrder = ids.length
    ? await sums(sql`select l.material_id as id, sum(greatest(l.qty - coalesce(l.received_qty, 0), 0))::text as n
                       from ord_material_order_lines l join ord_material_order o on o.id = l.parent_id
                      where o.client_id = ${clientId} and o.status in (${open}) and (o.customer_order_id is null or o.customer_order_id = ${order.id})
                        and l.material_id in (${idList}) group by l.material_id`)
    : none;
  const forOrder = ids.length
    ? await sums(sql`select l.material_id as id, sum(l.qty)::text as n from ord_material_order_lines l join ord_material_order o on o.id = l.parent_id
                      where o.client_id = ${clientId} and o.customer_order_id = ${order.id} and o.status <> ${MO_STATUS.REJECTED}
                        and l.material_id in (${idList}) group by l.material_id`)
    : none;
  const lines: RequirementLine[] = needs.map((n) => {
    const m = byCode.get(n.material_code);
    const id = m ? String(m.id) : null;
    const unit = n.unit || String(m?.unit ?? '');
    const free = id ? dec(stock.get(id)) : '0';
    const ordered = id ? dec(onOrder.get(id)) : '0';
    const problem = !m ? 'noMaterial' : n.unit && m.unit && n.unit !== m.unit ? 'unitMismatch' : !m.vendor_id ? 'noVendor' : null;
    return {
      material_code: n.material_code,
      material_name: n.material_name,
      material_id: id,
      unit,
      vendor_id: m?.vendor_id ? String(m.vendor_id) : null,
      vendor_code: m?.vendor_code ?? null,
      vendor_name: m?.vendor_name ?? null,
      gross: n.gross,
      free_stock: netNeed(free, '0', '0'),
      on_order: netNeed(ordered, '0', '0'),
      ordered_for_order: netNeed(id ? dec(forOrder.get(id)) : '0', '0', '0'),
      net: netNeed(n.gross, free, ordered),
      order_qty: orderQty(netNeed(n.gross, free, ordered), unit),
      problem,
    };
  });
  return {
    order: { id: String(order.id), code: String(order.code), status: String(order.status), version: Number(order.version), delivery_date: day(order.delivery_date) },
    lines,
    styles_without_bom,
    orderable: lines.filter((l) => !l.problem && l.net !== '0.0000').length,
  };
}

/** Saves documents of one entity through the engine (hooks, numbering, checks) and reads them back; a refusal is the first document's field errors. */
async function saveAll(tx: Tx, ctx: AuthedContext, registry: Registry, entity: string, docs: Row[]): Promise<Row[]> {
  const reg = registry.get(entity)!;
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  try {
    const saved = await saveDocuments(tx, reg, docs, saveContext(registry, actor));
    // The engine answers ids; the numbers and the counterpart it set are read back, in input order.
    const t = reg.tables.main;
    const rows = (await tx.select().from(t).where(inArray(t.id, saved.map((d) => d.id)))) as Row[];
    return saved.map((d) => rows.find((r) => r.id === d.id)!);
  } catch (err) {
    if (err instanceof DocumentsInvalid) throw new ValidationError([...err.errors.values()][0] ?? {});
    throw err;
  }
}

/**
 * The action: under the order's row lock, the net need of every orderable material becomes one
 * purchase requirement (its lines) and one material order per supplier, each naming the customer
 * order. Nothing left to order → 400, nothing written.
 */
async function orderMaterials(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const order = await ownOrder(tx, registry, ctx, data.id, true);
  if (ctx.session.userType === 'GUEST') throw forbidden();
  if (order.status !== CO_STATUS.OPEN && order.status !== CO_STATUS.IN_PROGRESS) refuse('orders.mrpClosedOrder');
  const me = ctx.session.clientId;
  const req = await requirementOf(tx, me, order);
  const lines = req.lines.filter((l) => !l.problem && l.net !== '0.0000');
  if (!lines.length) refuse('orders.mrpNothingToOrder', { code: String(order.code) });
  const code = String(order.code);
  const [pr] = await saveAll(tx, ctx, registry, 'purchase-requirement', [
    {
      title: t(ctx.lang, 'orders.mrpPrTitle', { code }).slice(0, 200),
      required_date: req.order.delivery_date,
      remark: t(ctx.lang, 'orders.mrpPrRemark', { code }),
      lines: lines.map((l) => ({ material_id: l.material_id, qty: l.order_qty })),
    },
  ]);
  const byVendor = new Map<string, RequirementLine[]>();
  for (const l of lines) byVendor.set(l.vendor_id!, [...(byVendor.get(l.vendor_id!) ?? []), l]);
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from ord_material_order where client_id = ${me} and customer_order_id = ${order.id}`);
  let k = n;
  const docs = [...byVendor.values()].map((ls) => ({
    code: `MO-${code}-${String(ls[0].vendor_code ?? '').slice(0, 20)}-${++k}`.slice(0, 64),
    vendor_id: ls[0].vendor_id,
    customer_order_id: order.id,
    currency: order.currency ?? 'CNY',
    remark: t(ctx.lang, 'orders.mrpMoRemark', { code, pr: String(pr.code ?? '') }),
    lines: ls.map((l) => ({ material_code: l.material_code, unit: l.unit || null, qty: l.order_qty })),
  }));
  // The material order's save hook tells a supplier on the platform of its new order.
  const saved = await saveAll(tx, ctx, registry, 'material-order', docs);
  return {
    purchase_requirement: { id: pr.id, code: pr.code },
    material_orders: saved.map((mo) => ({ id: mo.id, code: mo.code, vendor_id: mo.vendor_id, vendor_client_id: mo.vendor_client_id ?? null })),
    requirement: await requirementOf(tx, me, order),
  };
}

/** The answer of GET scmapi/customer-order/materials (meta/mrp.ts Requirement), named so the OpenAPI test checks it (issue 28). */
const REQUIREMENT = S.object(
  {
    order: S.object({ id: S.uuid(), code: S.string(), status: S.string(), version: S.integer(), delivery_date: S.nullable(S.date()) }, ['id', 'code', 'status', 'version']),
    lines: S.list(
      S.object(
        {
          material_code: S.string(), material_name: S.nullable(S.string()), material_id: S.nullable(S.uuid()), unit: S.string(),
          vendor_id: S.nullable(S.uuid()), vendor_code: S.nullable(S.string()), vendor_name: S.nullable(S.string()),
          gross: S.decimal(), free_stock: S.decimal(), on_order: S.decimal(), ordered_for_order: S.decimal('Already ordered for this order'),
          net: S.decimal(), order_qty: S.decimal('What the action orders'),
          problem: S.nullable(S.enum(['noMaterial', 'noVendor', 'unitMismatch'], 'Why it cannot be ordered')),
        },
        ['material_code', 'material_id', 'unit', 'gross', 'free_stock', 'on_order', 'ordered_for_order', 'net', 'order_qty', 'problem'],
      ),
    ),
    styles_without_bom: S.list(S.string()),
    orderable: S.integer('Lines the action would order now'),
  },
  ['order', 'lines', 'styles_without_bom', 'orderable'],
);

export function mrpRoutes(api: Api): void {
  const registry = registryOf(api);
  const menu = ['SCM_CUSTOMER_ORDER'];
  api.get('scmapi/customer-order/materials', { auth: true, menu, params: ['id'], schema: R.byId("A received order's material requirement: gross need from the released BOM, free stock, on order, net need per material and supplier", { response: REQUIREMENT }) }, (ctx) =>
    ctx.tenant(async (tx) => requirementOf(tx, ctx.session.clientId, await ownOrder(tx, registry, ctx, ctx.query.id, false))),
  );
  api.post('scmapi/customer-order/order-materials', { auth: true, menu, params: ['id'], schema: R.onDoc('Order the net need: a purchase requirement and a material order per supplier (only what is missing)') }, (ctx) => ctx.tenant((tx) => orderMaterials(tx, ctx, registry)));
}

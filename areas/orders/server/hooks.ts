// Orders logic the definitions cannot state, run by the engine inside the save transaction
// (generic save and import alike): order numbers unique per company with the spec's message (also
// under concurrent creates), totals from the lines, documents frozen outside their editable
// states (a submitted outsourced order above all), and material codes resolved to materials.
import { addDec, et, mulDec, roundDec, t, unitLabel, unitProblem } from '@seamline/core';
import { and, BizError, eq, inArray, ne, sql, type Tx, type EntityHooks, type HookDocument, type SaveContext } from '@seamline/server/api';
import { md_material, md_vendor } from '../../masterdata/server/schema';
import { tellMaterialSupplier } from './documents';
import { CO_STATUS, MO_STATUS, OO_STATUS, PLAN_STATUS, WO_STATUS } from '../meta';
import { ord_customer_order, ord_outsourced_order, ord_production_plan, ord_work_order } from './schema';

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const finalValue = (doc: HookDocument, field: string): unknown => (has(doc.write, field) ? doc.write[field] : doc.existing?.[field]);
const dec4 = (v: string) => roundDec(v, 4) ?? '0.0000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Serializes creates of one order number in one company: concurrent saves of the same number
 * take turns here, and the later one then sees the earlier (committed) row. Held to the end of
 * the transaction. The brand's placing path (./placing) takes the same lock.
 */
export async function lockOrderNumber(tx: Tx, clientId: string, code: string): Promise<void> {
  // Case-blind: 'g-race-1' and 'G-RACE-1' are one number (issue 23), so they share one lock.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ord_co:${clientId}:${code.toLowerCase()}`}, 0))`);
}

/** Line amounts, total quantity and amount from the lines about to be written. */
function lineTotals(doc: HookDocument, child: string): void {
  const lines = doc.children[child];
  if (!lines) return;
  let qtySum = '0';
  let amountSum = '0';
  for (const row of lines) {
    const amount = row.price === null || row.price === undefined ? '0' : mulDec(row.qty as string, row.price as string);
    row.amount = dec4(amount);
    qtySum = addDec(qtySum, row.qty as string);
    amountSum = addDec(amountSum, amount);
  }
  doc.write.total_qty = dec4(qtySum);
  doc.write.total_amount = dec4(amountSum);
}

/** A document past its editable states refuses every change (the screen is read-only too). */
function frozen(docs: HookDocument[], editable: readonly string[], message: string, ctx: SaveContext): void {
  for (const d of docs) {
    if (d.existing && !editable.includes(String(d.existing.status))) d.error('_document', t(ctx.lang, message));
  }
}

async function customerOrders(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  frozen(docs, [CO_STATUS.OPEN], 'orders.coNotEditable', ctx);
  for (const d of docs) {
    // A brand's order: its lines and number are the brand's word; the supplier sets plant and remark.
    if (d.existing?.buyer_client_id && (d.children.lines || (has(d.write, 'code') && d.write.code !== d.existing.code))) {
      d.error('_document', t(ctx.lang, 'orders.placedByBuyer'));
    }
    lineTotals(d, 'lines');
  }
  // ORD-17: one order number per company, refused with the spec's words — also when 20 arrive at once.
  const seen = new Set<string>();
  for (const d of docs) {
    const code = finalValue(d, 'code');
    if (typeof code !== 'string' || !code || d.errors.code || (!d.created && code === d.existing?.code)) continue;
    if (seen.has(code.toLowerCase())) {
      d.error('code', t(ctx.lang, 'orders.duplicateCode'));
      continue;
    }
    seen.add(code.toLowerCase());
    await lockOrderNumber(tx, ctx.clientId, code);
    const [taken] = await tx
      .select({ id: ord_customer_order.id })
      .from(ord_customer_order)
      .where(and(eq(ord_customer_order.client_id, ctx.clientId), sql`lower(${ord_customer_order.code}) = lower(${code})`, ne(ord_customer_order.id, d.id)))
      .limit(1);
    if (taken) d.error('code', t(ctx.lang, 'orders.duplicateCode'));
  }
}

/**
 * Material codes of a child table → material ids of the company (a typed code wins over a picked
 * material); an unknown code answers 'material does not exist' (spec §8), a row with neither too.
 */
async function resolveMaterials(tx: Tx, docs: HookDocument[], child: string, ctx: SaveContext, unitOf: readonly string[] = [], coded = true): Promise<void> {
  const uses = docs.flatMap((d) => (d.children[child] ?? []).map((row, index) => ({ d, row, index, code: String(row.material_code ?? '').trim() })));
  const codes = [...new Set(uses.map((u) => u.code).filter(Boolean))];
  const ids = [...new Set(uses.filter((u) => !u.code && UUID.test(String(u.row.material_id ?? ''))).map((u) => String(u.row.material_id)))];
  const found =
    codes.length || ids.length
      ? await tx
          .select({ id: md_material.id, code: md_material.code, unit: md_material.unit })
          .from(md_material)
          .where(
            and(
              eq(md_material.client_id, ctx.clientId),
              sql`(${codes.length ? inArray(md_material.code, codes) : sql`false`} or ${ids.length ? inArray(md_material.id, ids) : sql`false`})`,
            ),
          )
      : [];
  const byCode = new Map(found.map((r) => [String(r.code), String(r.id)]));
  const unitById = new Map(found.map((r) => [String(r.id), r.unit as string | null]));
  for (const u of uses) {
    const id = u.code ? byCode.get(u.code) : (u.row.material_id as string | null | undefined);
    if (!id) {
      // A child picked by material only (no code field) has the engine's required error already.
      if (coded) u.d.error('material_code', t(ctx.lang, 'orders.materialNotExist'), { name: child, index: u.index });
      continue;
    }
    u.row.material_id = id;
    if (!unitOf.length) continue;
    // The line's unit is the material's unless typed (issue 30); a counted one takes no fraction.
    if (!String(u.row.unit ?? '').trim() && unitById.get(id)) u.row.unit = unitById.get(id);
    refuseFractions(u.d, child, u.index, u.row, unitOf, ctx.lang);
  }
}

/**
 * A line's quantities in a counted unit (its `unit` as the hook filled it, after the engine's own
 * check ran on what was posted) must be whole: a field error per fraction (issue 30).
 */
export function refuseFractions(d: HookDocument, child: string, index: number, row: Record<string, unknown>, fields: readonly string[], lang: unknown): void {
  for (const field of fields) {
    const problem = unitProblem(row[field], row.unit);
    if (problem) d.error(field, et(lang, problem, { unit: unitLabel(row.unit, lang) }), { name: child, index });
  }
}

/**
 * A material order to a vendor that is a company on the platform is that company's to read and
 * answer (issue 23): the vendor's company is set while the order is new (and its vendor may change
 * only then); the sender's name goes with it, and the supplier is told of a new order.
 */
async function materialCounterpart(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (Object.keys(d.errors).length) continue;
    const vendorChanged = has(d.write, 'vendor_id') && d.write.vendor_id !== d.existing?.vendor_id;
    if (!d.created && !vendorChanged) continue;
    if (!d.created && d.existing?.status !== MO_STATUS.NEW) {
      d.error('vendor_id', t(ctx.lang, 'orders.moVendorFixed'));
      continue;
    }
    const [vendor] = await tx
      .select({ supplier: md_vendor.supplier_client_id, link: md_vendor.platform_link })
      .from(md_vendor)
      .where(and(eq(md_vendor.client_id, ctx.clientId), eq(md_vendor.id, String(finalValue(d, 'vendor_id') ?? ''))));
    const supplier = vendor && vendor.link === 'exists' && UUID.test(String(vendor.supplier ?? '')) && vendor.supplier !== ctx.clientId ? String(vendor.supplier) : null;
    d.write.vendor_client_id = supplier;
    if (supplier) {
      const me = (await tx.execute(sql`select name from client where id = ${ctx.clientId}`)) as unknown as { rows: { name: string }[] };
      d.write.sender_name = me.rows[0]?.name ?? null;
      if (ctx.userId) await tellMaterialSupplier(tx, { userId: ctx.userId, clientId: ctx.clientId }, { id: d.id, code: finalValue(d, 'code'), vendor_client_id: supplier });
    }
  }
}

/**
 * Spec §4 / ORD-07: once submitted nothing of an outsourced order changes and it cannot be
 * deleted. The engine asks `inUse` before any delete (and `releaseInUse` on a forced one), so
 * refusing there covers the delete endpoint with and without force.
 */
async function refuseSubmittedDelete(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<null> {
  const [hit] = await tx
    .select({ id: ord_outsourced_order.id })
    .from(ord_outsourced_order)
    .where(and(eq(ord_outsourced_order.client_id, ctx.clientId), inArray(ord_outsourced_order.id, [...ids]), ne(ord_outsourced_order.status, OO_STATUS.DRAFT)))
    .limit(1);
  if (hit) throw new BizError('orders.submittedImmutable');
  return null;
}

/** A document that may be deleted only in its first state (others carry history). */
function deletableIn(tb: typeof ord_customer_order | typeof ord_production_plan | typeof ord_work_order, first: string) {
  return async (tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<null> => {
    const [hit] = await tx
      .select({ id: tb.id })
      .from(tb)
      .where(and(eq(tb.client_id, ctx.clientId), inArray(tb.id, [...ids]), ne(tb.status, first)))
      .limit(1);
    if (hit) throw new BizError('orders.notDeletable');
    return null;
  };
}

const coDelete = deletableIn(ord_customer_order, CO_STATUS.OPEN);
const planDelete = deletableIn(ord_production_plan, PLAN_STATUS.PENDING);
const woDelete = deletableIn(ord_work_order, WO_STATUS.PENDING);

export const ordersHooks: Record<string, EntityHooks> = {
  'customer-order': { beforeWrite: customerOrders, inUse: coDelete, releaseInUse: async (tx, ids, ctx) => void (await coDelete(tx, ids, ctx)) },
  'production-plan': {
    beforeWrite: async (_tx, docs, ctx) => frozen(docs, [PLAN_STATUS.PENDING], 'orders.planNotEditable', ctx),
    inUse: planDelete,
    releaseInUse: async (tx, ids, ctx) => void (await planDelete(tx, ids, ctx)),
  },
  'work-order': {
    beforeWrite: async (_tx, docs, ctx) => frozen(docs, [WO_STATUS.PENDING, WO_STATUS.DRAFT], 'orders.woLocked', ctx),
    inUse: woDelete,
    releaseInUse: async (tx, ids, ctx) => void (await woDelete(tx, ids, ctx)),
  },
  'outsourced-order': {
    beforeWrite: async (_tx, docs, ctx) => {
      frozen(docs, [OO_STATUS.DRAFT], 'orders.submittedImmutable', ctx);
      for (const d of docs) {
        const q = finalValue(d, 'qty');
        const p = finalValue(d, 'price');
        d.write.amount = q && p ? dec4(mulDec(q as string, p as string)) : null;
      }
    },
    inUse: refuseSubmittedDelete,
    releaseInUse: async (tx, ids, ctx) => void (await refuseSubmittedDelete(tx, ids, ctx)),
  },
  'material-order': {
    beforeWrite: async (tx, docs, ctx) => {
      // A rejected or closed material order is history: nothing of it changes (issue 23).
      frozen(docs, [MO_STATUS.NEW, MO_STATUS.ACCEPTED, MO_STATUS.CALLED, MO_STATUS.RECEIVED], 'orders.moNotEditable', ctx);
      await resolveMaterials(tx, docs, 'lines', ctx, ['qty', 'received_qty']);
      for (const d of docs) {
        const lines = d.children.lines;
        if (lines) d.write.total_amount = dec4(addDec(...lines.map((r) => (r.price ? mulDec(r.qty as string, r.price as string) : '0'))));
      }
      await materialCounterpart(tx, docs, ctx);
    },
  },
  'purchase-requirement': {
    beforeWrite: async (tx, docs, ctx) => {
      await resolveMaterials(tx, docs, 'bom', ctx);
      await resolveMaterials(tx, docs, 'lines', ctx, ['qty'], false);
    },
  },
};

// The brand receives a shipment (docs/shipping.md 'Receipt'): the cartons it ticked or scanned go
// into bins of its warehouse as ONE posted stock receipt through the warehouse's own ledger
// (areas/orders/server/floor/stock.ts: never negative, stock = ledger), with short, over and
// damaged quantities per line and a reason for each difference. All or nothing: any refusal
// rolls the whole receipt back.
//
// Never more than shipped, however many receipts race (PostgreSQL; PGlite runs one transaction
// at a time): the shipment row is locked first (SELECT … FOR UPDATE, which also re-reads its
// state after a rival commits), and every shipment line is received at most once — the unique
// index on shp_receipt_line(line_id) with INSERT … ON CONFLICT DO NOTHING is the wall: a line a
// rival received is not inserted, and the receipt is refused.
import { addDec, compareDec, isDecimal, roundDec, subDec, t, quantityText, unitProblem, type Lang } from '@seamline/core';
import { and, BizError, emitBusinessEvent, eq, forbidden, isUuid, notFound, sql, type Actor, type Row, type Tx, canTransition } from '@seamline/server/api';
import { STOCK_DOCUMENTS } from '../../orders/meta/warehouse';
import { writeLedger } from '../../orders/server/floor/stock';
import { scm_bin } from '../../orders/server/schema';
import { RECEIVE_ACTION, SH_STATUS, SH_STATUSES, shipmentEntity } from '../meta';
import { rowsOf } from './shipments';

const QTY_RE = /^\d+(\.\d{1,4})?$/;
const dec4 = (v: string) => roundDec(v, 4)!;

export interface ReceiveInput {
  id?: unknown;
  /** The cartons received (ids), ticked or scanned. */
  cartons?: unknown;
  /** The bin everything goes into unless a line names its own. */
  bin_id?: unknown;
  /** Differences: per shipment line, what was counted, what was damaged, why. */
  lines?: unknown;
}

function qtyOf(v: unknown, fallback: string, unit: string = 'PCS'): string {
  if (v === undefined || v === null || v === '') return fallback;
  const s = String(v).trim();
  // Counted and damaged garments are pieces: whole numbers (issue 30); materials in their own unit.
  if (!QTY_RE.test(s) || !isDecimal(s) || unitProblem(s, unit)) throw new BizError('shipping.qtyInvalid');
  return dec4(s);
}

const stateLabel = (status: unknown, lang: Lang) => {
  const v = SH_STATUSES.find((x) => x.value === String(status));
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status ?? '');
};

/** The shipment as its buyer sees it, locked for the receipt; 404 for anyone else. */
async function lockForBuyer(tx: Tx, me: string, id: unknown, actor: Actor, lang: Lang): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [seen] = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment where id = ${id}`));
  if (!seen) throw notFound();
  if (seen.buyer_client_id !== me) {
    if (seen.client_id === me) throw forbidden('orders.counterpartOnly');
    throw notFound();
  }
  if (!canTransition(shipmentEntity, RECEIVE_ACTION, actor)) throw forbidden();
  const refuseState = (status: unknown): never => {
    const key = RECEIVE_ACTION.refusedIn?.[String(status)] ?? 'orders.badState';
    throw new BizError(key, { action: lang === 'en' ? RECEIVE_ACTION.label.en : RECEIVE_ACTION.label.zh, status: stateLabel(status, lang) });
  };
  if (!RECEIVE_ACTION.from.includes(String(seen.status))) refuseState(seen.status);
  // The buyer may lock it only while it can be received (its UPDATE policy): a rival that
  // received the last carton meanwhile leaves nothing to lock.
  const [row] = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment where id = ${id} for update`));
  if (!row || !RECEIVE_ACTION.from.includes(String(row.status))) refuseState(row?.status ?? SH_STATUS.RECEIVED);
  return row!;
}

export interface ReceiptResult {
  shipment: Row;
  receiptId: string;
  received: string;
  shipped: string;
}

export async function postReceipt(tx: Tx, actor: Actor, lang: Lang, input: ReceiveInput): Promise<ReceiptResult> {
  const me = actor.session.clientId;
  const userId = actor.session.userId;
  const shipment = await lockForBuyer(tx, me, input.id, actor, lang);
  const cartons = rowsOf<Row>(await tx.execute(sql`select id, carton_no, sscc from shp_shipment_cartons where parent_id = ${shipment.id} order by carton_no`));
  const lines = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment_lines where parent_id = ${shipment.id} order by carton_no, seq`));
  const wanted = Array.isArray(input.cartons) ? [...new Set(input.cartons.map(String))] : [];
  if (!wanted.length) throw new BizError('shipping.noCartons');
  const byId = new Map(cartons.map((c) => [String(c.id), c]));
  if (wanted.some((id) => !byId.has(id))) throw new BizError('shipping.cartonNotInShipment');
  const taken = new Set(rowsOf<{ line_id: string }>(await tx.execute(sql`select line_id from shp_receipt_line where shipment_id = ${shipment.id}`)).map((r) => r.line_id));

  // Bins: of the buyer's own warehouses (another company's bin is not found).
  const myBin = async (id: unknown): Promise<string> => {
    if (!isUuid(id)) throw new BizError('shipping.binRequired');
    const [b] = await tx.select({ id: scm_bin.id }).from(scm_bin).where(and(eq(scm_bin.client_id, me), eq(scm_bin.id, id)));
    if (!b) throw new BizError('shipping.binNotFound');
    return id;
  };
  const overrides = new Map<string, Record<string, unknown>>();
  if (Array.isArray(input.lines)) for (const o of input.lines) if (o && typeof o === 'object' && isUuid((o as Row).line_id)) overrides.set(String((o as Row).line_id), o as Record<string, unknown>);
  const defaultBin = input.bin_id === undefined || input.bin_id === null || input.bin_id === '' ? null : await myBin(input.bin_id);

  const chosen = new Set(wanted.map((id) => Number(byId.get(id)!.carton_no)));
  const receiving: { line: Row; carton: Row; bin: string; received: string; damaged: string; reason: string | null }[] = [];
  for (const line of lines) {
    if (!chosen.has(Number(line.carton_no))) continue;
    const carton = cartons.find((c) => Number(c.carton_no) === Number(line.carton_no))!;
    if (taken.has(String(line.id))) throw new BizError('shipping.cartonReceived', { sscc: String(carton.sscc ?? carton.carton_no) });
    const o = overrides.get(String(line.id)) ?? {};
    const shipped = dec4(String(line.qty));
    const unit = String(line.unit ?? 'PCS') || 'PCS';
    const received = qtyOf(o.received_qty, shipped, unit);
    const damaged = qtyOf(o.damaged_qty, '0.0000', unit);
    if (compareDec(damaged, received) > 0) throw new BizError('shipping.damagedAboveReceived', { damaged, received });
    const reason = typeof o.reason === 'string' ? o.reason.replace(/\u0000/g, '').trim() : '';
    if (reason.length > 500) throw new BizError('shipping.reasonTooLong');
    if ((compareDec(received, shipped) !== 0 || compareDec(damaged, '0') > 0) && !reason) {
      const pcs = (v: string) => quantityText(v, unit);
      throw new BizError('shipping.reasonRequired', { style: String(line.style_code), colour: String(line.colour), size: String(line.size), shipped: pcs(shipped), received: pcs(received), damaged: pcs(damaged) });
    }
    const bin = o.bin_id ? await myBin(o.bin_id) : defaultBin;
    if (!bin) throw new BizError('shipping.binRequired');
    receiving.push({ line, carton, bin, received, damaged, reason: reason || null });
  }

  // The receipt's rows first: a line a rival received meanwhile is not inserted → refused, nothing kept.
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from shp_receipt where shipment_id = ${shipment.id}`));
  let docNo = `${String(shipment.code ?? 'ASN')}-R${n + 1}`;
  const [clash] = rowsOf<Row>(await tx.execute(sql`select 1 from scm_stock_receipt where client_id = ${me} and doc_no = ${docNo}`));
  if (clash) docNo = `${docNo}-${String(shipment.id).slice(0, 8).toUpperCase()}`;
  const [stock] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into scm_stock_receipt (client_id, doc_no, doc_date, status, note, created_by, updated_by)
      values (${me}, ${docNo}, current_date, 'posted', ${`ASN ${String(shipment.code ?? '')}`}, ${userId}, ${userId}) returning id`),
  );
  const [receipt] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into shp_receipt (client_id, shipment_id, supplier_client_id, stock_receipt_id, doc_no, received_by)
      values (${me}, ${shipment.id}, ${shipment.client_id}, ${stock!.id}, ${docNo}, ${userId}) returning id`),
  );

  for (const r of receiving) {
    const done = rowsOf<Row>(
      await tx.execute(sql`insert into shp_receipt_line (client_id, receipt_id, shipment_id, supplier_client_id, carton_id, line_id, bin_id, shipped_qty, received_qty, damaged_qty, reason)
        values (${me}, ${receipt!.id}, ${shipment.id}, ${shipment.client_id}, ${r.carton.id}, ${r.line.id}, ${r.bin}, ${String(r.line.qty)}, ${r.received}, ${r.damaged}, ${r.reason})
        on conflict (line_id) do nothing returning id`),
    );
    if (!done.length) throw new BizError('shipping.cartonReceived', { sscc: String(r.carton.sscc ?? r.carton.carton_no) });
  }
  // Good pieces go into stock; damaged ones are recorded, not stocked. A material line (issue 27)
  // goes in as the buyer's own material (the material order line's), and counts on its order.
  const stockLines: Row[] = [];
  const materialReceipts: Array<{ material_order_id: string; material_code: string; qty: string }> = [];
  for (const [seq, r] of receiving.entries()) {
    const good = subDec(r.received, r.damaged);
    if (compareDec(good, '0') <= 0) continue;
    const materialOrder = typeof r.line.material_order_id === 'string' && r.line.material_order_id ? r.line.material_order_id : null;
    let materialId: string | null = null;
    if (materialOrder) {
      const [m] = rowsOf<{ material_id: string | null }>(
        await tx.execute(sql`select l.material_id::text as material_id from ord_material_order_lines l join ord_material_order o on o.id = l.parent_id
          where o.id = ${materialOrder}::uuid and o.client_id = ${me} and upper(l.material_code) = upper(${String(r.line.style_code)}) order by l.seq limit 1`),
      );
      if (!m?.material_id) throw new BizError('shipping.notOnMaterialOrder', { material: String(r.line.style_code), code: '' });
      materialId = m.material_id;
      materialReceipts.push({ material_order_id: materialOrder, material_code: String(r.line.style_code), qty: good });
    }
    const [l] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into scm_stock_receipt_lines (client_id, parent_id, seq, material_id, style_code, colour, size, to_bin_id, quantity)
        values (${me}, ${stock!.id}, ${seq}, ${materialId}, ${materialId ? null : String(r.line.style_code)}, ${materialId ? null : String(r.line.colour)}, ${materialId ? null : String(r.line.size)}, ${r.bin}, ${good}) returning id`),
    );
    stockLines.push(materialId ? { id: l!.id, material_id: materialId, to_bin_id: r.bin, quantity: good } : { id: l!.id, style_code: r.line.style_code, colour: r.line.colour, size: r.line.size, to_bin_id: r.bin, quantity: good });
  }
  if (stockLines.length) await writeLedger(tx, me, userId, STOCK_DOCUMENTS.receipt, 'receipt', { id: stock!.id, doc_no: docNo, lines: stockLines });

  const [sum] = rowsOf<{ received: string; lines: number }>(
    await tx.execute(sql`select coalesce(sum(received_qty), 0)::text as received, count(*)::int as lines from shp_receipt_line where shipment_id = ${shipment.id}`),
  );
  const status = sum!.lines >= lines.length ? SH_STATUS.RECEIVED : SH_STATUS.PARTLY_RECEIVED;
  await tx.execute(sql`update shp_shipment set status = ${status}, received_qty = ${sum!.received}::numeric, version = version + 1, updated_by = ${userId}, updated_at = now() where id = ${shipment.id}`);
  // Issue 27: the receipt is posted ('shipment.received'): the orders area counts material receipts
  // on their material orders (the material requirement nets them), the out-API may publish it.
  const orderIds = [...new Set(receiving.map((r) => r.line.order_id).filter((id): id is string => typeof id === 'string' && id !== ''))];
  await emitBusinessEvent(tx, {
    type: 'shipment.received',
    clientId: me,
    userId,
    lang,
    data: { shipment_id: String(shipment.id), receipt_id: receipt!.id, supplier_client_id: String(shipment.client_id), customer_order_ids: orderIds, material_receipts: materialReceipts },
  });
  const [after] = rowsOf<Row>(await tx.execute(sql`select * from shp_shipment where id = ${shipment.id}`));
  return {
    shipment: after!,
    receiptId: receipt!.id,
    // For the notice's text: pieces read whole (issue 30).
    received: quantityText(receiving.reduce((a, r) => addDec(a, r.received), '0'), 'PCS'),
    shipped: quantityText(receiving.reduce((a, r) => addDec(a, String(r.line.qty)), '0'), 'PCS'),
  };
}

// Supplier invoices (docs/finance.md 'Invoice', 'Matching'): a draft from the billable quantities
// of one or more shipments (one supplier, one buyer, one currency), corrections of a draft or held
// invoice, and the three-way match on submit.
//
// Never more billed than shipped / received, under concurrency: every submit locks the rows of
// all the shipments its lines bill first (SELECT … FOR UPDATE, in id order so that two invoices
// sharing shipments never wait for each other crosswise; the supplier owns them), so submits of
// invoices of one shipment check in turn against the quantities the others billed, read after the lock.
import { addDec, compareDec, interpolate, roundDec, subDec, t, type Lang } from '@seamline/core';
import { BizError, notFound, sql, sqlRows, ValidationError, type Actor, type Row, type Tx } from '@seamline/server/api';
import { addDays, BILL_ON, BILLING, EDITABLE, financeMessages, INV_STATUS, invoiceTotals, lineAmount, matchLine, moneyText, termDays, type BillOn, type Hold, type Tolerances } from '../meta';

const d4 = (v: string) => roundDec(v, 4)!;

/** The invoice header as the server reads and answers it (dates and amounts as text). */
export const INVOICE_COLS = sql.raw(`id, client_id, buyer_client_id, shipment_id, code, invoice_date::text as invoice_date, due_date::text as due_date,
  currency, bill_on, tax_rate::text as tax_rate, subtotal::text as subtotal, tax_amount::text as tax_amount, total::text as total,
  paid_amount::text as paid_amount, set_off_amount::text as set_off_amount, credit_amount::text as credit_amount, status, reject_reason, remark, approved_by, approved_at,
  version, created_at, updated_at`);

export const LINE_COLS = sql.raw(`id, invoice_id, seq, shipment_line_id, order_id, order_code, style_code, colour, size, qty::text as qty,
  price::text as price, amount::text as amount, order_price::text as order_price, received_qty::text as received_qty, match_status,
  held_reason_en, held_reason_zh`);

/** What is still owed on an invoice: total − paid − set off − credited. */
export const openAmount = (inv: Row): string =>
  d4(subDec(subDec(subDec(String(inv.total), String(inv.paid_amount)), String(inv.set_off_amount)), String(inv.credit_amount ?? '0')));

export interface Terms extends Tolerances {
  billOn: BillOn;
  taxRate: string;
  paymentTerms: string | null;
  currency: string | null;
}

/**
 * The buyer's terms for the calling supplier (per supplier, else the buyer's default): read
 * through fin_terms (SECURITY DEFINER), since the supplier cannot read the buyer's settings. The
 * tolerances stay in the server: no route answers them to the supplier.
 */
export async function termsOf(tx: Tx, buyer: string): Promise<Terms> {
  const [r] = await sqlRows(tx, sql`select * from fin_terms(${buyer}::uuid)`);
  return {
    billOn: r?.bill_on === BILL_ON.SHIPPED ? BILL_ON.SHIPPED : BILL_ON.RECEIVED,
    pricePct: String(r?.price_pct ?? '0'),
    qtyPct: String(r?.qty_pct ?? '0'),
    taxRate: String(r?.tax_rate ?? '0'),
    paymentTerms: r?.payment_terms ?? null,
    currency: r?.currency ?? null,
  };
}

interface ShipLine {
  id: string;
  shipment_id: string;
  order_id: string;
  order_code: string;
  currency: string | null;
  style_code: string;
  colour: string;
  size: string;
  shipped: string;
  /** Good pieces received (received − damaged). */
  received: string;
  order_price: string | null;
  /** Billed by invoices that count (BILLING), other than `except`. */
  billed: string;
}

/** The shipments' lines with their order price, what was received and what was billed elsewhere. */
async function shipLines(tx: Tx, shipmentIds: readonly string[], except: string | null): Promise<ShipLine[]> {
  return sqlRows<ShipLine>(
    tx,
    sql`select l.id, l.parent_id as shipment_id, l.order_id, o.code as order_code, o.currency, l.style_code, l.colour, l.size, l.qty::text as shipped,
        coalesce((select sum(r.received_qty - r.damaged_qty) from shp_receipt_line r where r.line_id = l.id), 0)::text as received,
        (select ol.price::text from ord_customer_order_lines ol where ol.parent_id = l.order_id and ol.style_code = l.style_code
            and ol.colour = l.colour and ol.size = l.size order by ol.seq limit 1) as order_price,
        coalesce((select sum(il.qty) from fin_invoice_line il join fin_invoice i on i.id = il.invoice_id
            where il.shipment_line_id = l.id and i.status in (${sql.join(BILLING.map((s) => sql`${s}`), sql`, `)})
            ${except ? sql`and i.id <> ${except}` : sql``}), 0)::text as billed
      from shp_shipment_lines l join ord_customer_order o on o.id = l.order_id
      join shp_shipment s on s.id = l.parent_id
      where l.parent_id in (${sql.join(shipmentIds.map((x) => sql`${x}`), sql`, `)}) order by s.code, l.carton_no, l.seq`,
  );
}

const basisOf = (l: ShipLine, billOn: BillOn) => (billOn === BILL_ON.SHIPPED ? l.shipped : l.received);

/** At most this many shipments on one invoice (a month of one buyer's deliveries, roughly). */
export const MAX_SHIPMENTS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The calling supplier's shipments (its own rows), in id order, or 404 when any is not. With
 * `lock`, their rows are locked in that order: every submit takes them in one order, so two
 * invoices sharing shipments queue instead of deadlocking.
 */
async function ownShipments(tx: Tx, me: string, ids: readonly unknown[], lock = false): Promise<Row[]> {
  if (!ids.length || ids.some((id) => typeof id !== 'string' || !UUID.test(id))) throw notFound();
  const wanted = [...new Set(ids as string[])].map((id) => id.toLowerCase()).sort();
  const rows = await sqlRows(tx, sql`select * from shp_shipment where id in (${sql.join(wanted.map((x) => sql`${x}`), sql`, `)}) and client_id = ${me}
    order by id ${lock ? sql`for update` : sql``}`);
  if (rows.length !== wanted.length) throw notFound();
  return rows;
}

/** The shipments an invoice bills: the one it was made from and those its lines name. */
async function invoiceShipments(tx: Tx, invoice: Row): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(tx, sql`select distinct l.parent_id::text as id from fin_invoice_line il join shp_shipment_lines l on l.id = il.shipment_line_id
    where il.invoice_id = ${invoice.id}`);
  return [...new Set([String(invoice.shipment_id), ...rows.map((r) => r.id)])];
}

/** The shipment ids a draft request names: `shipment_ids` (a list) or `shipment_id` (one). */
export function shipmentIdsOf(data: Record<string, unknown>): unknown[] {
  const many = data.shipment_ids;
  if (Array.isArray(many)) return many;
  if (typeof many === 'string' && many) return many.split(',');
  return data.shipment_id === undefined || data.shipment_id === null || data.shipment_id === '' ? [] : [data.shipment_id];
}

async function setTotals(tx: Tx, invoiceId: string, taxRate: string): Promise<void> {
  const lines = await sqlRows<{ amount: string }>(tx, sql`select amount::text as amount from fin_invoice_line where invoice_id = ${invoiceId}`);
  const { subtotal, tax, total } = invoiceTotals(lines.map((l) => l.amount), taxRate);
  await tx.execute(sql`update fin_invoice set subtotal = ${subtotal}, tax_amount = ${tax}, total = ${total} where id = ${invoiceId}`);
}

/**
 * A draft of everything still billable of the named shipments, at the order's prices, due by the
 * vendor's terms. Several shipments go on one invoice when they are the supplier's, shipped onwards,
 * to one buyer, in one currency; the invoice is numbered after the first one named.
 */
export async function invoiceFromShipments(tx: Tx, actor: Actor, ids: readonly unknown[], today: string): Promise<string> {
  const me = actor.session.clientId;
  if (!ids.length) throw new ValidationError({ shipment_ids: [t(actor.lang, 'finance.shipmentsMissing')] }, 'finance.shipmentsMissing', 400);
  if (ids.length > MAX_SHIPMENTS) throw new ValidationError({ shipment_ids: [t(actor.lang, 'finance.shipmentsTooMany', { max: String(MAX_SHIPMENTS) })] }, 'finance.shipmentsTooMany', 400, { max: String(MAX_SHIPMENTS) });
  const found = await ownShipments(tx, me, ids);
  // In the order named (ownShipments answers them in id order): the first gives the number.
  const named = ids.map((id) => String(id).toLowerCase());
  const shipments = [...found].sort((a, b) => named.indexOf(String(a.id)) - named.indexOf(String(b.id)));
  for (const s of shipments) {
    if (!['SHIPPED', 'PARTLY_RECEIVED', 'RECEIVED'].includes(String(s.status)) || !s.buyer_client_id) {
      throw new BizError('finance.shipmentNotBillable', { code: String(s.code ?? '') });
    }
  }
  const shipment = shipments[0]!;
  const code = String(shipment.code ?? '');
  const buyer = String(shipment.buyer_client_id);
  const other = shipments.find((s) => String(s.buyer_client_id) !== buyer);
  if (other) throw new BizError('finance.shipmentsOtherBuyer', { code: String(other.code), first: code });
  const terms = await termsOf(tx, buyer);
  // Lines in the order the shipments were named (the first one's currency is the invoice's).
  const rank = new Map(shipments.map((s, i) => [String(s.id), i]));
  const lines = (await shipLines(tx, shipments.map((s) => String(s.id)), null))
    .map((l) => ({ l, open: d4(subDec(basisOf(l, terms.billOn), l.billed)) }))
    .filter((x) => compareDec(x.open, '0') > 0)
    .sort((x, y) => rank.get(String(x.l.shipment_id))! - rank.get(String(y.l.shipment_id))!);
  if (!lines.length) throw new BizError('finance.nothingToBill', { code: shipments.map((s) => String(s.code)).join(', ') });
  const currencyOf = (l: ShipLine) => l.currency || terms.currency || 'CNY';
  const currency = currencyOf(lines[0]!.l);
  const mixed = lines.find((x) => currencyOf(x.l) !== currency);
  if (mixed) throw new BizError('finance.shipmentsMixedCurrency', { a: currency, b: currencyOf(mixed.l), order: mixed.l.order_code });
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from fin_invoice where client_id = ${me} and shipment_id = ${shipment.id}`);
  // Two drafts of one shipment made at once may pick one number: the next free one is taken.
  let id: string | undefined;
  for (let k = n + 1; !id; k++) {
    const [row] = await sqlRows<{ id: string }>(
      tx,
      sql`insert into fin_invoice (client_id, buyer_client_id, shipment_id, code, invoice_date, due_date, currency, bill_on, tax_rate, created_by, updated_by)
        values (${me}, ${buyer}, ${shipment.id}, ${`INV-${code}-${k}`}, ${today}, ${addDays(today, termDays(terms.paymentTerms))}, ${currency}, ${terms.billOn},
          ${terms.taxRate}, ${actor.session.userId}, ${actor.session.userId})
        on conflict (client_id, code) do nothing returning id`,
    );
    id = row?.id;
  }
  for (const [seq, { l, open }] of lines.entries()) {
    const price = d4(l.order_price ?? '0');
    await tx.execute(sql`insert into fin_invoice_line (client_id, invoice_id, seq, shipment_line_id, order_id, order_code, style_code, colour, size, qty, price, amount)
      values (${me}, ${id}, ${seq}, ${l.id}, ${l.order_id}, ${l.order_code}, ${l.style_code}, ${l.colour}, ${l.size}, ${open}, ${price}, ${lineAmount(open, price)})`);
  }
  await setTotals(tx, id, terms.taxRate);
  return id;
}

/** The supplier corrects a draft or held invoice: quantities and prices of the lines it keeps. */
export async function saveLines(tx: Tx, invoice: Row, data: Record<string, unknown>, lang: Lang): Promise<void> {
  if (!EDITABLE.includes(String(invoice.status))) throw new BizError('finance.notEditable');
  const lines = await sqlRows<Row>(tx, sql`select ${LINE_COLS} from fin_invoice_line where invoice_id = ${invoice.id}`);
  const byId = new Map(lines.map((l) => [String(l.id), l]));
  const posted = Array.isArray(data.lines) ? data.lines : [];
  if (!posted.length) throw new ValidationError({ lines: [t(lang, 'finance.noLines')] }, 'finance.noLines', 400);
  const errors: Array<Record<string, string[]> | null> = [];
  const keep: { id: string; qty: string; price: string }[] = [];
  for (const p of posted as Row[]) {
    const e: Record<string, string[]> = {};
    const line = byId.get(String(p?.id ?? ''));
    if (!line) e.id = [t(lang, 'finance.lineUnknown')];
    const qty = moneyText(p?.qty, { positive: true });
    if (!qty) e.qty = [t(lang, 'finance.qtyInvalid')];
    const price = moneyText(p?.price);
    if (!price) e.price = [t(lang, 'finance.priceInvalid')];
    errors.push(Object.keys(e).length ? e : null);
    if (line && qty && price) keep.push({ id: String(line.id), qty, price });
  }
  if (errors.some(Boolean)) throw new ValidationError({ lines: errors }, 'form.correctInput', 400);
  const kept = new Set(keep.map((k) => k.id));
  for (const l of lines) if (!kept.has(String(l.id))) await tx.execute(sql`delete from fin_invoice_line where id = ${l.id}`);
  for (const k of keep) {
    await tx.execute(sql`update fin_invoice_line set qty = ${k.qty}, price = ${k.price}, amount = ${lineAmount(k.qty, k.price)} where id = ${k.id}`);
  }
  const remark = typeof data.remark === 'string' ? data.remark.replace(/\u0000/g, '').slice(0, 1000) : invoice.remark;
  await tx.execute(sql`update fin_invoice set remark = ${remark ?? null}, version = version + 1, updated_at = now() where id = ${invoice.id}`);
  await setTotals(tx, String(invoice.id), String(invoice.tax_rate));
}

/**
 * A held line's reason as stored, in one language. Straight from the area's catalogue, not the
 * registered one: the demo seed matches invoices before the areas' messages are registered (its
 * held reason read 'finance.hold.qty').
 */
const holdText = (lang: Lang, holds: Hold[]) =>
  holds.map((h) => interpolate((financeMessages[lang === 'en' ? 'en' : 'zh'] as Record<string, string>)[h.key] ?? h.key, h.params)).join('; ');

/**
 * Submit: with the shipment locked, nothing may be billed beyond its basis (refused, nothing
 * kept); then each line is matched against the order's price and the receipt under the buyer's
 * tolerances. Answers the state the invoice lands on.
 */
export async function matchOnSubmit(tx: Tx, invoice: Row, lang: Lang): Promise<string> {
  const me = String(invoice.client_id);
  const shipments = await invoiceShipments(tx, invoice);
  await ownShipments(tx, me, shipments, true);
  const terms = await termsOf(tx, String(invoice.buyer_client_id));
  const ship = new Map((await shipLines(tx, shipments, String(invoice.id))).map((l) => [l.id, l]));
  const lines = await sqlRows<Row>(tx, sql`select ${LINE_COLS} from fin_invoice_line where invoice_id = ${invoice.id} order by seq`);
  if (!lines.length) throw new BizError('finance.noLines');
  let held = false;
  for (const line of lines) {
    const s = ship.get(String(line.shipment_line_id));
    const qty = String(line.qty);
    const basis = s ? basisOf(s, terms.billOn) : '0';
    const billed = s?.billed ?? '0';
    if (!s || compareDec(addDec(billed, qty), basis) > 0) {
      throw new BizError('finance.overBill', {
        style: String(line.style_code), colour: String(line.colour), size: String(line.size), qty: d4(qty),
        open: d4(subDec(basis, billed)), basis: t(lang, `finance.basis.${terms.billOn}`), total: d4(basis), billed: d4(billed),
      });
    }
    const holds: Hold[] = s.order_price === null
      ? [{ key: 'finance.hold.noOrderLine', params: { style: s.style_code, colour: s.colour, size: s.size } }]
      : matchLine({ qty, price: String(line.price), orderPrice: s.order_price, received: s.received, otherBilled: billed }, terms);
    held ||= holds.length > 0;
    await tx.execute(sql`update fin_invoice_line set order_price = ${s.order_price}, received_qty = ${s.received},
        match_status = ${holds.length ? 'HELD' : 'MATCHED'}, held_reason_en = ${holds.length ? holdText('en', holds) : null},
        held_reason_zh = ${holds.length ? holdText('zh', holds) : null} where id = ${line.id}`);
  }
  return held ? INV_STATUS.HELD : INV_STATUS.MATCHED;
}

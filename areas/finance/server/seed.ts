// Finance demo data (idempotent; nothing when the factory already has invoices): Demo Brand Co.'s
// terms for Demo Garment Factory (bill on shipped quantities, price tolerance 2 %, quantity 0 %,
// VAT 13 %), and, through the same code the routes run, an invoice on ASN-DEMO-04 matched,
// approved and partly paid; one on ASN-DEMO-03 held (a carton not received yet); and a debit note
// of the brand awaiting the factory's answer; the factory's credit note of 50 on the paid one.
import { client, inArray, sql, sqlRows, type Actor, type Tx } from '@seamline/server/api';
import { CN_STATUS, DN_STATUS, INV_STATUS } from '../meta';
import { invoiceFromShipments, matchOnSubmit, saveLines } from './invoices';

const BRAND = 'Demo Brand Co.';
const FACTORY = 'Demo Garment Factory';

export async function seedFinance(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.name, [BRAND, FACTORY]));
  const brand = companies.find((c) => c.name === BRAND)?.id;
  const factory = companies.find((c) => c.name === FACTORY)?.id;
  if (!brand || !factory) return;
  const [any] = await sqlRows(tx, sql`select 1 from fin_invoice where client_id = ${factory} limit 1`);
  if (any) return;
  const ship = async (code: string) => (await sqlRows<{ id: string }>(tx, sql`select id from shp_shipment where client_id = ${factory} and code = ${code}`))[0]?.id;
  const [s3, s4] = [await ship('ASN-DEMO-03'), await ship('ASN-DEMO-04')];
  if (!s3 || !s4) return;
  await tx.execute(sql`insert into fin_setting (client_id, supplier_client_id, bill_on, price_pct, qty_pct, tax_rate)
    values (${brand}, ${factory}, 'shipped', 2, 0, 13) on conflict do nothing`);

  // The factory's server reads the brand's terms as the factory (fin_terms answers the caller's).
  await tx.execute(sql`select set_config('app.client_id', ${factory}, true)`);
  const factoryActor = { session: { clientId: factory, userId: factory, userType: 'ADMIN' } } as unknown as Actor;
  const view = async (id: string) => (await sqlRows(tx, sql`select id, client_id, buyer_client_id, shipment_id, status, version, tax_rate::text as tax_rate, remark from fin_invoice where id = ${id}`))[0]!;
  const submit = async (id: string) => {
    const to = await matchOnSubmit(tx, await view(id), 'en');
    await tx.execute(sql`update fin_invoice set status = ${to}, version = version + 1 where id = ${id}`);
    return to;
  };
  const today = new Date().toISOString().slice(0, 10);

  // ASN-DEMO-04: 60 shipped, 58 counted, 1 damaged — the factory bills the 57 good pieces: matched.
  const a = await invoiceFromShipments(tx, factoryActor, [s4], today);
  const [line] = await sqlRows<{ id: string; price: string }>(tx, sql`select id, price::text as price from fin_invoice_line where invoice_id = ${a}`);
  await saveLines(tx, await view(a), { lines: [{ id: line!.id, qty: '57', price: line!.price }] }, 'en');
  await submit(a);
  // ASN-DEMO-03: both cartons billed, one not received yet: held on that line.
  await submit(await invoiceFromShipments(tx, factoryActor, [s3], today));
  await tx.execute(sql`select set_config('app.client_id', '', true)`);

  // The brand approves the matched one and pays part of it.
  await tx.execute(sql`update fin_invoice set status = ${INV_STATUS.PARTLY_PAID}, approved_at = now(), paid_amount = 1000, version = version + 1 where id = ${a}`);
  await tx.execute(sql`insert into fin_payment (client_id, supplier_client_id, invoice_id, amount, currency, paid_on, reference)
    select ${brand}, ${factory}, id, 1000, currency, ${today}, 'TT-DEMO-0001' from fin_invoice where id = ${a}`);
  await tx.execute(sql`insert into fin_credit_note (client_id, supplier_client_id, buyer_client_id, invoice_id, code, note_date, amount, currency, reason, status)
    select ${factory}, ${factory}, ${brand}, id, 'CN-' || code || '-1', ${today}, 50, currency, 'Carton damaged in transit: allowance (demo)', ${CN_STATUS.APPLIED}
    from fin_invoice where id = ${a}`);
  await tx.execute(sql`update fin_invoice set credit_amount = 50 where id = ${a}`);
  await tx.execute(sql`insert into fin_debit_note (client_id, supplier_client_id, code, note_date, amount, ratio, currency, deduction_type, voucher, reason, status)
    select ${brand}, ${factory}, 'DN-DEMO-01', ${today}, 300, null, currency, 'CASH', 'V-DEMO-01', 'Late delivery of SO-2025-118 (demo)', ${DN_STATUS.OPEN}
    from fin_invoice where id = ${a}`);
}

// The buyer's finance terms (docs/finance.md 'Terms'): its default and per supplier — bill on
// shipped or received quantities, price and quantity tolerances of the match, tax rate. Only the
// buyer reads them (tenant rows); the supplier's submit reads them through fin_terms, in the server.
import { compareDec, type Lang } from '@seamline/core';
import { isUuid, sql, sqlRows, type Row, type Tx } from '@seamline/server/api';
import { BILL_ON, moneyText } from '../meta';
import { fieldError } from './actions';

const SETTING_COLS = sql.raw(`supplier_client_id, bill_on, price_pct::text as price_pct, qty_pct::text as qty_pct, tax_rate::text as tax_rate`);

export async function settingsOf(tx: Tx, me: string): Promise<Row> {
  const rows = await sqlRows(tx, sql`select ${SETTING_COLS}, (select name from client c where c.id = s.supplier_client_id) as supplier_name
    from fin_setting s where client_id = ${me} order by supplier_client_id nulls first`);
  const fallback = { supplier_client_id: null, bill_on: BILL_ON.RECEIVED, price_pct: '0.0000', qty_pct: '0.0000', tax_rate: '0.0000' };
  return { default: rows.find((r) => r.supplier_client_id === null) ?? fallback, suppliers: rows.filter((r) => r.supplier_client_id !== null) };
}

const pct = (v: unknown, field: string, lang: Lang): string => {
  const p = moneyText(v ?? '0');
  if (!p || compareDec(p, '100') > 0) fieldError(field, 'finance.settingInvalid', lang);
  return p;
};

/** One row of terms: the default (no supplier) or a supplier's, which must be one of the buyer's suppliers. */
export async function saveSettings(tx: Tx, me: string, data: Record<string, unknown>, lang: Lang): Promise<void> {
  const supplier = data.supplier_client_id === undefined || data.supplier_client_id === null || data.supplier_client_id === '' ? null : data.supplier_client_id;
  if (supplier !== null) {
    const known = isUuid(supplier)
      ? await sqlRows(tx, sql`select 1 from md_vendor where client_id = ${me} and supplier_client_id = ${supplier}
          union all select 1 from ord_customer_order where client_id = ${supplier} and buyer_client_id = ${me} limit 1`)
      : [];
    if (!known.length) fieldError('supplier_client_id', 'finance.supplierUnknown', lang);
  }
  const billOn = data.bill_on === undefined ? BILL_ON.RECEIVED : data.bill_on;
  if (billOn !== BILL_ON.SHIPPED && billOn !== BILL_ON.RECEIVED) fieldError('bill_on', 'finance.settingInvalid', lang);
  const values = { pricePct: pct(data.price_pct, 'price_pct', lang), qtyPct: pct(data.qty_pct, 'qty_pct', lang), taxRate: pct(data.tax_rate, 'tax_rate', lang) };
  await tx.execute(sql`insert into fin_setting (client_id, supplier_client_id, bill_on, price_pct, qty_pct, tax_rate)
    values (${me}, ${supplier}, ${billOn}, ${values.pricePct}, ${values.qtyPct}, ${values.taxRate})
    on conflict (client_id, supplier_client_id) do update set bill_on = excluded.bill_on, price_pct = excluded.price_pct,
      qty_pct = excluded.qty_pct, tax_rate = excluded.tax_rate, updated_at = now()`);
}

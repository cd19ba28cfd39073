// Material orders received through a shipment notice (issue 27). The mill ships the factory's
// material order on its shipment notice; the factory receives it into its bins (shipping posts the
// stock receipt) and shipping announces it: 'shipment.received', data.material_receipts = per
// material order and material code, the good quantity. This area counts it on the order's lines
// (received_qty, filling the lines of that code in order; an over-receipt stays on the last), and an
// order received in full becomes RECEIVED — if it was the last open one of its customer order, the
// order's materials are in ('material-order.received', the T&A listens). The material requirement
// then sees it twice, rightly: less on order (qty − received), more free stock (the bins).
import { compareDec, roundDec, subDec, addDec } from '@seamline/core';
import { onBusinessEvent, sql, sqlRows, type Row } from '@seamline/server/api';
import { MO_STATUS } from '../meta';
import { materialsReceived } from './documents';

interface Receipt {
  material_order_id: string;
  material_code: string;
  qty: string;
}

const dec4 = (v: string) => roundDec(v, 4) ?? '0.0000';

export function registerMaterialReceipts(): void {
  onBusinessEvent('shipment.received', 'orders:material-receipts', async (tx, ev) => {
    const receipts = (Array.isArray(ev.data.material_receipts) ? ev.data.material_receipts : []) as Receipt[];
    const touched = new Set<string>();
    for (const r of receipts) {
      const lines = await sqlRows<{ id: string; qty: string; received: string }>(
        tx,
        sql`select l.id, l.qty::text as qty, coalesce(l.received_qty, 0)::text as received from ord_material_order_lines l
             where l.client_id = ${ev.clientId} and l.parent_id = ${r.material_order_id}::uuid and upper(l.material_code) = upper(${r.material_code}) order by l.seq for update`,
      );
      let left = dec4(r.qty);
      for (const [i, l] of lines.entries()) {
        const open = subDec(l.qty, l.received);
        const take = i === lines.length - 1 ? left : compareDec(open, '0') <= 0 ? '0' : compareDec(left, open) < 0 ? left : dec4(open);
        if (compareDec(take, '0') <= 0) continue;
        await tx.execute(sql`update ord_material_order_lines set received_qty = ${dec4(addDec(l.received, take))}::numeric where id = ${l.id}`);
        left = dec4(subDec(left, take));
      }
      touched.add(r.material_order_id);
    }
    for (const id of touched) {
      const [order] = await sqlRows<Row>(
        tx,
        sql`update ord_material_order o set status = ${MO_STATUS.RECEIVED}, version = version + 1, updated_at = now(), updated_by = ${ev.userId}
             where o.id = ${id}::uuid and o.client_id = ${ev.clientId} and o.status in (${MO_STATUS.ACCEPTED}, ${MO_STATUS.CALLED})
               and not exists (select 1 from ord_material_order_lines l where l.parent_id = o.id and coalesce(l.received_qty, 0) < l.qty)
             returning o.id, o.customer_order_id`,
      );
      if (order) await materialsReceived(tx, { clientId: ev.clientId, userId: ev.userId, lang: ev.lang }, order);
    }
  });
}

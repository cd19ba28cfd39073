// What the floor reads of a work order (the documents half's `work-order`, one process of a plan
// on one line): its code, plant, process, style and colour × size quantities, and the customer
// order it serves with the brand that placed it (buyer_client_id, empty for off-platform customers).
import { sql, type Tx } from '@seamline/server/api';

export interface WorkOrderInfo {
  id: string;
  no: string;
  plantId: string | null;
  processId: string | null;
  styleCode: string | null;
  status: string;
  lines: Array<{ colour: string | null; size: string | null; quantity: number }>;
  orderId: string | null;
  brandClientId: string | null;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const uuidOrNull = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : null);

/** The work order `id` of the company, or null (another company's is not found). */
export async function workOrderOf(tx: Tx, clientId: string, id: string): Promise<WorkOrderInfo | null> {
  const [wo] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`select w.id, w.code, w.plant_id, w.process_id, w.style_code, w.status, w.qty::text as qty, w.customer_order_id, o.buyer_client_id
      from ord_work_order w left join ord_customer_order o on o.id = w.customer_order_id and o.client_id = w.client_id
      where w.client_id = ${clientId} and w.id = ${id}`),
  );
  if (!wo) return null;
  const sizes = rowsOf<{ colour: string | null; size: string | null; qty: string }>(
    await tx.execute(sql`select colour, size, qty::text as qty from ord_work_order_sizes where client_id = ${clientId} and parent_id = ${id} order by seq`),
  );
  const pieces = (q: string) => Math.max(0, Math.round(Number(q)));
  return {
    id,
    no: String(wo.code),
    plantId: (wo.plant_id as string | null) ?? null,
    processId: (wo.process_id as string | null) ?? null,
    styleCode: (wo.style_code as string | null) ?? null,
    status: String(wo.status ?? ''),
    lines: sizes.length ? sizes.map((s) => ({ colour: s.colour, size: s.size, quantity: pieces(s.qty) })) : [{ colour: null, size: null, quantity: pieces(String(wo.qty ?? '0')) }],
    orderId: (wo.customer_order_id as string | null) ?? null,
    brandClientId: uuidOrNull(wo.buyer_client_id),
  };
}

// What a booked or cancelled scan changes beyond the bundle: the work order's counters and the
// customer order's produced quantity. Both are server-set fields, recomputed from the progress
// rows (never incremented blindly), so a cancel takes back exactly what its scan added.
//
// The order's produced quantity (spec §4 'Customer order'): pieces through the last scanned step
// of the order's route — per plan, the work order of the highest sequence whose process is
// scanned by bundle (the sewing work order in the demo: finishing and packing are not scanned
// per bundle), its `completed_qty`. Plans of one order add up. Exact numeric arithmetic in SQL.
import { sql, type Tx } from '@seamline/server/api';

/** Recomputes the work order's completed_qty / progress and its customer order's produced_qty. */
export async function rollUp(tx: Tx, clientId: string, workOrderId: string): Promise<void> {
  // Pieces through the work order's last step, and the share of all step-pieces done. Its
  // version stays: scans are not edits of the document.
  const [wo] = (
    (await tx.execute(sql`update ord_work_order w set
        completed_qty = coalesce((select done_qty from vf_progress p where p.work_order_id = w.id order by p.seq desc limit 1), 0),
        progress = coalesce(round(100.0 * (select sum(done_qty) from vf_progress p where p.work_order_id = w.id)
                                  / nullif((select sum(planned_qty) from vf_progress p where p.work_order_id = w.id), 0), 4), 0)
      where w.client_id = ${clientId} and w.id = ${workOrderId}
      returning w.customer_order_id`)) as unknown as { rows: Array<{ customer_order_id: string | null }> }
  ).rows;
  const orderId = wo?.customer_order_id;
  if (!orderId) return;
  await tx.execute(sql`
    with recursive orders_wo as (
      select id, plan_id, process_id, sequence, code, completed_qty from ord_work_order
       where client_id = ${clientId} and customer_order_id = ${orderId}),
    tree(root, id) as (
      select p.id, p.id from md_process p where p.client_id = ${clientId} and p.id in (select process_id from orders_wo)
      union all
      select t.root, c.id from md_process c join tree t on c.parent_id = t.id where c.client_id = ${clientId}),
    scanned as (
      select distinct t.root from tree t join md_process p on p.id = t.id
       where 'BUNDLE' = any(p.scan_flags)
         and not exists (select 1 from md_process c where c.client_id = p.client_id and c.parent_id = p.id)),
    last_step as (
      select distinct on (w.plan_id) w.completed_qty from orders_wo w join scanned s on s.root = w.process_id
       order by w.plan_id, w.sequence desc nulls last, w.code desc)
    update ord_customer_order set produced_qty = (select coalesce(sum(completed_qty), 0) from last_step)
     where client_id = ${clientId} and id = ${orderId}`);
}

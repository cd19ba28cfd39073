// The control tower's figures this area adds (the other areas register their own: approvals,
// open tickets, tasks …); meta/tower.ts says which roles look at which. Each counts in the caller's
// tenant transaction, so row-level security bounds it like every list.
import { registerWorkCounter, sql, type Session, type Tx } from '@seamline/server/api';
import { visibleToCaller } from '../../ticket/server/access';
import { RPT_COUNTERS } from '../meta';

const one = async (tx: Tx, query: ReturnType<typeof sql>): Promise<number> =>
  Number((await tx.execute(query) as unknown as { rows: Array<{ n: string | number | null }> }).rows[0]?.n ?? 0);

/** Open customer orders (received or placed) whose delivery date has passed. */
export const lateOrders = (tx: Tx, s: Session) =>
  one(tx, sql`select count(*) as n from ord_customer_order
    where (client_id = ${s.clientId} or buyer_client_id = ${s.clientId})
      and status in ('OPEN', 'IN_PROGRESS') and delivery_date < current_date`);

/** Booked share of this ISO week's own capacity, in whole percent (0 without capacity). */
export const capacityLoad = (tx: Tx, s: Session) =>
  one(tx, sql`select coalesce(round(100 * sum(capacity_minutes - free_minutes) / nullif(sum(capacity_minutes), 0)), 0) as n
    from cap_vendor_capacity where client_id = ${s.clientId} and week = to_char(current_date, 'IYYY-"W"IW')`);

/** Quotations suppliers posted on the caller's sourcing projects, not decided yet. */
export const quotationsWaiting = (tx: Tx, s: Session) =>
  one(tx, sql`select count(*) as n from srm_quotation where brand_client_id = ${s.clientId} and status = 'posted'`);

/** Tickets the caller takes part in that closed with a deduction. */
export const deductions = (tx: Tx, s: Session) =>
  one(tx, sql`select count(*) as n from tk_ticket where ${visibleToCaller(s)} and deduction_amount > 0`);

/** Pieces the company's shop floor booked today (every process step). */
export const outputToday = (tx: Tx, s: Session) =>
  one(tx, sql`select coalesce(sum(quantity), 0) as n from vf_scan where client_id = ${s.clientId} and scanned_at >= current_date and cancelled_at is null`);

registerWorkCounter({ key: RPT_COUNTERS.lateOrders, label: { en: 'Open orders past delivery', zh: '逾期未完成订单' }, url: '/rpt/dsrptindex/late-orders', count: lateOrders });
registerWorkCounter({ key: RPT_COUNTERS.capacityLoad, label: { en: 'Capacity load this week (%)', zh: '本周产能负荷(%)' }, url: '/rpt/dsrptindex/capacity-load', count: capacityLoad });
registerWorkCounter({ key: RPT_COUNTERS.quotationsWaiting, label: { en: 'Quotations waiting', zh: '待决策报价' }, url: '/rpt/dsrptindex/quotations-waiting', count: quotationsWaiting });
registerWorkCounter({ key: RPT_COUNTERS.deductions, label: { en: 'Tickets with deductions', zh: '有扣款的工单' }, url: '/rpt/dsrptindex/tickets-by-category', count: deductions });
registerWorkCounter({ key: RPT_COUNTERS.outputToday, label: { en: 'Pieces booked today', zh: '今日扫码件数' }, url: '/visual/board', count: outputToday });

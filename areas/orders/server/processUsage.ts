// Master data's processes are 'in use' while work orders are made in them (spec §8 'process in use
// warning'). Master data computes 'in use' from a list of finders (processUsages) that other
// areas register with; this one adds the work orders whose process is among the ids, so a
// process cannot be deleted (nor its code changed) without the warning while work orders use it.
// A confirmed delete releases nothing: the work orders keep their process id, as their scans do.
import { t } from '@seamline/core';
import { and, asc, eq, inArray, type Tx, MAX_USAGES, type UsageFinder, type SaveContext } from '@seamline/server/api';
import { processUsages } from '../../masterdata/server/hooks';
import { ord_work_order } from './schema';

export const workOrderProcessUsage: UsageFinder = {
  async find(tx: Tx, ids: readonly string[], ctx: SaveContext) {
    const rows = await tx
      .select({ code: ord_work_order.code })
      .from(ord_work_order)
      .where(and(eq(ord_work_order.client_id, ctx.clientId), inArray(ord_work_order.process_id, [...ids])))
      .orderBy(asc(ord_work_order.code));
    if (rows.length === 0) return null;
    return { count: rows.length, where: rows.slice(0, MAX_USAGES).map((r) => t(ctx.lang, 'orders.processUsedByWorkOrder', { code: String(r.code) })) };
  },
};

/** Called once when the area's server module loads. */
export function registerProcessUsage(): void {
  if (!processUsages.includes(workOrderProcessUsage)) processUsages.push(workOrderProcessUsage);
}

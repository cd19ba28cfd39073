// Approval through a bound approval flow (docs/finance.md 'Approval'). When the buyer bound a flow
// to the supplier invoice (the flow area's bindings; meta/approval.ts), 'approve' on a matched
// invoice does not approve it: it starts the flow as an action approval of the flow runtime (as
// sourcing's publishing does), the invoice stays MATCHED meanwhile, and the flow's last node
// approving runs the handler below, which approves it then — after checking again that it is
// still matched. Without a binding, the direct APPROVER right approves at once (routes.ts).
//
// Who starts it: the buyer's BUYER or APPROVER (the flow decides who approves). A return leaves
// the invoice matched; it may be sent again or rejected. While a flow runs, a direct approve or a
// rejection is refused (the flow is where it is decided).
import { formatAmount, t } from '@seamline/core';
import { auditLog, BizError, sql, sqlRows, type AuthedContext, type Registry, type Row, type Tx } from '@seamline/server/api';
import { boundProcessCode } from '../../flow/server/binding';
import { actorOf, registerFlowAction, runningAction, startActionApproval } from '../../flow/server';
import { tellCompany } from '../../orders/server/documents';
import { FINANCE_MENU, INV_STATUS, INVOICE_ENTITY } from '../meta';
import { statusLabel } from './actions';
import { INVOICE_COLS } from './invoices';
import { announceApproved, companyName, invoiceUrl } from './notices';

const FLOW_ACTION = 'approve';

/** The process the buyer bound to its suppliers' invoices (active), or null: approve at once. */
export const approvalFlowOf = (tx: Tx, buyer: string): Promise<string | null> => boundProcessCode(tx, buyer, INVOICE_ENTITY);

/** The approval flow running on the invoice (the buyer's instance), or null. */
export const runningApproval = (tx: Tx, buyer: string, invoiceId: string) => runningAction(tx, buyer, INVOICE_ENTITY, invoiceId);

/** Puts the (locked, matched) invoice through the buyer's flow; 400 while one already runs. */
export async function startInvoiceApproval(tx: Tx, ctx: AuthedContext, registry: Registry, row: Row, flow: string): Promise<void> {
  await startActionApproval(tx, registry, { entity: INVOICE_ENTITY, recordId: String(row.id), action: FLOW_ACTION, title: String(row.code), url: invoiceUrl(String(row.id)) }, flow, actorOf(ctx.session, ctx.lang));
}

/** Refuses a step the running flow decides instead (a direct approve, a rejection). */
export async function refuseWhileFlowRuns(tx: Tx, row: Row): Promise<void> {
  const running = await runningApproval(tx, String(row.buyer_client_id), String(row.id));
  if (running) throw new BizError('finance.approvalRunning', { node: running.text ?? running.status_code ?? '' });
}

/** The flow's last node approved: the invoice is approved now, if still matched (else the flow records the refusal). */
registerFlowAction(INVOICE_ENTITY, FLOW_ACTION, async (tx, { clientId, recordId, actor }) => {
  const [row] = await sqlRows(tx, sql`select ${INVOICE_COLS} from fin_invoice where id = ${recordId} and buyer_client_id = ${clientId} for update`);
  if (!row || row.status !== INV_STATUS.MATCHED) throw new BizError('finance.approvalStale', { status: statusLabel(row?.status, actor.lang === 'en' ? 'en' : 'zh') });
  await tx.execute(sql`update fin_invoice set status = ${INV_STATUS.APPROVED}, approved_by = ${actor.userId}, approved_at = now(), version = version + 1,
    updated_by = ${actor.userId}, updated_at = now() where id = ${row.id}`);
  await tx.insert(auditLog).values({
    clientId, entity: INVOICE_ENTITY, recordId, action: 'approve', userId: actor.userId,
    changes: [{ field: 'status', old: String(row.status), new: INV_STATUS.APPROVED }],
  });
  // The supplier hears as on a direct approval (the flow tells the buyer's own people).
  const params = { company: await companyName(tx, clientId), code: String(row.code), amount: formatAmount(row.total, row.currency, 'en') };
  await tellCompany(tx, { clientId, userId: actor.userId }, String(row.client_id), 'finance.notify.approved', params, { relatedKey: recordId, url: invoiceUrl(recordId), menuId: FINANCE_MENU });
  // The push and the out-API subscribers hear of it as of a direct approval (notices.ts).
  await announceApproved(tx, { clientId, userId: actor.userId, lang: actor.lang === 'en' ? 'en' : 'zh' }, recordId);
});

/** The running approval as the buyer's invoice view shows it: the node it waits on, in the reader's words. */
export async function approvalView(tx: Tx, row: Row, me: string, lang: string): Promise<Row | null> {
  if (row.buyer_client_id !== me) return null;
  const running = await runningApproval(tx, me, String(row.id));
  return running ? { pid: running.pid, node: running.text ?? running.status_code, text: t(lang === 'en' ? 'en' : 'zh', 'finance.approvalRunning', { node: String(running.text ?? running.status_code ?? '') }) } : null;
}

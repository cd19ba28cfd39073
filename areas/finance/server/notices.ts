// How finance tells people (docs/finance.md 'Events'): inbox notices to both companies of a
// document (the other company's administrators through the orders area's tellCompany, the acting
// company's administrators here), and the business events on the out-API bus — pushed only when
// the company configured a push for them (api_id FIN_INVOICE_APPROVED / FIN_PAYMENT_RECORDED).
// An approval is announced as the business event 'invoice.approved' (server/src/events.ts) from
// both places that approve — the approve route and a bound flow's last node, which has only its
// transaction — and the push and the out-API's INVOICE.APPROVED subscribers listen to it.
import { t, type Lang } from '@seamline/core';
import { emitBusinessEvent, notify, onBusinessEvent, sql, sqlRows, type AuthedContext, type Tx } from '@seamline/server/api';
import { ORDERS_MODULE, tellCompany } from '../../orders/server/documents';
import { USAGE } from '../../outapi/meta';
import { findConfig, pushFor, pushFromEvent } from '../../outapi/server/deliveries';
import { FINANCE_MENU } from '../meta';

export const FIN_EVENTS = { approved: 'FIN_INVOICE_APPROVED', paid: 'FIN_PAYMENT_RECORDED' } as const;

export const invoiceUrl = (id: string) => `/scm/page/finance?invoice=${id}`;

export async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await sqlRows<{ name: string }>(tx, sql`select name from client where id = ${id}`);
  return c?.name ?? '';
}

/** The notice to the other company and to the acting company's administrators (not the actor). */
export async function tellBoth(ctx: AuthedContext, tx: Tx, other: string, key: string, params: Record<string, string>, relatedKey: string): Promise<void> {
  const s = ctx.session;
  const full = { company: await companyName(tx, s.clientId), ...params };
  const opts = { relatedKey, url: invoiceUrl(relatedKey), menuId: FINANCE_MENU };
  await tellCompany(tx, s, other, key, full, opts);
  const admins = await sqlRows<{ user_id: string }>(tx, sql`select user_id from user_client where client_id = ${s.clientId} and user_type = 'ADMIN' and user_id <> ${s.userId}`);
  await notify(tx, s, {
    type: 'MSG',
    toUserIds: admins.map((a) => a.user_id),
    toClientId: s.clientId,
    module: ORDERS_MODULE,
    functionSubarea: FINANCE_MENU,
    relatedKey,
    content: { en: t('en', key, full), zh: t('zh', key, full) },
    url: opts.url,
    menuId: FINANCE_MENU,
  });
}

/** A business event on the out-API bus, if the acting company configured its push; answers the delivery id. */
export async function publish(ctx: AuthedContext, tx: Tx, apiKey: string, item: Record<string, unknown>): Promise<string | null> {
  const config = await findConfig(tx, ctx.session.clientId, apiKey);
  if (!config || config.usage !== USAGE.PUSH) return null;
  return (await pushFor(ctx, tx, apiKey, [item])).id;
}

export const INVOICE_APPROVED_EVENT = 'invoice.approved';

/** Announces an approved invoice (read back: its approval time, due date and total as stored). */
export async function announceApproved(tx: Tx, actor: { clientId: string; userId: string; lang: Lang }, invoiceId: string): Promise<void> {
  const [row] = await sqlRows<Record<string, unknown>>(
    tx,
    sql`select id::text as invoice_id, code, client_id::text as supplier_client_id, buyer_client_id::text as buyer_client_id, currency,
      total::text as total, to_char(due_date, 'YYYY-MM-DD') as due_date, approved_at from fin_invoice where id = ${invoiceId}::uuid`,
  );
  if (!row) return;
  const approvedAt = row.approved_at instanceof Date ? row.approved_at.toISOString() : row.approved_at;
  await emitBusinessEvent(tx, { type: INVOICE_APPROVED_EVENT, ...actor, data: { event: INVOICE_APPROVED_EVENT, ...row, approved_at: approvedAt } });
}

// The buyer's push of its approvals, whichever path approved (the event's company is the buyer).
onBusinessEvent(INVOICE_APPROVED_EVENT, 'finance:push', async (tx, ev) => {
  await pushFromEvent(tx, { clientId: ev.clientId, userId: ev.userId }, FIN_EVENTS.approved, [ev.data]);
});

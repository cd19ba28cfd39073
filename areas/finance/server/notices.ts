// How finance tells people (docs/finance.md 'Events'): inbox notices to both companies of a
// document (the other company's administrators through the orders area's tellCompany, the acting
// company's administrators here), and the business events on the out-API bus — pushed only when
// the company configured a push for them (api_id FIN_INVOICE_APPROVED / FIN_PAYMENT_RECORDED).
import { t } from '@seamline/core';
import { notify, sql, sqlRows, type AuthedContext, type Tx } from '@seamline/server/api';
import { ORDERS_MODULE, tellCompany } from '../../orders/server/documents';
import { USAGE } from '../../outapi/meta';
import { findConfig, pushFor } from '../../outapi/server/deliveries';
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

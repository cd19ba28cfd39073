// The invoice's one action runner (docs/finance.md 'States'): a row of INVOICE_ACTIONS decides
// which side may act, from which states, with which right; the effect does the action's own work
// and may name the state it lands on (submit: MATCHED or HELD; pay: PARTLY_PAID or PAID). The
// invoice is read through row-level security, so a third company gets 404. Like the shipment's
// receipt, the counterpart reads the row first (its state message), then locks it — its UPDATE
// policy admits only the states it may act in.
import { t, type EntityDef, type Lang } from '@seamline/core';
import {
  auditLog, BizError, canTransition, conflict, dataObject, expectedVersion, forbidden, loadActor, notFound, recordId, sql, sqlRows,
  ValidationError, type Actor, type AuthedContext, type Row, type Tx,
} from '@seamline/server/api';
import { actionLabel, type ActionSide, type OrderAction } from '../../orders/meta/actions';
import { FINANCE_WRITERS, INV_STATUSES, findInvoiceAction } from '../meta';
import { INVOICE_COLS } from './invoices';

/** The write right of finance documents, in the engine's terms (administrators always may). */
export const FINANCE_RIGHTS = { name: 'supplier-invoice', permissions: { write: { any: FINANCE_WRITERS } } } as unknown as EntityDef;

export interface InvoiceActionContext {
  tx: Tx;
  row: Row;
  data: Record<string, unknown>;
  actor: Actor;
  lang: Lang;
}

/**
 * What an action writes on the invoice besides the version: the state it lands on (else the
 * table's `to`) and other columns, in ONE update with the state — the buyer's UPDATE policy checks
 * the row it leaves behind, so a column written before the state moved would be refused.
 */
export interface InvoiceChange {
  to?: string;
  set?: Record<string, unknown>;
  /**
   * The step was handed on, the invoice is left as it is (approve into the buyer's flow): only the
   * audit records it, under this action name. (The buyer's policy could not write it unchanged.)
   */
  handedOn?: string;
}

/** The effect: the action's own checks and writes elsewhere; answers the invoice's change. */
export type InvoiceEffect = (c: InvoiceActionContext) => Promise<InvoiceChange | void>;

export const statusLabel = (status: unknown, lang: Lang): string => {
  const v = INV_STATUSES.find((x) => x.value === String(status));
  return v ? (lang === 'en' ? v.label.en : v.label.zh) : String(status ?? '');
};

export function refuseState(action: OrderAction, status: unknown, lang: Lang): never {
  const key = action.refusedIn?.[String(status)] ?? 'orders.badState';
  throw new BizError(key, { action: actionLabel(action, lang), status: statusLabel(status, lang) });
}

/** An invoice the caller may read (RLS: the supplier's own, the buyer's once submitted), or 404. */
export async function visibleInvoice(tx: Tx, id: unknown, lock = false): Promise<Row | undefined> {
  return (await sqlRows(tx, sql`select ${INVOICE_COLS} from fin_invoice where id = ${recordId(id)} ${lock ? sql`for update` : sql``}`))[0];
}

export function sideOf(row: Row, me: string): ActionSide | null {
  return row.client_id === me ? 'owner' : row.buyer_client_id === me ? 'counterpart' : null;
}

/** Runs one action of the table on the invoice the body names; answers the invoice before and after. */
export async function runInvoiceAction(
  ctx: AuthedContext, tx: Tx, name: string, effect?: InvoiceEffect, { versioned = true, roles }: { versioned?: boolean; roles?: OrderAction['roles'] } = {},
): Promise<{ before: Row; after: Row }> {
  // `roles`: who may take the step instead of the table's (an approval flow decides who approves).
  const action = roles ? { ...findInvoiceAction(name), roles } : findInvoiceAction(name);
  const data = dataObject(ctx.body);
  const seen = await visibleInvoice(tx, data.id);
  if (!seen) throw notFound();
  const side = sideOf(seen, ctx.session.clientId);
  if (!side) throw notFound();
  if (side !== action.side) throw forbidden(side === 'owner' ? 'orders.counterpartOnly' : 'orders.ownerOnly');
  const actor = await loadActor(tx, ctx.session, ctx.lang);
  if (!canTransition(FINANCE_RIGHTS, action, actor)) throw forbidden();
  if (versioned && expectedVersion(data.version) !== Number(seen.version)) throw conflict();
  if (!action.from.includes(String(seen.status))) refuseState(action, seen.status, ctx.lang);
  // Locked for the action; a rival that moved it meanwhile leaves a state the action cannot start from.
  const row = await visibleInvoice(tx, data.id, true);
  if (!row || !action.from.includes(String(row.status))) refuseState(action, row?.status ?? (await visibleInvoice(tx, data.id))?.status, ctx.lang);
  const change = (await effect?.({ tx, row, data, actor, lang: ctx.lang })) ?? {};
  const to = change.handedOn ? String(row.status) : change.to ?? action.to;
  if (!change.handedOn) {
    const sets = Object.entries(change.set ?? {}).map(([column, value]) => sql`, ${sql.identifier(column)} = ${value}`);
    await tx.execute(sql`update fin_invoice set status = ${to} ${sql.join(sets, sql``)}, version = version + 1, updated_by = ${ctx.session.userId},
      updated_at = now() where id = ${row.id}`);
  }
  await tx.insert(auditLog).values({
    clientId: ctx.session.clientId,
    entity: 'supplier-invoice',
    recordId: String(row.id),
    action: change.handedOn ?? action.action,
    userId: ctx.session.userId,
    changes: change.handedOn ? [] : [{ field: 'status', old: String(row.status), new: to }],
  });
  return { before: row, after: (await visibleInvoice(tx, row.id))! };
}

/** Bad input: 400 with the field's error in the user's language. */
export function fieldError(field: string, key: string, lang: Lang, params?: Record<string, string>): never {
  throw new ValidationError({ [field]: [t(lang, key, params)] }, key, 400, params);
}

/** A reason the user typed: trimmed, no NUL, at most 1000 characters. */
export function reasonOf(v: unknown, lang: Lang, field = 'reason', missing = 'finance.reasonRequired'): string {
  const s = typeof v === 'string' ? v.replace(/\u0000/g, '').trim() : '';
  if (!s) fieldError(field, missing, lang);
  if (s.length > 1000) fieldError(field, 'finance.reasonTooLong', lang);
  return s;
}

// The orders documents' state machines as tables (spec §4): one row per action — where it may
// start, where it leads, which side of a two-company document may take it, and what it needs.
// The engine's own transitions (POST P/ENTITY/<action> with {id, version}) cannot take a reason
// or a confirmation nor reach the counterpart's rows, so these run through the area's one action
// route (areas/orders/server/actions.ts), which reads this table; the web offers the same rows.
import type { Label, TransitionDef } from '@seamline/core';

export type ActionSide = 'owner' | 'counterpart';

export interface OrderAction extends TransitionDef {
  /** Which company of the document acts: its owner, or the counterpart it names. */
  side: ActionSide;
  /** A text the user must give (the rejection reason). */
  needsReason?: boolean;
  /** A date the user must give (the supplier's confirmed delivery date). */
  needsDate?: boolean;
  /** The completion asks for a finished quantity (and a confirmation when it falls short). */
  needsFinished?: boolean;
  /** A message key for a refused status, more telling than 'not allowed in this status'. */
  refusedIn?: Record<string, string>;
  /** Danger styling on the screen. */
  danger?: boolean;
}

export function actionsFrom(table: readonly OrderAction[], status: unknown, side: ActionSide): OrderAction[] {
  const s = status === null || status === undefined ? '' : String(status);
  return table.filter((a) => a.side === side && a.from.includes(s));
}

export function findAction(table: readonly OrderAction[], action: string): OrderAction | undefined {
  return table.find((a) => a.action === action);
}

export const actionLabel = (a: { label: Label }, lang: unknown): string => (lang === 'en' ? a.label.en : a.label.zh);

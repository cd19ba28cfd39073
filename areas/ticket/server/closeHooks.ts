// What other areas do when a ticket closes (docs/tickets.md 'Close hooks'): the extension point
// the finance area uses to raise a debit note from the ticket's deduction; the ticket area knows
// nothing of finance. A hook runs in the closing transaction after the ticket moved to closed; an
// error it throws undoes the close.
import type { Lang } from '@seamline/core';
import type { Session, Tx } from '@seamline/server/api';
import type { TicketRow } from './access';

export interface TicketClosedInput {
  tx: Tx;
  /** The closed ticket (deduction amount / ratio / type / voucher among its fields). */
  ticket: TicketRow;
  session: Session;
  lang: Lang;
}

export type TicketClosedHook = (input: TicketClosedInput) => Promise<void>;

const hooks = new Map<string, TicketClosedHook>();

/** Registers a hook under a name (a second registration under one name replaces the first); returns its removal. */
export function registerTicketClosedHook(name: string, hook: TicketClosedHook): () => void {
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
}

export async function runTicketClosedHooks(input: TicketClosedInput): Promise<void> {
  for (const hook of hooks.values()) await hook(input);
}

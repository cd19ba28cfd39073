// Business events between areas (issue 27, 'one thread'): an area announces what happened — an
// allocation published, a customer order placed, a shipment shipped, an inspection passed — and
// other areas listen, without either importing the other's server code. Listeners run in the
// emitting transaction, in registration order: what they write commits or rolls back with the
// event (a milestone completes with its shipment, an order is created with its allocation). They
// run in the emitter's tenant; a listener that must touch another company's rows does so through
// a SECURITY DEFINER function of its own area. The out-API bus can subscribe here later (its
// targets are per company; docs/thread.md).
import type { Lang } from '@seamline/core';
import type { Tx } from './db';

export interface BusinessEvent {
  /** 'allocation.published', 'customer-order.placed', 'shipment.shipped', 'inspection.passed', … */
  type: string;
  /** The company and user whose action raised it (the transaction's tenant). */
  clientId: string;
  userId: string;
  lang: Lang;
  data: Record<string, unknown>;
}

export type BusinessEventListener = (tx: Tx, event: BusinessEvent) => Promise<void>;

const listeners = new Map<string, Map<string, BusinessEventListener>>();

/** Listens to one event type under a name (registering a name again replaces it); returns the way to stop. */
export function onBusinessEvent(type: string, name: string, listener: BusinessEventListener): () => void {
  const of = listeners.get(type) ?? new Map<string, BusinessEventListener>();
  listeners.set(type, of);
  of.set(name, listener);
  return () => void (of.get(name) === listener && of.delete(name));
}

/** Runs every listener of the event's type in the caller's transaction; a listener's error fails the action. */
export async function emitBusinessEvent(tx: Tx, event: BusinessEvent): Promise<void> {
  for (const listener of [...(listeners.get(event.type)?.values() ?? [])]) await listener(tx, event);
}

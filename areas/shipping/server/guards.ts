// Shipment guards: the extension point other areas use to stop a shipment (docs/shipping.md
// 'Shipment guards'). The quality area (issue 25, built in parallel) registers one that refuses an
// order whose final inspection failed and was neither passed on re-inspection nor waived; the
// shipping area does not know quality's tables. A guard runs in the ship transaction, after the
// shipment's own checks, with the orders the shipment carries; it answers null (go) or a message
// key of its own area's texts with parameters, which the supplier reads in its language.
import type { Lang, MessageParams } from '@seamline/core';
import type { Row, Tx } from '@seamline/server/api';

export interface ShipmentGuardInput {
  tx: Tx;
  /** The shipping company (the supplier, the document's owner). */
  clientId: string;
  /** The shipment row being shipped (locked). */
  shipment: Row;
  /** The customer orders it carries, with their numbers. */
  orders: { id: string; code: string }[];
  lang: Lang;
}

export interface ShipmentRefusal {
  key: string;
  params?: MessageParams;
}

export type ShipmentGuard = (input: ShipmentGuardInput) => Promise<ShipmentRefusal | null>;

const guards = new Map<string, ShipmentGuard>();

/** Registers a guard under a name (a second registration under one name replaces the first); returns its removal. */
export function registerShipmentGuard(name: string, guard: ShipmentGuard): () => void {
  guards.set(name, guard);
  return () => {
    if (guards.get(name) === guard) guards.delete(name);
  };
}

/** The first refusal of the registered guards (in registration order), or null. */
export async function checkShipmentGuards(input: ShipmentGuardInput): Promise<ShipmentRefusal | null> {
  for (const guard of guards.values()) {
    const refusal = await guard(input);
    if (refusal) return refusal;
  }
  return null;
}

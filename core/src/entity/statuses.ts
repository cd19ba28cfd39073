// A document's states written once: the table of code → [English, Chinese, colour] gives both the
// codes the code compares against (STATUS.DRAFT …) and the StatusValue list its definition, tags
// and filters draw, in the table's order. Before, every document wrote its codes as a const object
// and then each code again in a StatusValue list (shipment, material order, invoice, inspection).
import type { StatusValue } from './types';

export type StatusRow = readonly [en: string, zh: string, color?: string];

export function defineStatuses<const T extends Record<string, StatusRow>>(table: T): { codes: { readonly [K in keyof T & string]: K }; values: StatusValue[] } {
  const codes = Object.fromEntries(Object.keys(table).map((k) => [k, k])) as { readonly [K in keyof T & string]: K };
  const values = Object.entries(table).map(([value, [en, zh, color]]): StatusValue => ({ value, label: { en, zh }, ...(color ? { color } : {}) }));
  return { codes, values };
}

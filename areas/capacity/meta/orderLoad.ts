// A vendor's confirmed customer orders take their load off the capacity it offers (issue 27):
// the minutes of a supplier's confirmed orders in a week (cap_vendor_order_load, migration 0084)
// come off the free minutes that supplier declared to the brand for that week. A vendor declares
// per group, an order names no group of this brand: the week's load is taken from the week's rows
// in group-code order until it is used up, so the week's total is reduced exactly once.
import { compareDec, roundDec, subDec } from '@seamline/core';

export interface WeekLoad {
  supplier: string;
  week: string;
  minutes: string;
}

export interface FreeRow {
  supplier: string;
  group_code: string;
  week: string;
  free_minutes: string;
}

const dec4 = (v: string) => roundDec(v, 4) ?? '0.0000';

/** Each row with `order_minutes` (the load taken from it) and its free minutes less that load, never below 0. */
export function lessOrderLoad<T extends FreeRow>(rows: readonly T[], loads: readonly WeekLoad[]): Array<T & { order_minutes: string }> {
  const left = new Map<string, string>();
  for (const l of loads) left.set(`${l.supplier}|${l.week}`, dec4(l.minutes));
  const order = rows.map((r, i) => ({ r, i })).sort((a, b) => a.r.supplier.localeCompare(b.r.supplier) || a.r.week.localeCompare(b.r.week) || a.r.group_code.localeCompare(b.r.group_code));
  const out: Array<T & { order_minutes: string }> = new Array(rows.length);
  for (const { r, i } of order) {
    const key = `${r.supplier}|${r.week}`;
    const load = left.get(key) ?? '0.0000';
    const free = dec4(r.free_minutes || '0');
    const taken = compareDec(load, free) < 0 ? load : free;
    left.set(key, dec4(subDec(load, taken)));
    out[i] = { ...r, order_minutes: taken, free_minutes: dec4(subDec(free, taken)) };
  }
  return out;
}

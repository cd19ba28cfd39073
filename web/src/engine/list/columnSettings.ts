// Which list columns a user shows, in which order: per route, in localStorage under
// `columns:<pathname>`. Columns the definition adds later appear at the end, shown; columns it
// drops are forgotten.
import { useState } from 'react';

export interface ColumnSettings {
  order: string[];
  hidden: string[];
}

export const columnsKey = (routeKey: string) => `columns:${routeKey}`;

export function loadColumns(routeKey: string): ColumnSettings | null {
  try {
    const v = JSON.parse(localStorage.getItem(columnsKey(routeKey)) ?? 'null') as ColumnSettings | null;
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null;
  } catch {
    return null;
  }
}

/** The columns to show, in order, given the definition's columns and the saved settings. */
export function arrangeColumns(available: readonly string[], settings: ColumnSettings | null): { order: string[]; hidden: Set<string> } {
  if (!settings) return { order: [...available], hidden: new Set() };
  const known = settings.order.filter((c) => available.includes(c));
  const added = available.filter((c) => !known.includes(c));
  return { order: [...known, ...added], hidden: new Set(settings.hidden.filter((c) => available.includes(c))) };
}

export function useColumnSettings(routeKey: string | null, available: readonly string[]) {
  const [settings, setSettings] = useState<ColumnSettings | null>(() => (routeKey ? loadColumns(routeKey) : null));
  const { order, hidden } = arrangeColumns(available, settings);
  const update = (next: ColumnSettings | null) => {
    setSettings(next);
    if (!routeKey) return;
    if (next) localStorage.setItem(columnsKey(routeKey), JSON.stringify(next));
    else localStorage.removeItem(columnsKey(routeKey));
  };
  return {
    order,
    hidden,
    visible: order.filter((c) => !hidden.has(c)),
    toggle: (col: string) => {
      const h = new Set(hidden);
      if (h.has(col)) h.delete(col);
      else if (order.length - h.size > 1) h.add(col); // at least one column stays
      update({ order, hidden: [...h] });
    },
    move: (col: string, delta: -1 | 1) => {
      const i = order.indexOf(col);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= order.length) return;
      const next = [...order];
      [next[i], next[j]] = [next[j], next[i]];
      update({ order: next, hidden: [...hidden] });
    },
    reset: () => update(null),
  };
}

// Which list columns a user shows, in which order and how wide: per route (the page key). The
// server keeps the layout (spec §7 personal UI config, CFG-18..20: utilsapi/scommonapi/sconf-ui-config-person
// — the user's own layout, else the company template); localStorage `columns:<pathname>` is only
// a cache so the list draws the right columns before the server answers. Columns the definition
// adds later appear at the end, shown; columns it drops are forgotten.
import { useEffect, useState } from 'react';
import { api } from '../../api';

export interface ColumnSettings {
  order: string[];
  hidden: string[];
  /** Column widths in px the user set (absent: the screen's default). */
  widths?: Record<string, number>;
}

/** The server's shape: columns in display order. */
export interface PageLayout {
  columns: Array<{ key: string; width?: number; hidden?: boolean }>;
}

export interface LayoutTemplate {
  page: string;
  person: PageLayout | null;
  company: PageLayout | null;
  effective: PageLayout | null;
  can_save_company: boolean;
}

export const LAYOUT_API = 'utilsapi/scommonapi/sconf-ui-config-person';

export const columnsKey = (routeKey: string) => `columns:${routeKey}`;

export function loadColumns(routeKey: string): ColumnSettings | null {
  try {
    const v = JSON.parse(localStorage.getItem(columnsKey(routeKey)) ?? 'null') as ColumnSettings | null;
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null;
  } catch {
    return null;
  }
}

function cache(routeKey: string, settings: ColumnSettings | null): void {
  if (settings) localStorage.setItem(columnsKey(routeKey), JSON.stringify(settings));
  else localStorage.removeItem(columnsKey(routeKey));
}

export function toLayout(settings: ColumnSettings): PageLayout {
  return {
    columns: settings.order.map((key) => ({
      key,
      ...(settings.widths?.[key] ? { width: settings.widths[key] } : {}),
      ...(settings.hidden.includes(key) ? { hidden: true } : {}),
    })),
  };
}

export function fromLayout(layout: PageLayout | null): ColumnSettings | null {
  if (!layout || !Array.isArray(layout.columns) || layout.columns.length === 0) return null;
  const widths: Record<string, number> = {};
  for (const c of layout.columns) if (typeof c.width === 'number') widths[c.key] = c.width;
  return { order: layout.columns.map((c) => c.key), hidden: layout.columns.filter((c) => c.hidden).map((c) => c.key), widths };
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
  const [canSaveCompany, setCanSaveCompany] = useState(false);
  const { order, hidden } = arrangeColumns(available, settings);
  const widths = settings?.widths ?? {};

  const apply = (template: LayoutTemplate | null) => {
    if (!template || !routeKey) return;
    const next = fromLayout(template.effective);
    setSettings(next);
    setCanSaveCompany(Boolean(template.can_save_company));
    cache(routeKey, next);
  };

  // The server's layout replaces the cached one once it answers (another device may have changed it).
  useEffect(() => {
    if (!routeKey) return;
    let live = true;
    api
      .get<LayoutTemplate>(`${LAYOUT_API}/page-person-template`, { page: routeKey }, { notify: false, redirectOn401: false })
      .then((template) => live && apply(template))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [routeKey]);

  const update = (next: ColumnSettings) => {
    setSettings(next);
    if (!routeKey) return;
    cache(routeKey, next);
    void api
      // The layout stays on this device; its copy on the server failing says 'sync failed' (REQ-25).
      .post(`${LAYOUT_API}/submit-cache`, { DATA: { page: routeKey, config: toLayout(next) } }, { failure: 'sync', redirectOn401: false })
      .catch(() => undefined);
  };
  const current = (): ColumnSettings => ({ order, hidden: [...hidden], widths });

  return {
    order,
    hidden,
    widths,
    visible: order.filter((c) => !hidden.has(c)),
    /** Company administrators may save the current layout as the company's template. */
    canSaveCompany,
    toggle: (col: string) => {
      const h = new Set(hidden);
      if (h.has(col)) h.delete(col);
      else if (order.length - h.size > 1) h.add(col); // at least one column stays
      update({ ...current(), hidden: [...h] });
    },
    move: (col: string, delta: -1 | 1) => {
      const i = order.indexOf(col);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= order.length) return;
      const next = [...order];
      [next[i], next[j]] = [next[j], next[i]];
      update({ ...current(), order: next });
    },
    setWidth: (col: string, width: number | null) => {
      const w = { ...widths };
      if (width && width > 0) w[col] = Math.round(width);
      else delete w[col];
      update({ ...current(), widths: w });
    },
    /** Back to the company template (or the screen's default). */
    reset: async () => {
      if (!routeKey) return setSettings(null);
      setSettings(null);
      cache(routeKey, null);
      apply(await api.post<LayoutTemplate>(`${LAYOUT_API}/reset-page`, { DATA: { page: routeKey } }).catch(() => null));
    },
    saveAsCompany: async () => {
      if (!routeKey) return;
      await api.post(`${LAYOUT_API}/submit-template`, { DATA: { page: routeKey, config: toLayout(current()) } });
    },
    copyTo: async (userIds: string[]) => {
      if (!routeKey) return;
      // The server copies the stored layout: store the one on screen first.
      await api.post(`${LAYOUT_API}/submit-cache`, { DATA: { page: routeKey, config: toLayout(current()) } }, { failure: 'sync' });
      await api.post(`${LAYOUT_API}/copy-page-person`, { DATA: { page: routeKey, user_ids: userIds } });
    },
  };
}

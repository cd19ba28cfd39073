// The state of one list: filter values, order, page and page size (and a status tab). With a
// route key it starts from that route's saved search and saves every change back (SES-24).
import { useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '@seamline/core';
import type { ListQuery, SortKey } from '../data/source';
import { buildPage, buildQuery, DEFAULT_PAGE_SIZE, defaultSort, filterValuesOf, type FilterValues } from './query';
import { loadSearch, storeSearch, type SavedSearch } from './savedSearch';

interface State {
  filters: FilterValues;
  sort: SortKey[];
  page: number;
  size: number;
  tab?: string;
}

function fromSaved(def: EntityDef, saved: SavedSearch | null, defaultTab?: string): State {
  if (!saved) return { filters: {}, sort: defaultSort(def), page: 1, size: DEFAULT_PAGE_SIZE, tab: defaultTab };
  return { filters: filterValuesOf(def, saved.q), sort: saved.p.sort, page: saved.p.page, size: saved.p.size, tab: saved.tab ?? defaultTab };
}

export const ALL_TAB = 'all';

export interface ListStateOptions {
  /** Saved search key (the route's pathname); null → nothing is remembered. */
  routeKey?: string | null;
  /** Conditions the user cannot change (a sub-list's parent, …). */
  fixedQ?: ListQuery;
  /** ecindex / ectabindex: the status field the tabs filter on, and the first tab. */
  tabField?: string;
  defaultTab?: string;
}

export function useListState(def: EntityDef, opts: ListStateOptions = {}) {
  const { routeKey = null, fixedQ, tabField, defaultTab } = opts;
  const [state, setState] = useState<State>(() => fromSaved(def, routeKey ? loadSearch(routeKey) : null, defaultTab));

  const ownQ = useMemo(() => buildQuery(def, state.filters), [def, state.filters]);
  const q = useMemo(() => {
    const tabQ = tabField && state.tab && state.tab !== ALL_TAB ? { [tabField]: { op: 'eq', value: state.tab } } : {};
    return { ...ownQ, ...tabQ, ...(fixedQ ?? {}) };
  }, [ownQ, fixedQ, tabField, state.tab]);
  const p = useMemo(() => buildPage(state.page, state.size, state.sort), [state.page, state.size, state.sort]);

  useEffect(() => {
    if (routeKey) storeSearch(routeKey, { q: ownQ, p, ...(state.tab !== undefined ? { tab: state.tab } : {}) });
  }, [routeKey, ownQ, p, state.tab]);

  return {
    filters: state.filters,
    tab: state.tab,
    /** q without the fixed part (what a saved search keeps). */
    ownQ,
    q,
    p,
    search: (filters: FilterValues) => setState((s) => ({ ...s, filters, page: 1 })),
    setPage: (page: number, size: number) => setState((s) => ({ ...s, page: size !== s.size ? 1 : page, size })),
    setSort: (sort: SortKey[]) => setState((s) => ({ ...s, sort, page: 1 })),
    setTab: (tab: string) => setState((s) => ({ ...s, tab, page: 1 })),
    reset: () => setState((s) => ({ filters: {}, sort: defaultSort(def), page: 1, size: s.size, tab: s.tab })),
    apply: (saved: SavedSearch) => setState(fromSaved(def, saved, defaultTab)),
  };
}

export type ListState = ReturnType<typeof useListState>;

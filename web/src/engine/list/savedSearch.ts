// Saved searches (spec §3, SES-24): kept per route key with a q part (conditions) and a p part
// (paging and order), in localStorage under `search:<pathname>`. A list restores only its own
// key, so list A's filter and page never leak into list B. Named searches ('Save search as…')
// travel with the user's settings (save-setting) under SAVED_SEARCHES[<pathname>].
import { saveSettings } from '../../session/actions';
import { sessionStore } from '../../session/store';
import type { ListPage, ListQuery } from '../data/source';
import { isListPage } from './query';

export interface SavedSearch {
  q: ListQuery;
  p: ListPage;
  /** ecindex / ectabindex: the status tab. */
  tab?: string;
}

export interface NamedSearch extends SavedSearch {
  name: string;
}

export const searchKey = (routeKey: string) => `search:${routeKey}`;

export function loadSearch(routeKey: string): SavedSearch | null {
  try {
    const raw = localStorage.getItem(searchKey(routeKey));
    if (!raw) return null;
    const v = JSON.parse(raw) as SavedSearch;
    if (!v || typeof v.q !== 'object' || v.q === null || !isListPage(v.p)) return null;
    return v;
  } catch {
    return null;
  }
}

export function storeSearch(routeKey: string, search: SavedSearch): void {
  try {
    localStorage.setItem(searchKey(routeKey), JSON.stringify(search));
  } catch {
    // storage full or blocked: the list still works, it just will not remember
  }
}

export function clearSearch(routeKey: string): void {
  localStorage.removeItem(searchKey(routeKey));
}

const SETTINGS_KEY = 'SAVED_SEARCHES';

function allNamed(): Record<string, NamedSearch[]> {
  const v = sessionStore.get()?.settings?.[SETTINGS_KEY];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, NamedSearch[]>) : {};
}

export function namedSearches(routeKey: string): NamedSearch[] {
  const list = allNamed()[routeKey];
  return Array.isArray(list) ? list.filter((s) => s && typeof s.name === 'string' && isListPage(s.p)) : [];
}

/** Adds (or replaces, by name) a named search of a route and stores it with the user's settings. */
export async function saveNamedSearch(routeKey: string, search: NamedSearch): Promise<void> {
  const all = allNamed();
  const list = namedSearches(routeKey).filter((s) => s.name !== search.name);
  await saveSettings({ [SETTINGS_KEY]: { ...all, [routeKey]: [...list, search] } });
}

export async function removeNamedSearch(routeKey: string, name: string): Promise<void> {
  const all = allNamed();
  await saveSettings({ [SETTINGS_KEY]: { ...all, [routeKey]: namedSearches(routeKey).filter((s) => s.name !== name) } });
}

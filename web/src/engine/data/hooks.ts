// TanStack Query over an entity's data source. Keys start with ['engine', entity] so that a save,
// a delete or a transition refreshes every list, count and document of that entity at once.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityDef } from '@seamline/core';
import { api, type ApiError } from '../../api';
import type { EntityEntry } from '../registry';
import { sourceOf, type AuditEntry, type ListPage, type ListQuery, type PageResult, type Row, type WriteOptions } from './source';

export const entityKey = (def: Pick<EntityDef, 'name'>) => ['engine', def.name] as const;

type Entry = Pick<EntityEntry, 'def' | 'source'>;

export function usePageList(entry: Entry, q: ListQuery, p: ListPage, enabled = true) {
  return useQuery<PageResult, ApiError>({
    queryKey: [...entityKey(entry.def), 'list', q, p],
    queryFn: () => sourceOf(entry).pageList(q, p),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** One count per extra filter (ecindex/ectabindex tabs): page-list with size 1, reading total. */
export function useCounts(entry: Entry, base: ListQuery, extras: readonly ListQuery[]) {
  return useQueries({
    queries: extras.map((extra) => {
      const q = { ...base, ...extra };
      const p: ListPage = { page: 1, size: 1, sort: [] };
      return {
        queryKey: [...entityKey(entry.def), 'list', q, p],
        queryFn: () => sourceOf(entry).pageList(q, p),
        staleTime: 0,
        // A failed count leaves the tab without a number; the list itself reports failures.
        meta: { quiet: true },
      };
    }),
  });
}

export function useDocument(entry: Entry, id: string | null | undefined) {
  return useQuery<Row, ApiError>({
    queryKey: [...entityKey(entry.def), 'view', id ?? ''],
    queryFn: () => sourceOf(entry).view(id as string),
    enabled: !!id,
    // Just saved or just loaded: opening it again right away needs no new request.
    staleTime: 10_000,
  });
}

export function useAudit(entry: Entry, id: string | null | undefined, enabled: boolean) {
  return useQuery<AuditEntry[], ApiError>({
    queryKey: [...entityKey(entry.def), 'audit', id ?? ''],
    queryFn: () => sourceOf(entry).audit(id as string),
    enabled: enabled && !!id,
    staleTime: 0,
  });
}

/** Refreshes everything cached about an entity. */
export function useInvalidateEntity(def: Pick<EntityDef, 'name'>) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: entityKey(def) });
}

/**
 * After a write that answers the document: it becomes the cached view (no second request), and
 * everything else of the entity (lists, counts, other documents) is refreshed.
 */
function useAdoptDocument(def: Pick<EntityDef, 'name'>) {
  const client = useQueryClient();
  return (doc: Row | null | undefined) => {
    const id = doc && typeof doc === 'object' && doc.id ? String(doc.id) : null;
    if (id) client.setQueryData([...entityKey(def), 'view', id], doc);
    return client.invalidateQueries({
      queryKey: entityKey(def),
      predicate: (q) => !(id && q.queryKey[2] === 'view' && q.queryKey[3] === id),
    });
  };
}

/** Saves `doc`; `force` after the user chose 'still process' on the in-use warning (./inUse). */
export function useSaveDocument(entry: Entry) {
  const adopt = useAdoptDocument(entry.def);
  return useMutation<Row, ApiError, { doc: Row } & WriteOptions>({
    mutationFn: ({ doc, force }) => sourceOf(entry).save(doc, { force }),
    onSuccess: (saved) => void adopt(saved),
  });
}

/** Deletes `ids`; `force` after the user chose 'still process' on the in-use warning (./inUse). */
export function useDeleteDocuments(entry: Entry) {
  const invalidate = useInvalidateEntity(entry.def);
  return useMutation<unknown, ApiError, { ids: string[] } & WriteOptions>({
    mutationFn: ({ ids, force }) => sourceOf(entry).remove(ids, { force }),
    onSuccess: () => void invalidate(),
  });
}

export function useTransition(entry: Entry) {
  const adopt = useAdoptDocument(entry.def);
  return useMutation<Row | null, ApiError, { action: string; id: string; version: unknown }>({
    mutationFn: ({ action, id, version }) => sourceOf(entry).transition(action, id, version),
    onSuccess: (doc) => void adopt(doc),
  });
}

export interface DictionaryOption {
  value: string;
  label: string;
}

export const DICTIONARY_OPTIONS_PATH = 'mdapi/dictionary/options';
export const dictionaryKey = (type: string) => ['engine', 'dictionary', type] as const;

/** The options of a system-dictionary type (GET mdapi/dictionary/options?type=). */
export function useDictionary(type: string | undefined) {
  return useQuery<DictionaryOption[], ApiError>({
    queryKey: dictionaryKey(type ?? ''),
    queryFn: async () => {
      const list = await api.get<unknown>(DICTIONARY_OPTIONS_PATH, { type }, { notify: false });
      return Array.isArray(list) ? (list as DictionaryOption[]) : [];
    },
    enabled: !!type,
    staleTime: 5 * 60_000,
  });
}

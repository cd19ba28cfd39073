// The orders endpoints (docs/orders.md) for the screens: shared lists and views, the action
// route of the documents, the calendar. Keys start with ['orders']; an action also refreshes the
// engine's caches of the entity.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError, type PageResult } from '@seamline/web/engine';

export type Doc = Record<string, any>;
export type Page<T = Doc> = PageResult<T>;

export function useOrdersQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true) {
  return useQuery<T, ApiError>({
    queryKey: ['orders', path, query],
    queryFn: () => api.get<T>(`scmapi/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every orders query and the engine's lists and documents of the entity. */
export function useOrdersRefresh() {
  const qc = useQueryClient();
  return (entity?: string) =>
    Promise.all([qc.invalidateQueries({ queryKey: ['orders'] }), entity ? qc.invalidateQueries({ queryKey: ['engine', entity] }) : Promise.resolve()]);
}

/** POST scmapi/<entity>/<action> with DATA; a SHORT_FINISH question is not a failure to announce. */
export function postAction(entity: string, action: string, data: Doc): Promise<Doc> {
  return api.post<Doc>(`scmapi/${entity}/${action}`, { DATA: JSON.stringify(data) }, { notify: ({ data: d }) => d?.warning !== 'SHORT_FINISH' });
}

// The sourcing endpoints (docs/sourcing.md) as TanStack hooks. Every key starts with ['srm'];
// a change also refreshes the engine's project caches.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toastSuccess, type ApiError, i18n, type PageResult } from '@seamline/web/engine';

export type Doc = Record<string, any>;
export type Page<T = Doc> = PageResult<T>;

const B = 'srmapi';

/** `explained`: statuses the screen itself explains (e.g. 403/404 as a page), so no toast repeats them. */
export function useSrmQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true, explained: readonly number[] = []) {
  return useQuery<T, ApiError>({
    queryKey: ['srm', path, query],
    queryFn: () => api.get<T>(`${B}/${path}`, query as Record<string, unknown>, explained.length ? { notify: ({ status }) => !explained.includes(status ?? 0) } : undefined),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST srmapi/<path> with DATA; refreshes every sourcing query afterwards. */
export function useSrmAction<T = Doc>(path: string, opts: { quiet?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation<T, ApiError, Doc>({
    mutationFn: (data) => api.post<T>(`${B}/${path}`, { DATA: JSON.stringify(data) }),
    onSuccess: async () => {
      if (!opts.quiet) toastSuccess(i18n.t('srm.done'));
      await Promise.all([qc.invalidateQueries({ queryKey: ['srm'] }), qc.invalidateQueries({ queryKey: ['engine', 'sourcing-project'] })]);
    },
  });
}

export const pageQuery = (q: Doc, page: number, size = 20) => ({ q: JSON.stringify(q), p: JSON.stringify({ page, size }) });

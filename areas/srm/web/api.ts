// The sourcing endpoints (docs/sourcing.md) as TanStack hooks. Every key starts with ['srm'];
// a change also refreshes the engine's project caches.
import { useState } from 'react';
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

/** A page-list read 20 rows at a time (the inbox, the quotations, the RFI records): the page shown,
 *  the pagination a table or a Pagination turns it with, and a table's rows, loading state and
 *  pagination in one (`table`). A new filter calls setPage(1). */
export function useSrmPage(path: string, q: Doc) {
  const [page, setPage] = useState(1);
  const list = useSrmQuery<Page>(path, pageQuery(q, page));
  const pagination = { current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage, showSizeChanger: false };
  const table = { loading: list.isFetching, dataSource: list.data?.rows ?? [], pagination };
  return { list, setPage, pagination, table };
}

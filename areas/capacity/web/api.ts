// The capacity endpoints (docs/capacity.md) as TanStack hooks; every key starts with ['cap'], and
// a change refreshes the engine's lists of the area's entities too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, reportUnplacedErrors, toastSuccess, type ApiError, i18n } from '@seamline/web/engine';

export type Doc = Record<string, any>;
const B = 'scmapi';

export function useCapQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true) {
  return useQuery<T, ApiError>({
    queryKey: ['cap', path, query],
    queryFn: () => api.get<T>(`${B}/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCapAction<T = Doc>(path: string, opts: { quiet?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation<T, ApiError, Doc>({
    mutationFn: (data) => api.post<T>(`${B}/${path}`, { DATA: JSON.stringify(data) }),
    onError: reportUnplacedErrors,
    onSuccess: async (data) => {
      if (!opts.quiet) toastSuccess(i18n.t('cap.done'));
      if (path.startsWith('demand-allocation/')) qc.setQueryData(['cap', 'demand-allocation/workspace', { id: (data as Doc)?.version?.id }], data);
      await Promise.all([qc.invalidateQueries({ queryKey: ['cap'] }), qc.invalidateQueries({ queryKey: ['engine'] })]);
    },
  });
}

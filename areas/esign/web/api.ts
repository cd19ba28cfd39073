// The utilsapi/esignapi endpoints (docs/esign.md) as TanStack hooks; every key starts with ['esign'].
import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@seamline/web/engine';
import { ESIGN_PATHS } from '../meta';

export function useEsignQuery<T>(path: string, query: Record<string, unknown>, opts: { enabled?: boolean; notify?: boolean } = {}) {
  return useQuery<T, ApiError>({
    queryKey: ['esign', path, query],
    queryFn: () => api.get<T>(path, query, { notify: opts.notify }),
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const postEsign = <T>(path: string, data: Record<string, unknown>) => api.post<T>(path, { DATA: JSON.stringify(data) });

/** After a request or a signature: every esign list and state reads again. */
export function useEsignRefresh() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: ['esign'] }), [qc]);
}

export { ESIGN_PATHS };

// The finance endpoints for the screens (docs/finance.md 'Endpoints'). Keys start with ['finance'].
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@seamline/web/engine';
import { FINANCE_BASE } from '../meta';

export type Doc = Record<string, any>;

export function useFinanceQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true) {
  return useQuery<T, ApiError>({
    queryKey: ['finance', path, query],
    queryFn: () => api.get<T>(`${FINANCE_BASE}/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useFinanceRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['finance'] });
}

export const postFinance = (path: string, data: Doc) => api.post<Doc>(`${FINANCE_BASE}/${path}`, { DATA: JSON.stringify(data) });

// The shipping endpoints for the screens (docs/shipping.md 'Endpoints'). Keys start with ['shipping'].
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@seamline/web/engine';

export type Doc = Record<string, any>;

export function useShippingQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true) {
  return useQuery<T, ApiError>({
    queryKey: ['shipping', path, query],
    queryFn: () => api.get<T>(`scmapi/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useShippingRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: ['shipping'] }), qc.invalidateQueries({ queryKey: ['engine', 'shipment'] })]);
}

export const postShipping = (path: string, data: Doc) => api.post<Doc>(`scmapi/${path}`, { DATA: JSON.stringify(data) });

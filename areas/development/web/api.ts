// The development endpoints (docs/development.md) as TanStack hooks under ['plm']; a change also
// refreshes the engine's caches of the area's entities. Live: a PLM notification naming a
// document refetches it (the other company's step arrives on the collaboration socket).
import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toastSuccess, type ApiError, onNotification, i18n } from '@seamline/web/engine';
import { PLM_MODULE } from '../meta/fields';

export type Doc = Record<string, any>;

/** `entity`: key the query under the engine's cache of that entity, so its form's save refreshes it. */
export function usePlmQuery<T = Doc>(path: string, query: Record<string, unknown>, enabled = true, entity?: string) {
  return useQuery<T, ApiError>({
    queryKey: entity ? ['engine', entity, 'plm', path, query] : ['plm', path, query],
    queryFn: () => api.get<T>(`plmapi/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePlmAction<T = Doc>(path: string, opts: { quiet?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation<T, ApiError, Doc>({
    mutationFn: (data) => api.post<T>(`plmapi/${path}`, { DATA: JSON.stringify(data) }),
    onSuccess: async () => {
      if (!opts.quiet) toastSuccess(i18n.t('plm.done'));
      await Promise.all([qc.invalidateQueries({ queryKey: ['plm'] }), qc.invalidateQueries({ queryKey: ['engine'] })]);
    },
  });
}

/** Refetches when a PLM notification names this document (or any, without an id). */
export function usePlmLive(id: string | null, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    return onNotification((msg) => {
      if (msg.module === PLM_MODULE && (!id || msg.related_key === id)) latest.current();
    });
  }, [id]);
}

export const pageQuery = (q: Doc, page: number, size = 20) => ({ q: JSON.stringify(q), p: JSON.stringify({ page, size }) });

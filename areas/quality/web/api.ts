// The inspection endpoints (scmapi/inspection/…) for the screens, and the live refresh: every
// change reaches the parties' company rooms as QC_CHANGED, state steps also as a QUALITY notice.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, downloadFile, onLiveEvent, onNotification, type ApiError } from '@seamline/web/engine';

export type Doc = Record<string, any>;
export interface Page<T = Doc> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}
export interface View {
  doc: Doc;
  sides: string[];
  live: { pass: boolean; failed: string[]; byClass: Record<string, { count: number; accept: number; reject: number; pass: boolean }> } | null;
  actions: string[];
  reinspection_id?: string | null;
}

export function useQc<T = Doc>(path: string, query: Record<string, unknown>, enabled = true) {
  return useQuery<T, ApiError>({
    queryKey: ['quality', path, query],
    queryFn: () => api.get<T>(`scmapi/inspection/${path}`, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const postQc = (path: string, data: Doc): Promise<View> => api.post<View>(`scmapi/inspection/${path}`, { DATA: JSON.stringify(data) });

export function useQcRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['quality'] });
}

/** Refetches when another party changes an inspection (any, or the one with `id`). */
export function useQcLive(id: string | null, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const hit = (key: unknown) => !id || key === id;
    const offEvent = onLiveEvent<{ id: string }>('QC_CHANGED', (e) => hit(e?.id) && latest.current());
    const offNotice = onNotification((m) => m.module === 'QUALITY' && hit(m.related_key) && latest.current());
    return () => {
      offEvent();
      offNotice();
    };
  }, [id]);
}

/** The inspection report as .xlsx (in the report's print language unless `lang` is given). */
export const downloadReport = (id: string, code: string, lang?: string) =>
  downloadFile('scmapi/inspection/report-xlsx', { id, ...(lang ? { lang } : {}) }, `${code}.xlsx`);

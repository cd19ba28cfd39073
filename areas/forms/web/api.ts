// The dynamic-form endpoints (docs/forms.md) as TanStack hooks. Keys start with ['forms'] so a
// save refreshes every list and view of forms, scenarios and values.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError, type PageResult } from '@seamline/web/engine';
import type { DesignedForm, FormListRow, FormValues, ScenarioContextType, ScenarioRow, StoredForm } from '../meta';

const BASE = 'utilsapi/dynamic-form';
export const formsKey = ['forms'] as const;

export type Page<T> = PageResult<T>;

export function useFormList(text: string, page: number, size = 20) {
  return useQuery<Page<FormListRow>, ApiError>({
    queryKey: [...formsKey, 'list', text, page, size],
    queryFn: () => api.get(`${BASE}/page-list`, { q: JSON.stringify({ text }), p: JSON.stringify({ page, size }) }),
    placeholderData: keepPreviousData,
  });
}

export function useFormView(id: string | null) {
  return useQuery<StoredForm, ApiError>({
    queryKey: [...formsKey, 'view', id ?? ''],
    queryFn: () => api.get(`${BASE}/view`, { id }),
    enabled: !!id,
  });
}

export function useScenarioList(q: { context_type?: string; context_key?: string }, page: number, size = 20) {
  return useQuery<Page<ScenarioRow>, ApiError>({
    queryKey: [...formsKey, 'scenarios', q, page, size],
    queryFn: () => api.get(`${BASE}/scenarios/page-list`, { q: JSON.stringify(q), p: JSON.stringify({ page, size }) }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The form bound to a context (null when none). Quiet: the panel is an addition to a screen that
 * has its own content, so a failed lookup is logged and shows nothing rather than an error toast.
 */
export function useScenarioForm(contextType: ScenarioContextType, contextKey: string) {
  return useQuery<(StoredForm & { scenario_id: string }) | null, ApiError>({
    queryKey: [...formsKey, 'scenario', contextType, contextKey],
    queryFn: () => api.get(`${BASE}/scenario`, { context_type: contextType, context_key: contextKey }, { notify: false }),
    staleTime: 30_000,
    retry: false,
  });
}

export function useRecordValues(formId: string | undefined, entity: string, recordId: string | null | undefined) {
  return useQuery<FormValues | null, ApiError>({
    queryKey: [...formsKey, 'values', formId ?? '', entity, recordId ?? ''],
    queryFn: () => api.get(`${BASE}/values/view`, { entity, record_id: recordId, form: formId }),
    enabled: !!formId && !!recordId,
  });
}

function useWrite<T, B>(path: string) {
  const client = useQueryClient();
  return useMutation<T, ApiError, B>({
    mutationFn: (body) => api.post<T>(`${BASE}/${path}`, { DATA: JSON.stringify(body) }),
    onSuccess: () => client.invalidateQueries({ queryKey: formsKey }),
  });
}

export const useSaveForm = () => useWrite<StoredForm, DesignedForm & { id?: string; version?: number }>('save');
export const useDeleteForms = () => useWrite<{ deleted: number }, string[]>('delete');
export const useSaveScenario = () =>
  useWrite<ScenarioRow, { id?: string; version?: number; form_id: string; context_type: string; context_key: string; description?: string }>('scenarios/save');
export const useDeleteScenarios = () => useWrite<{ deleted: number }, string[]>('scenarios/delete');
export const useSaveValues = () =>
  useWrite<FormValues, { form_id: string; entity: string; record_id: string; values: Record<string, unknown>; version?: number }>('values/save');

/** Every form of the company for a picker (first 200 by code). */
export function useFormOptions() {
  return useQuery<Page<FormListRow>, ApiError>({
    queryKey: [...formsKey, 'options'],
    queryFn: () => api.get(`${BASE}/page-list`, { p: JSON.stringify({ page: 1, size: 200 }) }),
  });
}

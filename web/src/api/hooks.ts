// TanStack Query over the request client. Failures have already been shown by the client, so
// the hooks only carry state; 11000 field errors outside a form fall back to one toast.
import {
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { joinFieldErrors, saveFailedText } from '@seamline/core';
import { api, type Body, type CallOptions, type Query } from './client';
import { ApiError, FieldErrorsError } from './errors';
import { toastError } from './feedback';
import { storedLang } from '../session/storage';

/** Field errors nobody placed on a form: 'Save failed！' + every text (spec §8). */
export function reportUnplacedErrors(err: unknown): void {
  if (err instanceof FieldErrorsError) {
    const texts = Object.values(err.errors).map(joinFieldErrors).filter(Boolean);
    toastError(saveFailedText(texts, storedLang()));
  }
}

export function useApiQuery<T>(
  path: string,
  query?: Query,
  { notify, ...options }: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> & Pick<CallOptions, 'notify'> = {},
) {
  return useQuery<T, ApiError>({
    queryKey: [path, query ?? null],
    queryFn: () => api.get<T>(path, query, { notify }),
    ...options,
  });
}

export function useApiMutation<T = unknown, B extends Body = Body>(
  path: string,
  options?: Omit<UseMutationOptions<T, ApiError, B>, 'mutationFn'>,
) {
  return useMutation<T, ApiError, B>({
    mutationFn: (body) => api.post<T>(path, body),
    onError: reportUnplacedErrors,
    ...options,
  });
}

export { api, apiUrl, call, refreshToken, validToken, API_BASE, type Body, type CallOptions, type Query } from './client';
export { ApiError, FieldErrorsError, SignedOutError } from './errors';
export { notifyError, toastError, toastSuccess, openContactAdmin, bindFeedback } from './feedback';
export { useApiMutation, useApiQuery, reportUnplacedErrors } from './hooks';
export { queryClient } from './queryClient';
export * as paths from './paths';

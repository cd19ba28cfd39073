// The response envelope of API.md: success, field validation, business refusal, HTTP errors.
import { t, type Lang } from '@seamline/core';
import { HttpError, VALIDATION_CODE, ValidationError, type FieldErrors } from './errors';

export interface OkBody<T> {
  message: 'OK';
  data: { results: T };
}

export interface ErrorBody {
  message: string;
  code: number;
  /** Field errors (11000), or what a refusal tells beyond its message (e.g. the in-use warning). */
  data?: { errors: FieldErrors } | Record<string, unknown>;
}

export function ok<T>(results: T): OkBody<T> {
  return { message: 'OK', data: { results } };
}

/** Status and body for anything thrown. Unknown errors become a 500 that reveals nothing. */
export function errorResponse(err: unknown, lang: Lang): { status: number; body: ErrorBody } {
  if (err instanceof ValidationError) {
    return {
      status: err.status,
      body: { message: t(lang, err.messageKey, err.params), code: VALIDATION_CODE, data: { errors: err.errors } },
    };
  }
  if (err instanceof HttpError) {
    const body: ErrorBody = { message: t(lang, err.messageKey, err.params), code: err.status };
    if (err.data) body.data = err.data;
    return { status: err.status, body };
  }
  // Fastify's own client errors (bad JSON, unsupported media type, body too large...).
  const status = clientErrorStatus(err);
  if (status) return { status, body: { message: t(lang, status === 404 ? 'http.notFound' : 'http.badRequest'), code: status } };
  return { status: 500, body: { message: t(lang, 'http.serverFault'), code: 500 } };
}

function clientErrorStatus(err: unknown): number | null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

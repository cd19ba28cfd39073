// The response envelope of API.md: success, field validation, business refusal, HTTP errors.
import { t, type Lang } from '@seamline/core';
import { HttpError, MissingParam, VALIDATION_CODE, ValidationError, type FieldErrors } from './errors';
import { fastifyClientError, multipartInputError, pgInputError } from './input';

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

/**
 * Results already serialized (a cached answer, e.g. access/user-state): a handler returning one
 * has it sent inside the same envelope without serializing it again.
 */
export class JsonText {
  constructor(readonly json: string) {}
}

/** ok(results) as JSON text, for results already serialized. */
export function okJson(results: JsonText): string {
  return `{"message":"OK","data":{"results":${results.json}}}`;
}

/** Status and body for anything thrown. Unknown errors become a 500 that reveals nothing. */
export function errorResponse(err: unknown, lang: Lang): { status: number; body: ErrorBody } {
  if (err instanceof ValidationError) {
    const message = t(lang, err.messageKey, err.params);
    const errors = err instanceof MissingParam ? { [err.field]: [message] } : err.errors;
    return { status: err.status, body: { message, code: VALIDATION_CODE, data: { errors } } };
  }
  if (err instanceof HttpError) {
    const body: ErrorBody = { message: t(lang, err.messageKey, err.params), code: err.status };
    if (err.data) body.data = err.data;
    return { status: err.status, body };
  }
  // What PostgreSQL refuses in a value the client sent (a non-uuid id, an out-of-range number…).
  const input = pgInputError(err) ?? multipartInputError(err);
  if (input) return errorResponse(input, lang);
  // Fastify's own client errors (bad JSON, unsupported media type, body too large...).
  const status = clientErrorStatus(err);
  if (status) {
    const { key, params } = status === 404 ? { key: 'http.notFound', params: undefined } : fastifyClientError(err);
    return { status, body: { message: t(lang, key, params), code: status } };
  }
  return { status: 500, body: { message: t(lang, 'http.serverFault'), code: 500 } };
}

function clientErrorStatus(err: unknown): number | null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

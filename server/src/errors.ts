// What handlers throw. Each error names a message key, not a text: the envelope translates it
// into the language of the request (spec §8, API.md 'Responses').
import type { MessageParams } from '@seamline/core';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly params?: MessageParams,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
    /** The envelope's `data` (e.g. the in-use warning of a business refusal). */
    readonly data?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** A business rule refused the request: HTTP 400, code 400, the rule's message. */
export class BizError extends HttpError {
  constructor(messageKey: string, params?: MessageParams, data?: Record<string, unknown>) {
    super(400, messageKey, params, undefined, data);
    this.name = 'BizError';
  }
}

/** Field errors: a field's list of messages, or for a child table a list indexed by row. */
export type FieldErrors = Record<string, string[] | Array<FieldErrors | null>>;

/** Field validation failed: HTTP 422, code 11000, data.errors keyed by field. */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    messageKey = 'form.correctInput',
    status = 422,
    params?: MessageParams,
  ) {
    super(status, messageKey, params);
    this.name = 'ValidationError';
  }
}

/**
 * A required parameter is absent: HTTP 400, code 11000, data.errors names the field (so a client
 * tells a missing field from a wrong path, which is 404). The texts are written in the request's
 * language by the envelope.
 */
export class MissingParam extends ValidationError {
  constructor(readonly field: string) {
    super({ [field]: ['input.missing'] }, 'input.missing', 400, { name: field });
    this.name = 'MissingParam';
  }
}

export const VALIDATION_CODE = 11000;

export const unauthorized = () => new HttpError(401, 'auth.signedOut');
export const forbidden = (key = 'http.forbidden') => new HttpError(403, key);
export const notFound = () => new HttpError(404, 'http.notFound');
export const badRequest = (key = 'http.badRequest') => new HttpError(400, key);
/** A stale `version`: someone else saved the document first. */
export const conflict = () => new HttpError(409, 'biz.changedByOthers');

// Typed failures of the request client. Notifications are already shown by the client when
// these are thrown (except FieldErrorsError, which the form layer places on fields).

export class ApiError extends Error {
  constructor(
    message: string,
    /** The user has already been told (a notification was shown). */
    readonly shown: boolean,
    readonly status?: number,
    /** The envelope's `data` of a refusal (e.g. `{warning: 'IN_USE', usages}`); `{}` when it has none. */
    readonly data: Record<string, unknown> = {},
    /** The envelope's own message, as the server wrote it (before the client's wording of rule 7). */
    readonly serverMessage = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** No (valid) session: the client has signed out and sent the browser to /login. */
export class SignedOutError extends ApiError {
  constructor() {
    super('signed out', true, 401);
    this.name = 'SignedOutError';
  }
}

/** Server code 11000: `errors` is data.errors keyed by field (child tables: a list by row). */
export class FieldErrorsError extends ApiError {
  constructor(
    readonly errors: Record<string, unknown>,
    message = 'field errors',
  ) {
    super(message, false);
    this.name = 'FieldErrorsError';
  }
}

// The server API the ticket area uses, plus small readers of request values.
export * from '@seamline/server/api';

/** A list of distinct non-empty strings (anything else is dropped). */
export const strList = (v: unknown): string[] =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean))] : [];

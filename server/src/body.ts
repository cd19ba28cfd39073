// Request bodies arrive form-encoded (structured values as JSON in one DATA field, an empty
// list as an empty value) or as JSON with the same fields (DATA then may be JSON text or the
// value itself). Handlers read DATA through dataObject/dataList, which accept every form; DATA
// that is not JSON at all (login's ciphertext) stays readable with stringField.
import { badRequest } from './errors';
import { parseJsonText } from './input';

export type Body = Record<string, unknown>;

export function normalizeBody(raw: unknown): Body {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest();
  return raw as Body;
}

/** DATA parsed: '' (an empty list on the wire) and absence are undefined. */
function data(body: Body): unknown {
  const value = body.DATA;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  return parseJsonText(value);
}

/** DATA as a document; empty is an empty document. */
export function dataObject(body: Body): Record<string, unknown> {
  const value = data(body);
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest();
  return value as Record<string, unknown>;
}

/** DATA as a list; empty is an empty list and a lone value is a list of one. */
export function dataList(body: Body): unknown[] {
  const value = data(body);
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A non-empty string field, e.g. `menuid`, `platform_id`. */
export function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

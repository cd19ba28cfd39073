// Small shared pieces of the administration endpoints: list paging/sorting, field validation
// with the spec's messages, and the company-administrator check.
import { validateValue, type Lang, type ValidationRule } from '@seamline/core';
import { forbidden, HttpError, intParam, notFound, parseJsonText, ValidationError, isUuid, type FieldErrors, type Session } from '@seamline/server/api';

export interface ListPage {
  page: number;
  size: number;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
};

/**
 * `p` = {page, size, sort: [{field, order}]}; the sort field must be one of `sortable`. Paging is
 * read like the engine's lists (server/src/engine/pageList.ts): '-1', '1e20', 'x' or 2.5 answer
 * 400 naming the parameter rather than quietly becoming page 1.
 */
export function listPage(p: unknown, sortable: readonly string[]): ListPage {
  const raw = p === undefined || p === null || p === '' ? {} : typeof p === 'string' ? parseJsonText(p) : p;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HttpError(400, 'input.badParam', { name: 'p' });
  const r = raw as { page?: unknown; size?: unknown; sort?: unknown };
  const page = intParam(r, 'page', { min: 1, max: 1_000_000, fallback: 1 })!;
  const size = intParam(r, 'size', { min: 1, max: 200, fallback: 20 })!;
  const first = Array.isArray(r.sort) ? (r.sort[0] as { field?: unknown; order?: unknown } | undefined) : undefined;
  const field = typeof first?.field === 'string' && sortable.includes(first.field) ? first.field : null;
  const order = first?.order === 'desc' || first?.order === 'descend' ? 'desc' : 'asc';
  return { page, size, sort: field ? { field, order } : null };
}

/** `q` as an object of filters (JSON text or object); anything else is no filter. */
export function listQuery(q: unknown): Record<string, unknown> {
  const v = parseJson(q);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Collects field messages; `throwIfAny` raises the 11000 answer with all of them. */
export class FieldCheck {
  readonly errors: FieldErrors = {};
  constructor(readonly lang: Lang) {}

  rules(field: string, value: unknown, rules: readonly ValidationRule[]): this {
    const r = validateValue(value, rules, this.lang);
    if (r.hasError) this.add(field, r.errorMsg);
    return this;
  }

  add(field: string, message: string): this {
    const list = (this.errors[field] as string[] | undefined) ?? [];
    this.errors[field] = [...list, message];
    return this;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}

/** Company administrators (user type ADMIN) and the super admin. */
export const isCompanyAdmin = (s: Pick<Session, 'userType' | 'isSuperAdmin'>) => s.userType === 'ADMIN' || s.isSuperAdmin;

export function requireCompanyAdmin(s: Pick<Session, 'userType' | 'isSuperAdmin'>): void {
  if (!isCompanyAdmin(s)) throw forbidden();
}

/** An id from the request: a uuid, else the record simply does not exist (404). */
export function idParam(v: unknown): string {
  if (!isUuid(v)) throw notFound();
  return v;
}

/** A version number posted with an update. */
export const versionOf = (v: unknown): number | null =>
  typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

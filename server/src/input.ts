// Hostile input, refused in one place (docs/security.md 'Hostile input'). Everything a client
// sends is checked before it can reach PostgreSQL or a recursive function:
//   - checkInput (a preValidation hook of the app): query and parsed body nested at most
//     MAX_DEPTH deep, no NUL character (PostgreSQL refuses \u0000 in text: that would be a 500),
//     no '__proto__' key;
//   - parseJsonText: JSON carried in a text (DATA, q, p) with the same checks;
//   - uuidParam / intParam / requiredParam / stringParam: the parameters handlers read, each
//     refusing what it cannot use with 400 and a message in the user's language;
//   - pgInputError: what PostgreSQL says about a value it cannot take (22P02, 22003, …) is the
//     client's mistake, a 400, not a 500 (used by the app's error handler).
import type { FastifyInstance } from 'fastify';
import { HttpError, MissingParam } from './errors';
import { registerMessages, type Catalogues } from './i18n';

export const inputMessages: Catalogues = {
  en: {
    'input.tooDeep': 'The request is nested too deeply',
    'input.nul': 'The request contains a NUL character, which is not allowed',
    'input.badJson': 'The request is not valid JSON',
    'input.tooLarge': 'The request is too large (at most {max})',
    'input.contentType': 'This content type is not accepted here',
    'input.badMultipart': 'The uploaded form data could not be read',
    'input.badValue': 'A value of the request is not valid',
    'input.badParam': 'The parameter {name} is not valid',
    'input.missing': 'The parameter {name} is required',
    'input.tooComplex': 'The request is too complex to process',
  },
  zh: {
    'input.tooDeep': '请求的嵌套层级过深',
    'input.nul': '请求中包含不允许的空字符（NUL）',
    'input.badJson': '请求不是有效的 JSON',
    'input.tooLarge': '请求过大（最多 {max}）',
    'input.contentType': '此处不接受该内容类型',
    'input.badMultipart': '无法读取上传的表单数据',
    'input.badValue': '请求中的某个值无效',
    'input.badParam': '参数 {name} 无效',
    'input.missing': '缺少必填参数 {name}',
    'input.tooComplex': '请求过于复杂，无法处理',
  },
};
registerMessages(inputMessages);

/** Deepest nesting of objects/arrays a request may carry (documents with child rows need ~5). */
export const MAX_DEPTH = 32;

/** Whether `value` breaks a rule above: the message key, else null. Iterative: no stack to overflow. */
export function inputProblem(value: unknown): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'input.nul';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) return 'input.tooDeep';
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, depth + 1]);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (k === '__proto__' || k.includes('\u0000')) return k === '__proto__' ? 'input.badValue' : 'input.nul';
      stack.push([(v as Record<string, unknown>)[k], depth + 1]);
    }
  }
  return null;
}

/** Throws 400 when `value` breaks a rule of inputProblem. */
export function checkInput(value: unknown): void {
  const key = inputProblem(value);
  if (key) throw new HttpError(400, key);
}

/** JSON in a text (DATA, q, p): parsed and checked; anything else is a 400 'input.badJson'. */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'input.badJson');
  }
  checkInput(value);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A missing required parameter: 400 with code 11000 and the field named (API.md 'Responses'). */
export const missingParam = (name: string): MissingParam => new MissingParam(name);

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** A single text value: a repeated query key (an array) or an object is refused, not coerced. */
export function stringParam(source: Record<string, unknown>, name: string): string | undefined {
  const v = source[name];
  if (!present(v)) return undefined;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') throw new HttpError(400, 'input.badParam', { name });
  return v;
}

/** A required text value (400 / 11000 naming it when absent). */
export function requiredParam(source: Record<string, unknown>, name: string): string {
  const v = stringParam(source, name);
  if (v === undefined) throw missingParam(name);
  return v;
}

/**
 * An id: absent is undefined (or 400 / 11000 with `required`); a value that is not a uuid is
 * `notUuid` — 'notFound' (404: no record has that id; the default) or 'bad' (400).
 */
export function uuidParam(source: Record<string, unknown>, name: string, opts: { required?: boolean; notUuid?: 'notFound' | 'bad' } = {}): string | undefined {
  const v = stringParam(source, name);
  if (v === undefined) {
    if (opts.required) throw missingParam(name);
    return undefined;
  }
  if (!UUID.test(v)) throw opts.notUuid === 'bad' ? new HttpError(400, 'input.badParam', { name }) : new HttpError(404, 'http.notFound');
  return v;
}

/** An integer in [min, max]: absent is `fallback`; '1e20', '-1', 'NaN', '2.5', '' are 400. */
export function intParam(source: Record<string, unknown>, name: string, opts: { min?: number; max?: number; fallback?: number } = {}): number | undefined {
  const v = source[name];
  if (!present(v)) return opts.fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < (opts.min ?? Number.MIN_SAFE_INTEGER) || n > (opts.max ?? Number.MAX_SAFE_INTEGER)) {
    throw new HttpError(400, 'input.badParam', { name });
  }
  return n;
}

/** The deepest page a list accepts (a page past it could only be empty; the engine's lists go deeper by cursor). */
export const MAX_PAGE = 1_000_000;

export interface Paging {
  page: number;
  size: number;
}

/**
 * A list's paging, read one way everywhere (the engine's lists and every area's own): `page`
 * (1-based) and `size` (or `pageSize`) from `source`. Absent: page 1 and `defaultSize`; a size
 * above `maxSize` is cut to it; 0, -1, 2.5, 1e20, 'x' or a page past MAX_PAGE answer 400 naming the
 * parameter instead of becoming page 1 or an offset PostgreSQL cannot take.
 */
export function pagingOf(source: Record<string, unknown>, opts: { defaultSize?: number; maxSize?: number } = {}): Paging {
  const page = intParam(source, 'page', { min: 1, max: MAX_PAGE, fallback: 1 })!;
  const size = intParam({ size: source.size ?? source.pageSize }, 'size', { min: 1, max: MAX_PAGE, fallback: opts.defaultSize ?? 20 })!;
  return { page, size: Math.min(size, opts.maxSize ?? 200) };
}

/**
 * pagingOf for a request's query: paging inside `p` (the engine's JSON, as text or an object) or
 * as plain query parameters. A `p` that is not a JSON object is 400.
 */
export function pageParams(query: Record<string, unknown>, opts: { defaultSize?: number; maxSize?: number } = {}): Paging {
  const raw = query.p;
  const p = raw === undefined || raw === null || raw === '' ? {} : typeof raw === 'string' ? parseJsonText(raw) : raw;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) throw new HttpError(400, 'input.badParam', { name: 'p' });
  return pagingOf({ page: query.page, size: query.size, pageSize: query.pageSize, ...(p as Record<string, unknown>) }, opts);
}

/** PostgreSQL's SQLSTATEs for a value it cannot take: the request's fault (400), never a 500. */
const PG_INPUT: Record<string, string> = {
  '22P02': 'input.badValue', // invalid_text_representation ('x'::uuid, 'abc'::int)
  '22021': 'input.nul', // character_not_in_repertoire (NUL, bad UTF-8)
  '22003': 'input.badValue', // numeric_value_out_of_range
  '22007': 'input.badValue', // invalid_datetime_format
  '22008': 'input.badValue', // datetime_field_overflow
  '22001': 'input.badValue', // string_data_right_truncation (a value longer than its column)
  '22004': 'input.badValue', // null_value_not_allowed
  '22023': 'input.badValue', // invalid_parameter_value
  '22025': 'input.badValue', // invalid_escape_sequence (LIKE)
  '2201B': 'input.badValue', // invalid_regular_expression
  '2201X': 'input.badValue', // invalid_row_count_in_result_offset_clause
  '2201W': 'input.badValue', // invalid_row_count_in_limit_clause
  '22012': 'input.badValue', // division_by_zero
  '22019': 'input.badValue', // invalid_escape_character
  '22P05': 'input.nul', // untranslatable_character
  '54000': 'input.tooComplex', // program_limit_exceeded
  '54001': 'input.tooComplex', // statement_too_complex
};

/** A PostgreSQL error (or a driver's wrapper around one) caused by the input, as a 400; else null. */
export function pgInputError(err: unknown): HttpError | null {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in PG_INPUT) return new HttpError(400, PG_INPUT[code]);
  }
  return null;
}


/** The message of one of Fastify's own 4xx errors (its text is English only and may name internals). */
export function fastifyClientError(err: unknown): { key: string; params?: Record<string, string> } {
  const e = err as { code?: string; message?: string; name?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { key: 'input.tooLarge', params: { max: `${Math.round(BODY_LIMIT / 1024 / 1024)} MB` } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { key: 'input.contentType' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { key: 'input.badJson' };
    default:
      if (e.name === 'SyntaxError') return { key: 'input.badJson' };
      return { key: 'http.badRequest' };
  }
}

/** busboy's errors for a broken multipart body (plain Errors: known by their stable messages). */
const BROKEN_MULTIPART = /^(Unexpected end of (form|multipart data)|Malformed part header|Part terminated early|Multipart: Boundary not found|Malformed urlencoded form)/;

/** A broken multipart body, however a route read it, as a 400; else null. */
export function multipartInputError(err: unknown): HttpError | null {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && BROKEN_MULTIPART.test(message) ? new HttpError(400, 'input.badMultipart') : null;
}

/** The largest request body the app reads (uploads have their own limits, on multipart). */
export const BODY_LIMIT = 2 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered (method, url): the route-table fuzz test walks it. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

/**
 * The app-wide guards: every route's query, params and parsed body pass checkInput before any
 * handler sees them, and the route table is recorded. Call first in buildApp, before any route.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  app.addHook('preValidation', async (req) => {
    checkInput(req.params);
    checkInput(req.query);
    checkInput(req.body);
  });
}

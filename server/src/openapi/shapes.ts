// What a route declares about its wire shapes (RouteOptions.schema), and small builders for the
// JSON Schema (2020-12, as OpenAPI 3.1 takes it) they are written in. The OpenAPI document
// (openapi/document.ts) is generated from these declarations and the entity definitions only, so
// it lists exactly what the server registered.
export type JsonSchema = { [key: string]: unknown };

export interface RouteSchema {
  /** One line; the reference page shows it beside the path. */
  summary: string;
  description?: string;
  /** Default: the path's first two segments (e.g. 'utilsapi/access'). */
  tag?: string;
  /** Query parameters: name → schema; names in `required` must be given. */
  query?: Record<string, JsonSchema>;
  /** Body fields (form-encoded or JSON). `DATA` is the structured document, sent as JSON text in a form. */
  body?: Record<string, JsonSchema>;
  /** The body is multipart/form-data (uploads); `body` names its parts. */
  multipart?: boolean;
  /** Query or body names the call cannot do without (RouteOptions.params adds its own). */
  required?: readonly string[];
  /** The envelope's `results`; absent → any JSON. */
  response?: JsonSchema;
  /** The answer is not the envelope: a file ('application/vnd…') or a bare JSON document. */
  produces?: { type: string; schema?: JsonSchema };
  /** Named schemas the others point at with ref(name) (entity documents…). */
  components?: Record<string, JsonSchema>;
}

const describe = <T extends JsonSchema>(schema: T, description?: string): T => (description ? { ...schema, description } : schema);

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Builders for the schemas above; each takes an optional description. */
export const S = {
  string: (description?: string, extra: JsonSchema = {}): JsonSchema => describe({ type: 'string', ...extra }, description),
  integer: (description?: string, extra: JsonSchema = {}): JsonSchema => describe({ type: 'integer', ...extra }, description),
  number: (description?: string): JsonSchema => describe({ type: 'number' }, description),
  boolean: (description?: string): JsonSchema => describe({ type: 'boolean' }, description),
  uuid: (description?: string): JsonSchema => describe({ type: 'string', format: 'uuid' }, description),
  /** An exact decimal on the wire: text, never a float (spec §9). */
  decimal: (description?: string, places = 4): JsonSchema =>
    describe({ type: 'string', pattern: places > 0 ? `^-?\\d+(\\.\\d{1,${places}})?$` : '^-?\\d+$' }, description),
  date: (description?: string): JsonSchema => describe({ type: 'string', format: 'date' }, description),
  dateTime: (description?: string): JsonSchema => describe({ type: 'string', format: 'date-time' }, description),
  enum: (values: readonly string[], description?: string): JsonSchema => describe({ type: 'string', enum: [...values] }, description),
  /** A flag as query strings and forms carry it. */
  flag: (description?: string): JsonSchema => describe({ type: 'string', enum: ['1', '0', 'true', 'false'] }, description),
  list: (items: JsonSchema, description?: string): JsonSchema => describe({ type: 'array', items }, description),
  object: (properties: Record<string, JsonSchema>, required: readonly string[] = [], description?: string): JsonSchema =>
    describe({ type: 'object', properties, ...(required.length ? { required: [...required] } : {}) }, description),
  /** An object with free keys. */
  map: (values: JsonSchema = {}, description?: string): JsonSchema => describe({ type: 'object', additionalProperties: values }, description),
  nullable: (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] }),
  /** A query or form parameter holding JSON text (q, p, DATA in a form). */
  jsonText: (schema: JsonSchema, description?: string): JsonSchema =>
    describe({ type: 'string', contentMediaType: 'application/json', contentSchema: schema }, description),
  any: (description?: string): JsonSchema => describe({}, description),
  /** `{rows, total, page, size}`: a page of rows (API.md 'Responses'). */
  page: (row: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema =>
    S.object({ rows: S.list(row), total: S.integer(), page: S.integer(), size: S.integer(), ...extra }, ['rows', 'total']),
  /** `p`: page, size and sort of a list, as JSON text. */
  paging: (): JsonSchema =>
    S.jsonText(
      S.object({ page: S.integer(undefined, { minimum: 1 }), size: S.integer(undefined, { minimum: 1, maximum: 200 }), sort: S.list(S.object({ field: S.string(), order: S.enum(['asc', 'desc']) })) }),
      'Paging: {page, size, sort}',
    ),
} as const;

/** A schema naming only what a route reads: `{ok: true}`-style acknowledgements. */
export const OK_FLAG = S.object({ ok: S.boolean() });

/** `q`: list filters as JSON text (the engine's and the areas' lists read the same shape). */
const FILTERS = S.jsonText(S.map(), 'Filters: {field: value}');

/**
 * Shorthands for the shapes most area routes share, so a route states only what differs:
 * `R.byId('One ticket')`, `R.onDoc('Close a ticket')`, `R.list('Tickets')`, `R.post('…', {body})`.
 */
export const R = {
  /** Any route: a summary and whatever else it declares. */
  get: (summary: string, more: Omit<RouteSchema, 'summary'> = {}): RouteSchema => ({ summary, ...more }),
  /** A write whose body fields (form or JSON) are named in `body`. */
  post: (summary: string, body: Record<string, JsonSchema>, more: Omit<RouteSchema, 'summary' | 'body'> = {}): RouteSchema => ({ summary, body, ...more }),
  /** GET …?id=: one row of the caller's company (404 otherwise). */
  byId: (summary: string, more: Omit<RouteSchema, 'summary'> = {}): RouteSchema => ({ summary, query: { id: S.uuid() }, required: ['id'], ...more }),
  /** A page of rows: `q` filters, `p` paging. */
  list: (summary: string, row: JsonSchema = S.map(), more: Omit<RouteSchema, 'summary'> = {}): RouteSchema => ({
    summary,
    query: { q: FILTERS, p: S.paging(), ...more.query },
    response: S.page(row),
    ...(more.tag ? { tag: more.tag } : {}),
    ...(more.description ? { description: more.description } : {}),
  }),
  /** An action on one document: `DATA` = {id, version?, …fields}. */
  onDoc: (summary: string, fields: Record<string, JsonSchema> = {}, more: Omit<RouteSchema, 'summary' | 'body'> = {}): RouteSchema => ({
    summary,
    body: { DATA: S.object({ id: S.uuid(), version: S.integer('The version read, where the action checks it (a stale one answers 409)'), ...fields }, ['id']) },
    required: ['DATA'],
    ...more,
  }),
  /** A save: `DATA` is the document (`doc`; absent id → create). */
  save: (summary: string, doc: JsonSchema = S.map(), more: Omit<RouteSchema, 'summary' | 'body'> = {}): RouteSchema => ({
    summary,
    body: { DATA: doc },
    required: ['DATA'],
    ...more,
  }),
} as const;

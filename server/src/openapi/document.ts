// The OpenAPI 3.1 document of /api, generated from the route table (routes.ts) — each route's
// declared schema, entity routes' derived from their definitions (openapi/entities.ts) — plus the
// webhooks areas describe (the out-API's pushes). Built once per app, on first request.
import type { HTTPMethods } from 'fastify';
import { isDeepStrictEqual } from 'node:util';
import type { Api, RouteEntry } from '../routes';
import { S, type JsonSchema, type RouteSchema } from './shapes';

/** What an area's outgoing calls look like to their receiver (OpenAPI 'webhooks'). */
export interface Webhook {
  summary: string;
  description?: string;
  /** The JSON body the receiver gets. */
  body: JsonSchema;
  /** Headers sent with it. */
  headers?: Record<string, JsonSchema & { description: string }>;
  components?: Record<string, JsonSchema>;
}

const WEBHOOKS = new WeakMap<Api, Map<string, Webhook>>();

/** Adds webhooks to an app's document (from an area's `routes`). */
export function describeWebhooks(api: Api, hooks: Record<string, Webhook>): void {
  const map = WEBHOOKS.get(api) ?? new Map<string, Webhook>();
  for (const [name, hook] of Object.entries(hooks)) map.set(name, hook);
  WEBHOOKS.set(api, map);
}

export const webhooksOf = (api: Api): ReadonlyMap<string, Webhook> => WEBHOOKS.get(api) ?? new Map();

const ERROR = S.object({ message: S.string('In the caller\'s language'), code: S.integer(), data: S.map() }, ['message', 'code']);
const FIELD_ERRORS = S.object(
  {
    message: S.string(),
    code: S.integer(undefined, { const: 11000 }),
    data: S.object({ errors: S.map(S.any(), '{FIELD: [message]}; a child table\'s errors a list indexed by row') }, ['errors']),
  },
  ['message', 'code', 'data'],
);

const errorResponse = (description: string, schema = '#/components/schemas/Error') => ({
  description,
  content: { 'application/json': { schema: { $ref: schema } } },
});

const COMMON_RESPONSES = {
  BadRequest: errorResponse('A business rule refused, or bad input (message in the caller\'s language)'),
  Unauthorized: errorResponse('Not signed in, or the token expired'),
  Forbidden: errorResponse('Not allowed (user type, menu or role)'),
  NotFound: errorResponse('No such row in the caller\'s company'),
  Conflict: errorResponse('Changed by someone else meanwhile (stale version)'),
  Invalid: errorResponse('Field validation failed (code 11000)', '#/components/schemas/FieldErrors'),
};

/** '/api/thirdapi/*' → '/api/thirdapi/{path}' (OpenAPI templates), with its path parameter. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path
    .split('/')
    .map((seg) => {
      if (seg === '*') {
        params.push('path');
        return '{path}';
      }
      if (seg.startsWith(':')) {
        params.push(seg.slice(1));
        return `{${seg.slice(1)}}`;
      }
      return seg;
    })
    .join('/');
  return { path: `/api/${out}`, params };
}

const defaultTag = (path: string) => path.split('/').slice(0, 2).join('/');

function permissionNote(entry: RouteEntry): string {
  const { options } = entry;
  const notes: string[] = [];
  if (options.superAdmin) notes.push('Platform super admin only.');
  if (options.menu !== undefined) notes.push(`Needs menu ${[options.menu].flat().join(' or ')}.`);
  if (options.guest) notes.push('Guests may call it.');
  return notes.join(' ');
}

/** A form field of JSON text in a form body; the value itself in a JSON body. */
function formField(name: string, schema: JsonSchema): JsonSchema {
  if (name !== 'DATA') return schema;
  return S.jsonText(schema, (schema.description as string | undefined) ?? 'The document, as JSON text');
}

function operation(entry: RouteEntry, params: string[], components: Record<string, JsonSchema>): Record<string, unknown> {
  const schema: RouteSchema | undefined = entry.options.schema;
  // Alternatives (one of several names) make none of them required on its own.
  const required = new Set([...(schema?.required ?? []), ...(entry.options.params ?? []).filter((p): p is string => typeof p === 'string')]);
  const method = entry.method as HTTPMethods;
  const inBody = method !== 'GET' && schema?.body;
  const parameters: Record<string, unknown>[] = params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  for (const [name, s] of Object.entries(schema?.query ?? {})) {
    parameters.push({ name, in: 'query', required: required.has(name), schema: s, ...(s.description ? { description: s.description } : {}) });
  }
  // Required names the route takes in the query or the body: in the query for a GET.
  if (!inBody) {
    for (const name of required) {
      if (!parameters.some((p) => p.name === name)) parameters.push({ name, in: 'query', required: true, schema: { type: 'string' } });
    }
  }
  const op: Record<string, unknown> = {
    operationId: `${method.toLowerCase()} ${entry.path}`,
    summary: schema?.summary ?? `${method} ${entry.path} (not described yet)`,
    tags: [schema?.tag ?? defaultTag(entry.path)],
  };
  const description = [schema?.description, permissionNote(entry)].filter(Boolean).join('\n\n');
  if (description) op.description = description;
  if (entry.options.menu !== undefined) op['x-seamline-menu'] = [entry.options.menu].flat();
  if (!entry.options.auth) op.security = [];
  if (parameters.length) op.parameters = parameters;
  if (inBody) {
    const bodyRequired = [...required].filter((n) => n in schema.body!);
    if (schema.multipart) {
      op.requestBody = { required: true, content: { 'multipart/form-data': { schema: S.object(schema.body!, bodyRequired) } } };
    } else {
      const form = Object.fromEntries(Object.entries(schema.body!).map(([n, s]) => [n, formField(n, s)]));
      op.requestBody = {
        required: bodyRequired.length > 0,
        content: {
          'application/x-www-form-urlencoded': { schema: S.object(form, bodyRequired) },
          'application/json': { schema: S.object(schema.body!, bodyRequired) },
        },
      };
    }
  }
  const success = schema?.produces
    ? { description: 'OK', content: { [schema.produces.type]: { schema: schema.produces.schema ?? { type: 'string', contentEncoding: 'binary' } } } }
    : {
        description: 'OK: the envelope, `data.results` as below',
        content: {
          'application/json': {
            schema: S.object({ message: { const: 'OK' }, data: S.object({ results: schema?.response ?? {} }, ['results']) }, ['message', 'data']),
          },
        },
      };
  const responses: Record<string, unknown> = { 200: success, 400: { $ref: '#/components/responses/BadRequest' } };
  if (entry.options.auth) {
    responses[401] = { $ref: '#/components/responses/Unauthorized' };
    responses[403] = { $ref: '#/components/responses/Forbidden' };
  }
  if (required.has('id') || /\/(view|audit|delete|save)$/.test(entry.path)) responses[404] = { $ref: '#/components/responses/NotFound' };
  if (method === 'POST') {
    responses[409] = { $ref: '#/components/responses/Conflict' };
    responses[422] = { $ref: '#/components/responses/Invalid' };
  }
  op.responses = responses;
  addComponents(components, schema?.components);
  return op;
}

function addComponents(into: Record<string, JsonSchema>, more: Record<string, JsonSchema> | undefined): void {
  for (const [name, schema] of Object.entries(more ?? {})) {
    if (name in into && !isDeepStrictEqual(into[name], schema)) throw new Error(`OpenAPI component '${name}' is declared twice, differently`);
    into[name] = schema;
  }
}

export interface DocumentInfo {
  version: string;
  serverUrl?: string;
}

/** The whole document for a route table and its webhooks. */
export function openApiDocument(routes: readonly RouteEntry[], webhooks: ReadonlyMap<string, Webhook>, info: DocumentInfo): Record<string, unknown> {
  const components: Record<string, JsonSchema> = { Error: ERROR, FieldErrors: FIELD_ERRORS };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of routes) {
    const { path, params } = openApiPath(entry.path);
    paths[path] ??= {};
    paths[path][entry.method.toLowerCase()] = operation(entry, params, components);
  }
  const hooks: Record<string, unknown> = {};
  for (const [name, hook] of webhooks) {
    addComponents(components, hook.components);
    hooks[name] = {
      post: {
        operationId: `webhook ${name}`,
        summary: hook.summary,
        ...(hook.description ? { description: hook.description } : {}),
        tags: ['webhooks'],
        parameters: Object.entries(hook.headers ?? {}).map(([n, s]) => ({ name: n, in: 'header', required: true, description: s.description, schema: s })),
        requestBody: { required: true, content: { 'application/json': { schema: hook.body } } },
        responses: { '2XX': { description: 'Delivered; anything else is a failed attempt, retried with back-off' } },
      },
    };
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seamline API',
      version: info.version,
      description:
        'Every answer is the envelope {message, data: {results}} (API.md). Bodies are form-encoded with structured documents as JSON text in `DATA`, or JSON with the same fields. Decimals travel as exact text with 4 places. Messages follow the caller\'s language (en, else zh).',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ token: [] }, { bearer: [] }],
    paths: sorted,
    webhooks: hooks,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      responses: COMMON_RESPONSES,
      securitySchemes: {
        token: { type: 'apiKey', in: 'query', name: 'token', description: 'The access token from utilsapi/access/login' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

/** Routes registered without a schema, as 'METHOD path' (the allow-list test reads these). */
export const unschemedRoutes = (routes: readonly RouteEntry[]): string[] => routes.filter((r) => !r.options.schema).map((r) => `${r.method} ${r.path}`);

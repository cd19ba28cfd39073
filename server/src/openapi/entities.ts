// The wire shapes of an entity's generic routes (engine/register.ts, engine/transfer), derived from
// its definition: fields, types, required, options, decimals as exact text. Nothing here is
// written by hand per entity, so the document cannot drift from what the engine serves.
import { SYSTEM_FIELDS, pickLabel, type ChildTableDef, type EntityDef, type FieldDef, type TransitionDef } from '@seamline/core';
import { ref, S, type JsonSchema, type RouteSchema } from './shapes';

const DEFAULT_SCALE = 4;

const labelOf = (f: { label: { en: string; zh: string } }) => `${pickLabel(f.label, 'en')} / ${pickLabel(f.label, 'zh')}`;

/** Fixed options' values; a dictionary field's options live in the company's dictionary. */
function optionValues(f: FieldDef): string[] | null {
  return Array.isArray(f.options) ? f.options.map((o) => o.value) : null;
}

/** One field's value as the server sends it (`read`) or takes it in a save (`write`). */
export function fieldSchema(f: FieldDef, mode: 'read' | 'write'): JsonSchema {
  const scale = f.scale ?? DEFAULT_SCALE;
  const options = optionValues(f);
  const dictionary = !Array.isArray(f.options) && f.options ? ` (dictionary ${f.options.dictionary})` : '';
  const text = (extra: JsonSchema = {}) => ({ type: 'string', ...(f.maxLength ? { maxLength: f.maxLength } : {}), ...extra });
  let schema: JsonSchema;
  switch (f.type) {
    case 'string':
    case 'text':
      schema = text();
      break;
    case 'integer':
      schema = { type: 'integer' };
      break;
    case 'decimal':
      // Read back from numeric(18, scale): always `scale` places; a save takes up to `scale`.
      schema =
        mode === 'read'
          ? { type: 'string', pattern: scale > 0 ? `^-?\\d+\\.\\d{${scale}}$` : '^-?\\d+$' }
          : { type: 'string', pattern: scale > 0 ? `^-?\\d+(\\.\\d{1,${scale}})?$` : '^-?\\d+$' };
      break;
    case 'boolean':
      schema = { type: 'boolean' };
      break;
    case 'date':
      schema = { type: 'string', format: 'date' };
      break;
    case 'datetime':
      schema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?$', description: 'YYYY-MM-DD HH:mm:ss' };
      break;
    case 'time':
      schema = { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?$' };
      break;
    case 'select':
      schema = options ? { type: 'string', enum: options } : text();
      break;
    case 'multiselect':
      schema = { type: 'array', items: options && !f.freeEntry ? { type: 'string', enum: options } : { type: 'string' } };
      break;
    case 'reference':
      schema = { type: 'string', format: 'uuid', description: `id of a ${f.ref?.entity ?? ''} row of the same company` };
      break;
    case 'image':
    case 'file':
      schema = text({ description: 'URL of an uploaded file' });
      break;
    case 'json':
      schema = {};
      break;
  }
  const title = labelOf(f) + dictionary;
  // Empty values travel as null (read) and may be sent as null or '' (write).
  const empties: JsonSchema[] = mode === 'read' ? [{ type: 'null' }] : [{ type: 'null' }, { type: 'string', maxLength: 0 }];
  if (f.type === 'json') return { title };
  return { title, anyOf: [schema, ...empties] };
}

const systemRead: Record<string, JsonSchema> = {
  id: S.uuid(),
  version: S.integer('Optimistic lock: send it back with a save or an action'),
  created_by: S.nullable(S.uuid()),
  created_at: S.dateTime(),
  updated_by: S.nullable(S.uuid()),
  updated_at: S.nullable(S.dateTime()),
};

function stored(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => !f.isNotPost);
}

/** A field a create must carry: required, written by the client, nothing fills it in. */
function mustSend(def: { numbering?: EntityDef['numbering'] }, f: FieldDef): boolean {
  return !!f.required && !f.readOnly && f.defaultValue === undefined && !f.visibleWhen && !f.roles && def.numbering?.field !== f.name;
}

function childSchema(def: EntityDef, child: ChildTableDef, mode: 'read' | 'write'): JsonSchema {
  const fields = stored(child.fields).filter((f) => mode === 'read' || !f.readOnly);
  const properties: Record<string, JsonSchema> = { id: mode === 'read' ? S.uuid() : S.nullable(S.uuid()) };
  for (const f of fields) properties[f.name] = fieldSchema(f, mode);
  const required = mode === 'read' ? ['id'] : fields.filter((f) => mustSend({}, f)).map((f) => f.name);
  return { ...S.object(properties, required), title: labelOf(child) };
}

/** The component names of an entity's schemas. */
export const entitySchemaNames = (def: EntityDef) => ({ read: def.name, write: `${def.name}.save` });

/** A document as view/save/actions answer it, and a list row (children only in the document). */
export function entityComponents(def: EntityDef): Record<string, JsonSchema> {
  const names = entitySchemaNames(def);
  const readProps: Record<string, JsonSchema> = { ...systemRead };
  for (const f of stored(def.fields)) readProps[f.name] = fieldSchema(f, 'read');
  readProps._labels = S.map(S.string(), 'Display text of each non-empty reference field');
  const writeProps: Record<string, JsonSchema> = {
    id: S.uuid('Absent on create'),
    version: S.integer('The version read: a stale one answers 409'),
  };
  for (const f of stored(def.fields)) if (!f.readOnly) writeProps[f.name] = fieldSchema(f, 'write');
  for (const child of def.children ?? []) {
    readProps[child.name] = { ...S.list(childSchema(def, child, 'read')), description: 'In view, save and actions; absent from list rows' };
    writeProps[child.name] = {
      ...S.list(childSchema(def, child, 'write'), 'Every row the document keeps: rows left out are deleted'),
      ...(child.maxRows ? { maxItems: child.maxRows } : {}),
    };
  }
  const required = (SYSTEM_FIELDS as readonly string[]).filter((n) => n in systemRead && n !== 'updated_by' && n !== 'updated_at' && n !== 'created_by');
  return {
    [names.read]: { ...S.object(readProps, required), title: labelOf(def) },
    [names.write]: {
      ...S.object(writeProps, stored(def.fields).filter((f) => mustSend(def, f)).map((f) => f.name)),
      title: `${labelOf(def)} (save)`,
    },
  };
}

const FILTER = S.jsonText(S.map(), 'Filters: {field: value}, a list for "in", or {field: {op, value}} with op eq, like, prefix, in, gte, lte, between');

/** A background import or export (engine/transfer/jobs.ts's JobView): what a job route and info answer. */
export const TRANSFER_JOB_COMPONENT: Record<string, JsonSchema> = {
  'transfer-job': S.object(
    {
      id: S.uuid(),
      kind: S.enum(['import', 'export']),
      entity: S.string('The entity name'),
      status: S.string('queued, running, done or failed'),
      done_rows: S.integer(),
      total_rows: S.nullable(S.integer()),
      result: S.any('done: {rows} of an export or the import\'s counts; failed: the error answer {code, message, data}'),
      file_name: S.nullable(S.string('Set when there is a file to download (transfer-jobs/download)')),
      created_at: S.dateTime(),
    },
    ['id', 'kind', 'entity', 'status', 'done_rows', 'created_at'],
  ),
};

const statusNote = (def: EntityDef, tr: TransitionDef) => `${pickLabel(tr.label, 'en')}: ${tr.from.map((f) => f || '(empty)').join(', ')} → ${tr.to}`;

/** The schema of each generic route of an entity, keyed by its route kind. */
export function entityRouteSchemas(def: EntityDef) {
  const names = entitySchemaNames(def);
  const tag = `${def.prefix}/${def.name}`;
  const components = entityComponents(def);
  const title = pickLabel(def.label, 'en');
  const columns = def.list.filters?.length ? ` Filterable: ${def.list.filters.join(', ')}.` : '';
  const base = { tag, components };
  // A workbook upload: import and import-job take the same one.
  const upload = {
    multipart: true,
    body: {
      file: S.string('The workbook', { contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      mode: S.enum(['create', 'upsert'], 'Default create'),
    },
    required: ['file'],
  };
  const jobBase = { tag, components: { ...components, ...TRANSFER_JOB_COMPONENT }, response: ref('transfer-job') };
  const id = { id: S.uuid() };
  return {
    pageList: {
      ...base,
      summary: `List ${title} rows`,
      description: `Filters, sorting, offset or key-set pages; the total counts at most 10,000 rows.${columns}`,
      query: { q: FILTER, p: S.jsonText(S.object({ page: S.integer(), size: S.integer(undefined, { minimum: 1, maximum: 200 }), sort: S.list(S.object({ field: S.string(), order: S.enum(['asc', 'desc']) })), after: S.string('The previous page\'s `next`') })) },
      response: S.page(ref(names.read), { total_capped: S.boolean(), next: S.nullable(S.string('Cursor of the next page (p.after)')) }),
    },
    view: { ...base, summary: `One ${title} with its child rows`, query: id, required: ['id'], response: ref(names.read) },
    save: {
      ...base,
      summary: `Create or update a ${title}`,
      description: 'All or nothing: field errors answer 11000 with the fields named; a stale version 409. `force=1` goes on past an in-use warning.',
      body: { DATA: ref(names.write), force: S.flag() },
      required: ['DATA'],
      response: ref(names.read),
    },
    delete: {
      ...base,
      summary: `Delete ${title} rows`,
      description: 'All or nothing: a row in use or referenced refuses the whole call.',
      body: { DATA: S.list(S.uuid(), 'The ids'), force: S.flag() },
      required: ['DATA'],
      response: S.object({ deleted: S.integer() }, ['deleted']),
    },
    audit: {
      ...base,
      summary: `Audit trail of a ${title}`,
      query: id,
      required: ['id'],
      response: S.list(
        S.object({
          id: S.uuid(),
          action: S.string(),
          at: S.dateTime(),
          user: S.nullable(S.object({ id: S.uuid(), username: S.string(), full_name: S.string() })),
          changes: S.list(S.object({ field: S.string(), old: S.any(), new: S.any() })),
        }),
      ),
    },
    transition: (tr: TransitionDef): RouteSchema => ({
      ...base,
      summary: `${pickLabel(tr.label, 'en')} a ${title}`,
      description: statusNote(def, tr),
      body: { DATA: S.object({ id: S.uuid(), version: S.integer() }, ['id', 'version']) },
      required: ['DATA'],
      response: ref(names.read),
    }),
    export: {
      ...base,
      summary: `Export ${title} rows as a workbook`,
      query: { q: FILTER, p: S.paging() },
      produces: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    },
    importTemplate: {
      ...base,
      summary: `The import workbook of ${title}`,
      produces: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    },
    import: {
      ...base,
      summary: `Import ${title} rows from a workbook`,
      description: 'All or nothing: a workbook with refused rows saves none and answers 11000 with the id of a report workbook (import-report).',
      ...upload,
      response: S.map(),
    },
    exportJob: {
      ...jobBase,
      summary: `Export ${title} rows in the background`,
      description: 'Answers the job at once; socket.io event `transfer-job` follows its progress; utilsapi/transfer-jobs/download gives the workbook.',
      body: { q: FILTER, p: S.paging() },
    },
    importJob: {
      ...jobBase,
      summary: `Import ${title} rows from a workbook in the background`,
      description: 'The same upload as import, answered at once with the job; a refused import\'s report is the job\'s download.',
      ...upload,
    },
    importReport: {
      ...base,
      summary: `The report of an earlier ${title} import`,
      query: id,
      required: ['id'],
      produces: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    },
  } satisfies Record<string, RouteSchema | ((tr: TransitionDef) => RouteSchema)>;
}

/** The schema of an area's own route taking one of an entity's transitions (same wire shape as the engine's). */
export const transitionSchema = (def: EntityDef, tr: TransitionDef, fields: Record<string, JsonSchema> = {}): RouteSchema => {
  const schema = entityRouteSchemas(def).transition(tr);
  if (!Object.keys(fields).length) return schema;
  return { ...schema, body: { DATA: S.object({ id: S.uuid(), version: S.integer(), ...fields }, ['id', 'version']) } };
};

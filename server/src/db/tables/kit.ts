// Everything an area needs to declare its own tables (imported as '@seamline/server/tables', so
// areas do not depend on where npm put drizzle-orm). Re-export new tables from db/schema.ts.
export * from 'drizzle-orm/pg-core';
export { auditColumns, id, timestampTz, version } from './columns';
export { businessColumns, clientId } from './tenancy';
// Column defaults written as SQL (e.g. an empty text[]: sql`'{}'::text[]`).
export { sql } from 'drizzle-orm';
// Tables built from entity definitions, and the platform tables an area's tables refer to. Area
// schema files import only this door: '@seamline/server/api' re-exports the whole schema, so a
// schema file importing it would close a cycle and see its exports before they are defined.
export { tablesOf } from '../../engine/entityTables';
export { appUser, client } from './tenancy';
export { authSession } from './session';

// The dynamic-form area's tables (re-exported from server/src/db/schema.ts). Every one is a tenant
// table with row-level security (migration *_forms_rls.sql).
import { businessColumns, index, integer, jsonb, pgTable, text, unique, uuid, varchar } from '@seamline/server/tables';

/** A designed form: its fields are the designer's JSON (core DesignedField[]). */
export const dynamicForm = pgTable(
  'dynamic_form',
  {
    ...businessColumns(),
    code: varchar('code', { length: 60 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    nameZh: varchar('name_zh', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').notNull().default([]),
  },
  (t) => [unique('dynamic_form_client_code_uq').on(t.clientId, t.code)],
);

/** A form bound to a business context: PROJECT_TYPE / FLOW_NODE / ENTITY plus its key. One form per context. */
export const dynamicFormScenario = pgTable(
  'dynamic_form_scenario',
  {
    ...businessColumns(),
    formId: uuid('form_id')
      .notNull()
      .references(() => dynamicForm.id),
    contextType: varchar('context_type', { length: 20 }).notNull(),
    contextKey: varchar('context_key', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [
    unique('dynamic_form_scenario_context_uq').on(t.clientId, t.contextType, t.contextKey),
    index('dynamic_form_scenario_form_idx').on(t.formId),
  ],
);

/** The values filled in a form for one record of an entity (checked against the form on save). */
export const dynamicFormValue = pgTable(
  'dynamic_form_value',
  {
    ...businessColumns(),
    formId: uuid('form_id')
      .notNull()
      .references(() => dynamicForm.id),
    entity: varchar('entity', { length: 100 }).notNull(),
    recordId: varchar('record_id', { length: 100 }).notNull(),
    /** The form's version the values were checked against. */
    formVersion: integer('form_version').notNull(),
    values: jsonb('values').notNull(),
  },
  (t) => [
    unique('dynamic_form_value_record_uq').on(t.clientId, t.formId, t.entity, t.recordId),
    index('dynamic_form_value_record_idx').on(t.clientId, t.entity, t.recordId),
    index('dynamic_form_value_values_idx').using('gin', t.values),
  ],
);

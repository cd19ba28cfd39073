// The system area's own tables: list layouts per page (a company template and each user's own,
// spec §7 'personal UI config') and the platform-wide settings only the super admin edits.
import { businessColumns, jsonb, pgTable, sql, text, timestampTz, uniqueIndex, uuid } from '@seamline/server/tables';
import { appUser } from '@seamline/server/tables';

/** A page's list layout: `user_id` null is the company template, else that user's own. */
export const uiConfig = pgTable(
  'ui_config',
  {
    ...businessColumns(),
    userId: uuid('user_id').references(() => appUser.id),
    /** The list's route path, e.g. '/md/index/vendor'. */
    pageKey: text('page_key').notNull(),
    /** {columns: [{key, width?, hidden?}]} in display order. */
    config: jsonb('config').notNull().default({}),
  },
  (t) => [uniqueIndex('ui_config_page_uq').on(t.clientId, t.pageKey, sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`)],
);

/** Platform-wide settings (not a tenant table): key → JSON value, edited by the super admin. */
export const platformSetting = pgTable('platform_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull().default({}),
  updatedBy: uuid('updated_by'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

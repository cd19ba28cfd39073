// Personal settings of a user inside one company (favourite menus, platform, layouts).
import { jsonb, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { appUser, businessColumns } from './tenancy';

export type UserSettings = Record<string, unknown>;

export const userSetting = pgTable(
  'user_setting',
  {
    ...businessColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    settings: jsonb('settings').$type<UserSettings>().notNull().default({}),
  },
  (t) => [unique('user_setting_client_user_uq').on(t.clientId, t.userId)],
);

// The global menu catalogue, which menus each company has switched on, roles and what they open.
import { foreignKey, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns';
import { appUser, businessColumns, clientId } from './tenancy';

/** One catalogue for the platform; companies enable entries through client_menu. */
export const menu = pgTable(
  'menu',
  {
    id: id(),
    code: text('code').notNull().unique(),
    category: text('category').notNull(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    url: text('url').notNull(),
    icon: text('icon').notNull().default(''),
    seq: integer('seq').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('menu_category_idx').on(t.category, t.seq)],
);

export const clientMenu = pgTable(
  'client_menu',
  {
    clientId: clientId(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menu.id),
    /** The company's own position inside the category; null keeps the catalogue's. */
    seq: integer('seq'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.menuId] })],
);

export const role = pgTable(
  'role',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  // (client_id, id) is a key so link rows can reference a role *of the same company*.
  (t) => [unique('role_client_code_uq').on(t.clientId, t.code), unique('role_client_id_uq').on(t.clientId, t.id)],
);

export const userRole = pgTable(
  'user_role',
  {
    clientId: clientId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    roleId: uuid('role_id').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    foreignKey({ name: 'user_role_role_fk', columns: [t.clientId, t.roleId], foreignColumns: [role.clientId, role.id] }),
    index('user_role_client_user_idx').on(t.clientId, t.userId),
  ],
);

export const roleMenu = pgTable(
  'role_menu',
  {
    clientId: clientId(),
    roleId: uuid('role_id').notNull(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menu.id),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.menuId] }),
    foreignKey({ name: 'role_menu_role_fk', columns: [t.clientId, t.roleId], foreignColumns: [role.clientId, role.id] }),
  ],
);

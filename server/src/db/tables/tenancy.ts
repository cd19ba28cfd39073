// Companies (tenants), users and who belongs where. Users are global (one login for every
// company they belong to); membership rows carry the tenant.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, timestampTz, version } from './columns';

export const CLIENT_TYPES = ['BRAND', 'GARMENT_SUPPLIER', 'FABRIC_SUPPLIER', 'TRIM_SUPPLIER', 'FACTORY', 'INSPECTION_COMPANY'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const USER_TYPES = ['COMMON', 'ADMIN', 'INVITED', 'GUEST', 'UNASSIGNED', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['ACTIVE', 'FROZEN'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A company on the platform: the tenant every business row belongs to. */
export const client = pgTable('client', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  type: text('type').$type<ClientType>().notNull(),
  /** What the company does on the platform, e.g. {SUPPLIER,FACTORY}; a type alone is too coarse. */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  industry: text('industry'),
  licenseType: text('license_type').notNull().default('STANDARD'),
  scale: text('scale'),
  currency: text('currency').notNull().default('CNY'),
  language: text('language').notNull().default('zh'),
  contactPhone: text('contact_phone'),
  contactMobile: text('contact_mobile'),
  status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
  version: version(),
  ...auditColumns(),
});

/** The tenant column, with its foreign key. Row-level security policies key on it. */
export const clientId = () =>
  uuid('client_id')
    .notNull()
    .references(() => client.id);

/** id, client_id, version and the audit columns: what every tenant-owned document has. */
export const businessColumns = () => ({ id: id(), clientId: clientId(), version: version(), ...auditColumns() });

export const appUser = pgTable(
  'app_user',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    title: text('title'),
    mobile: text('mobile'),
    phone: text('phone'),
    languageCode: text('language_code'),
    avatar: text('avatar'),
    wxId: text('wx_id'),
    qywxId: text('qywx_id'),
    ddId: text('dd_id'),
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    lastLoginTime: timestampTz('last_login_time'),
    lastLoginIp: text('last_login_ip'),
    version: version(),
    ...auditColumns(),
  },
  (t) => [
    // Usernames are global and compared case-insensitively, so 'Brand.Admin' is 'brand.admin'.
    uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`),
  ],
);

/** Membership of a user in a company, with the user's type there. */
export const userClient = pgTable(
  'user_client',
  {
    ...businessColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    userType: text('user_type').$type<UserType>().notNull().default('COMMON'),
    /** The company a login lands in. */
    isDefault: boolean('is_default').notNull().default(false),
    /** FROZEN: the company administrator froze this membership; the account still works elsewhere. */
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
  },
  (t) => [unique('user_client_user_client_uq').on(t.userId, t.clientId), index('user_client_client_idx').on(t.clientId)],
);

/** Platforms a user can switch between (spec §4 'platform switch'). */
export const platform = pgTable('platform', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  seq: integer('seq').notNull().default(0),
});

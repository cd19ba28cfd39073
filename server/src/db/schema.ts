// The whole database schema (drizzle-kit reads this file). Area tables are re-exported here too.
export * from './tables/tenancy';
export * from './tables/menus';
export * from './tables/settings';
export * from './tables/session';

// The whole database schema (drizzle-kit reads this file). Area tables are re-exported here too:
// this file is one of the engine's composition roots (docs/architecture.md 'Doors'), the list of
// every table the versioned migrations are generated from, as server/src/areas.ts is the list of
// areas. Nothing else in the engine imports an area's schema.
export * from './tables/tenancy';
export * from './tables/menus';
export * from './tables/settings';
export * from './tables/session';
// Mail (outbox and record of sent mail) and the account lifecycle's platform tables.
export * from '../mail/tables';
export * from '../../../areas/access/server/schema';
export * from '../../../areas/access/server/sessionSchema';
// The metadata engine's platform tables (serial numbers, data rules, audit trail).
export * from '../engine/platformTables';
export * from '../engine/transfer/tables';
// The inbox notify() writes (realtime/notify.ts).
export * from '../realtime/tables';
// Entity tables built from the areas' definitions.
export * from '../../../areas/masterdata/server/schema';
export * from '../../../areas/system/server/schema';
export * from '../../../areas/collab/server/schema';
export * from '../../../areas/ticket/server/schema';
export * from '../../../areas/discovery/server/schema';
export * from '../../../areas/forms/server/schema';
export * from '../../../areas/flow/server/schema';
export * from '../../../areas/srm/server/schema';
export * from '../../../areas/orders/server/schema';
export * from '../../../areas/capacity/server/schema';
export * from '../../../areas/outapi/server/schema';
export * from '../../../areas/development/server/schema';
export * from '../../../areas/esign/server/schema';
export * from '../../../areas/shipping/server/schema';
export * from '../../../areas/quality/server/schema';
export * from '../../../areas/finance/server/schema';

// The metadata engine's server half: one definition drives table, API, validation, permissions,
// data authorization, serial numbers and the audit trail. docs/server.md 'Engine' explains it.
export { engineArea, definitions, menuCodes } from './area';
export { canRead, canTransition, canWrite, loadActor, type Actor } from './actor';
export { columnKinds, ruleSql, rulesSql, type ColumnKind } from './dataRules';
export type { EntityHooks, HookDocument, Usage } from './hooks';
export { CONFIRM, ConfirmFirst, IN_USE, InUseError, MAX_USAGES, refuseInUse, treeChildren, usageHooks, type UsageFinder } from './inUse';
export { dictionaryOptions, dictionaryTypes, type DictionaryOption } from './dictionary';
export { attachLabels, loadChildren, loadRows, readDocument, visibleWhere, type ReadContext } from './documents';
export { childTableName, entityTables, fieldColumn, tablesOf, type AnyTable, type EntityTables } from './entityTables';
export { engineMessages } from './messages';
export { pageList, parseFilters, parsePage, MAX_PAGE_SIZE, TOTAL_CAP, type PageResult } from './pageList';
export { auditLog, dataRule, serialNumberConfig, serialNumberCounter } from './platformTables';
export { referenceTarget } from './references';
export {
  auditTrail,
  deleteDocuments,
  readContext,
  registerEntities,
  saveContext,
  transition,
  type AuditEntry,
  type EntityModule,
} from './register';
export {
  knownRegistrations,
  menuUrlsOf,
  registryOf,
  Registry,
  type DictionarySource,
  type Registered,
  type RegisterOptions,
} from './registry';
export { DocumentsInvalid, saveDocuments, uniqueViolation, type SavedDocument, type SaveContext } from './save';
export { allocateSerials, formatDatePattern, formatSerial, serialConfig, type SerialConfig } from './serial';

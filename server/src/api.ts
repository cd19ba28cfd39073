// The engine's surface for areas' server code ('@seamline/server/api'). Areas import from here,
// never from drizzle-orm directly, and never from app.ts/areas.ts (that would be a cycle).
export { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, or, sql } from 'drizzle-orm';
export type { Area, RunningWorker } from './area';
export { defineArea } from './area';
export type { Session } from './auth/session';
export { findLiveSession } from './auth/session';
export { epochSeconds, hashToken, newToken, secondsFrom } from './auth/tokens';
// Session revocation on every node (docs/security.md 'Sessions and sockets').
export {
  busGeneration, membershipChanged, menusChanged, onSessionBus, sessionMatcher, sessionsEnded, sessionsRenewed, stateChanged, type BusEvent, type SessionTarget,
} from './auth/sessionBus';
export type { Body } from './body';
export { dataList, dataObject, stringField } from './body';
export type { Config } from './config';
export type { Db, Tx } from './db';
export { isUuid } from './db';
export * from './db/schema';
export * from './errors';
// Request parameters refused with 400 in the user's language (docs/security.md 'Hostile input').
export { intParam, MAX_PAGE, missingParam, pageParams, pagingOf, parseJsonText, requiredParam, stringParam, uuidParam, type Paging } from './input';
export type { Catalogues } from './i18n';
export type { Api, AuthedContext, Handler, RouteContext } from './routes';
export { JsonText } from './envelope';
export {
  actingMembers, cachedForViewer, isAdminOnlyMenu, isSuperAdminMenu, menuCodesOf, openedByRoles, opensAnyMenu, seesAllMenus, viewerMenuCodes, viewerOpensAnyMenu, type MenuViewer,
} from './menuAccess';
// Live notifications, group rooms and the workbench's counters (docs/collaboration.md).
export {
  emitToGroup, joinGroup, leaveGroup, notify, registerGroupSource, registerWorkCounter, GROUP_ADD, GROUP_REMOVE,
  MESSAGE_EVENT, NOTIFY_TYPES,
} from './realtime';
export type { GroupSource, NotificationInput, NotificationMessage, NotificationSender, NotifyType, WorkCounter } from './realtime';
// The metadata engine an area builds on (docs/server.md 'Engine'): registration, actors and
// permissions, reading and saving documents, hooks, in-use checks, serial numbers.
export {
  attachLabels, auditLog, canRead, canTransition, canWrite, ConfirmFirst, dataRule, dictionaryOptions, DocumentsInvalid, formatDatePattern, formatSerial, loadActor,
  loadRows, MAX_USAGES, menuCodes, parseFilters, readContext, readDocument, referenceTarget, registerEntities, Registry, registryOf, saveContext,
  saveDocuments, serialNumberConfig, tablesOf, transition, treeChildren, usageHooks, visibleWhere,
  type Actor, type EntityHooks, type HookDocument, type Registered, type RegisterOptions, type SaveContext, type UsageFinder,
} from './engine';
export type { FlowNodeStatus } from './engine/hooks';
export type { Row } from './engine/values';
export { onCommit } from './db/db';
// The durable job queue (pg-boss on PostgreSQL, a job table on PGlite; docs/jobs.md).
export { backoffMs, BossQueue, TableQueue, type JobData, type JobHandler, type JobQueue, type Outcome, type QueueSettings } from './jobs/queue';
export { expectedVersion, recordId, sqlRows } from './records';
export { registerMessages } from './i18n';
// Files: storage, import/export settings, workbooks written and sent (docs/server.md 'Import and export').
export { attachmentKey, attachmentStorage } from './storage';
export { FolderStorage, loadTransferConfig, registerSharedFiles, type FileStorage, type SharedFileCheck } from './engine/transfer';
export { safeCell } from './engine/transfer/cells';
export { optionLabels } from './engine/transfer/lookups';
export { attachment, sendPath } from './engine/transfer/reply';
export { addSheet, openWriter, removeScratch, scratchFile, XLSX_TYPE } from './engine/transfer/xlsx';
// Mail: the outbox and sending (docs/accounts.md).
export { MAIL_STATUSES, mailOutbox, pageOutbox, sendMail, type Mail } from './mail';
// The realtime hub's rooms and the transaction hook that emits after commit.
// Business events between areas (issue 27): an area emits, others listen, in the same transaction.
export { emitBusinessEvent, onBusinessEvent, type BusinessEvent, type BusinessEventListener } from './events';
export { afterCommit, clientRoom, getHub, groupRoom, toMessage, userRoom, workCounters } from './realtime';
// Route schemas for the OpenAPI document (RouteOptions.schema; docs/openapi.md) and webhooks.
export { OK_FLAG, R, ref, S, type JsonSchema, type RouteSchema } from './openapi/shapes';
export { describeWebhooks, type Webhook } from './openapi/document';
export { transitionSchema } from './openapi/entities';

// The engine's surface for areas' server code ('@seamline/server/api'). Areas import from here,
// never from drizzle-orm directly, and never from app.ts/areas.ts (that would be a cycle).
export { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, or, sql } from 'drizzle-orm';
export type { Area } from './area';
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
export { intParam, parseJsonText, requiredParam, stringParam, uuidParam } from './input';
export type { Catalogues } from './i18n';
export type { Api, AuthedContext, Handler, RouteContext } from './routes';
export { JsonText } from './envelope';
export {
  cachedForViewer, isSuperAdminMenu, menuCodesOf, openedByRoles, opensAnyMenu, seesAllMenus, viewerMenuCodes, viewerOpensAnyMenu, type MenuViewer,
} from './menuAccess';
// Live notifications, group rooms and the workbench's counters (docs/collaboration.md).
export {
  emitToGroup, joinGroup, leaveGroup, notify, registerGroupSource, registerWorkCounter, GROUP_ADD, GROUP_REMOVE,
  MESSAGE_EVENT, NOTIFY_TYPES,
} from './realtime';
export type { GroupSource, NotificationInput, NotificationMessage, NotificationSender, NotifyType, WorkCounter } from './realtime';

// Live notifications: socket.io server, notify(), group rooms, control-tower counters.
export { attachRealtime, SOCKET_PATH } from './socket';
export { notify, MESSAGE_EVENT, type NotificationInput, type NotificationSender } from './notify';
export { NOTIFY_TYPES, toMessage, type NotificationMessage, type NotifyType } from './message';
export { registerWorkCounter, workCounters, type WorkCounter } from './counters';
export { emitToGroup, GROUP_ADD, GROUP_REMOVE, joinGroup, leaveGroup, registerGroupSource, groupsOf, type GroupSource } from './groups';
export { getHub, userRoom, clientRoom, groupRoom } from './hub';
export { afterCommit } from './afterCommit';

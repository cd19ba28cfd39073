// Endpoints of the collaboration area (docs/collaboration.md).
const NOTIFY = 'utilsapi/notifyapi/notify-msg';
const ANNOUNCE = 'utilsapi/notifyapi/announcement';
const ATTACH = 'utilsapi/collabapi/attachment';

export const inbox = `${NOTIFY}/index`;
export const menuUnreadSum = `${NOTIFY}/menu-unread-sum`;
export const readMsg = `${NOTIFY}/read-msg`;
export const myTaskList = `${NOTIFY}/my-task-list`;
export const pageTaskList = `${NOTIFY}/page-task-list`;
export const taskView = `${NOTIFY}/task-view`;
export const taskSave = `${NOTIFY}/task-save`;
export const taskChangeStatus = `${NOTIFY}/task-change-status`;
export const taskRemove = `${NOTIFY}/task-remove`;
export const announcementList = `${ANNOUNCE}/page-list`;
export const announcementView = `${ANNOUNCE}/view`;
export const announcementPublish = `${ANNOUNCE}/publish`;
export const announcementConfirm = `${ANNOUNCE}/confirm-read`;
export const announcementReadStatus = `${ANNOUNCE}/read-status`;
export const attachmentList = `${ATTACH}/list`;
export const attachmentRules = `${ATTACH}/rules`;
export const attachmentUpload = `${ATTACH}/upload`;
export const attachmentNote = `${ATTACH}/note`;
export const attachmentRemove = `${ATTACH}/remove`;
export const attachmentDownload = `${ATTACH}/download`;
export const controlTower = 'utilsapi/workspace/control-tower';
export const userOptions = 'utilsapi/users/options';

/** Every collaboration query key starts with this, so one invalidation refreshes them all. */
export const COLLAB_KEYS = [inbox, menuUnreadSum, myTaskList, pageTaskList, taskView, announcementList, announcementView, announcementReadStatus, controlTower];

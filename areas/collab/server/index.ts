// The collaboration area's server part: inbox and unread counts, tasks, announcements,
// attachments and notes, the workbench's control tower (docs/collaboration.md). The socket.io
// server and notify() live in server/src/realtime (every area sends through them).
import { defineArea, type Api } from '@seamline/server/api';
import { collabMessages } from '../meta/messages';
import { announcementRoutes } from './announcements';
import { attachmentRoutes } from './attachments';
import { inboxRoutes } from './inbox';
import { taskRoutes } from './tasks';
import { workspaceRoutes } from './workspace';

export { registerAttachmentOwner } from './attachments';
export { menuUnread, unreadSummary } from './inbox';

export const collabArea = defineArea({
  name: 'collab',
  messages: collabMessages,
  routes: (api: Api) => {
    inboxRoutes(api);
    taskRoutes(api);
    announcementRoutes(api);
    attachmentRoutes(api);
    workspaceRoutes(api);
  },
});

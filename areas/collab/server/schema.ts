// Collaboration tables: notifications (one row per recipient), tasks, announcements with read
// confirmation, and attachments/notes on any document. All are tenant tables (RLS, migration
// collab_rls); notify_msg additionally lets a company insert a message into another company's
// inbox as long as the message says it comes from the inserting company (policy notify_msg_send).
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import {
  businessColumns, clientId, date, id, index, integer, pgTable, text, timestampTz, unique, uniqueIndex, uuid,
} from '../../../server/src/db/tables/kit';
import { appUser, client } from '../../../server/src/db/tables/tenancy';

/** An inbox message of spec §3 'Notification message'; client_id/user_id are the recipient's. */
export const notifyMsg = pgTable(
  'notify_msg',
  {
    id: id(),
    clientId: clientId(),
    userId: uuid('user_id').notNull().references(() => appUser.id),
    type: text('type').notNull(),
    fromClientId: uuid('from_client_id').notNull().references(() => client.id),
    fromUserId: uuid('from_user_id'),
    // Names are copied when the message is sent: the inbox shows who sent it as they were then,
    // and the recipient's tenant cannot read the sender's memberships anyway.
    fromClientName: text('from_client_name').notNull().default(''),
    fromOrgName: text('from_org_name').notNull().default(''),
    fromUserFullname: text('from_user_fullname').notNull().default(''),
    postUserAvatar: text('post_user_avatar').notNull().default(''),
    toClientName: text('to_client_name').notNull().default(''),
    module: text('module').notNull(),
    functionSubarea: text('function_subarea'),
    relatedKey: text('related_key'),
    contentEn: text('content_en').notNull(),
    contentZh: text('content_zh').notNull(),
    url: text('url'),
    menuId: text('menu_id'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    readAt: timestampTz('read_at'),
    // Shared by every row of one notify() call (rows from before it have none): the message's id on
    // the wire, so one encoded push serves all recipients (issue 12, fan-out) and each recipient
    // marks their own row read by it. At most one row per user and batch.
    batch: uuid('batch'),
  },
  (t) => [
    index('notify_msg_inbox_idx').on(t.clientId, t.userId, t.createdAt),
    index('notify_msg_unread_idx').on(t.clientId, t.userId, t.readAt),
    uniqueIndex('notify_msg_batch_uq').on(t.userId, t.batch),
  ],
);

/** A to-do of spec §3 'Task': status 10 in progress, 30 done. */
export const collabTask = pgTable(
  'collab_task',
  {
    ...businessColumns(),
    subject: text('subject').notNull(),
    description: text('description'),
    dueDate: date('due_date'),
    priority: text('priority').notNull().default('MEDIUM'),
    status: integer('status').notNull().default(10),
  },
  (t) => [index('collab_task_client_idx').on(t.clientId, t.status, t.dueDate)],
);

export const collabTaskParticipant = pgTable(
  'collab_task_participant',
  {
    id: id(),
    clientId: clientId(),
    taskId: uuid('task_id').notNull().references(() => collabTask.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => appUser.id),
  },
  (t) => [unique('collab_task_participant_uq').on(t.taskId, t.userId), index('collab_task_participant_user_idx').on(t.clientId, t.userId)],
);

/** A company announcement; each user confirms reading it (collab_announcement_read). */
export const collabAnnouncement = pgTable(
  'collab_announcement',
  {
    ...businessColumns(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestampTz('published_at').notNull().defaultNow(),
  },
  (t) => [index('collab_announcement_client_idx').on(t.clientId, t.publishedAt)],
);

export const collabAnnouncementRead = pgTable(
  'collab_announcement_read',
  {
    id: id(),
    clientId: clientId(),
    announcementId: uuid('announcement_id').notNull().references(() => collabAnnouncement.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => appUser.id),
    readAt: timestampTz('read_at').notNull().defaultNow(),
  },
  (t) => [unique('collab_announcement_read_uq').on(t.announcementId, t.userId)],
);

/** A file or a note attached to any document (entity name + record id). */
export const collabAttachment = pgTable(
  'collab_attachment',
  {
    id: id(),
    clientId: clientId(),
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    kind: text('kind').$type<'FILE' | 'NOTE'>().notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    size: integer('size'),
    mime: text('mime'),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('collab_attachment_record_idx').on(t.clientId, t.entity, t.recordId, t.createdAt)],
);

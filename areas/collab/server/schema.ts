// Collaboration tables: tasks, announcements with read confirmation, and attachments/notes on any
// document. All are tenant tables (RLS, migration collab_rls). The inbox (notify_msg) is the
// engine's, written by notify() (server/src/realtime/tables.ts); this area serves it.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import { appUser, businessColumns, clientId, date, id, index, integer, pgTable, text, timestampTz, unique, uuid } from '@seamline/server/tables';

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

// The inbox notify() writes: one row per recipient (spec §3 'Notification message'), read and
// marked read through the collaboration area's endpoints. A tenant table (RLS, migration
// collab_rls); policy notify_msg_send also lets a company insert a message into another company's
// inbox as long as the message says it comes from the inserting company.
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestampTz } from '../db/tables/columns';
import { appUser, client, clientId } from '../db/tables/tenancy';

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

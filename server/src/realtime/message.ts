// A stored notify_msg row as the wire shape of spec §3 'Notification message' (inbox rows and
// socket pushes are the same object). Its msgid is the row's notify() batch when it has one: the
// same for every recipient, so one encoded push serves them all (issue 12), and unique per user.
import type { Lang, NotificationMessage } from '@seamline/core';
import type { notifyMsg } from './tables';

export { NOTIFY_TYPES, type NotificationMessage, type NotifyType } from '@seamline/core';

export function toMessage(row: typeof notifyMsg.$inferSelect, lang: Lang): NotificationMessage {
  return {
    msgid: row.batch ?? row.id,
    type: row.type,
    from_client_id: row.fromClientId,
    from_client_name: row.fromClientName,
    from_org_name: row.fromOrgName,
    from_user_fullname: row.fromUserFullname,
    to_client_id: row.clientId,
    to_client_name: row.toClientName,
    module: row.module,
    function_subarea: row.functionSubarea ?? '',
    related_key: row.relatedKey ?? '',
    content: lang === 'en' ? row.contentEn : row.contentZh,
    content_en: row.contentEn,
    content_zh: row.contentZh,
    url: row.url ?? '',
    time: new Date(row.createdAt).toISOString(),
    post_user_fullname: row.fromUserFullname,
    post_user_avatar: row.postUserAvatar,
    menu_id: row.menuId ?? '',
    read: row.readAt !== null,
  };
}

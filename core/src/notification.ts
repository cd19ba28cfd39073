// The wire shape of spec §3 'Notification message': what the inbox lists and the socket pushes,
// declared once for the server that builds it and the web that shows it.
export type NotifyType = 'APPR' | 'CONFIRM' | 'LINK' | 'MSG';
export const NOTIFY_TYPES: readonly NotifyType[] = ['APPR', 'CONFIRM', 'LINK', 'MSG'];

export interface NotificationMessage {
  msgid: string;
  type: string;
  from_client_id: string;
  from_client_name: string;
  from_org_name: string;
  from_user_fullname: string;
  to_client_id: string;
  to_client_name: string;
  module: string;
  function_subarea: string;
  related_key: string;
  /** In the recipient's language; both languages beside it so a language switch needs no reload. */
  content: string;
  content_en?: string;
  content_zh?: string;
  url: string;
  /** ISO time the message was sent. */
  time: string;
  post_user_fullname: string;
  post_user_avatar: string;
  menu_id: string;
  read?: boolean;
}

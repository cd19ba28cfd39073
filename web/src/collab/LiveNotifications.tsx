// Mounted once in the signed-in shell: keeps the notification socket open and shows each new
// message as a toast (NTF-05) — clicking it marks the message read and opens its url.
import { useEffect } from 'react';
import { App, Avatar, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '@seamline/core';
import { useSessionUser } from '../session/store';
import { onNotification, startLive, stopLive } from './live';
import { useMarkRead } from './MessageList';
import { TypeTag, useCollabRefresh } from './shared';

const TOAST_SECONDS = 6;

export function LiveNotifications() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionUser();
  const refresh = useCollabRefresh();
  const markRead = useMarkRead();
  const userId = user?.id;
  const clientId = user?.clientid;

  useEffect(() => {
    if (!userId || !clientId) return;
    const stop = startLive();
    return () => stop();
  }, [userId, clientId]);

  useEffect(
    () =>
      onNotification((msg) => {
        void refresh();
        notification.open({
          key: msg.msgid,
          duration: TOAST_SECONDS,
          placement: 'topRight',
          icon: (
            <Avatar size="small" src={avatarUrl(msg.post_user_avatar)} alt="">
              {msg.post_user_fullname.slice(0, 1)}
            </Avatar>
          ),
          message: (
            <Space size={6} data-testid="live-toast">
              <TypeTag type={msg.type} />
              <span>{t('collab.newMessage', { who: msg.post_user_fullname || msg.from_client_name })}</span>
            </Space>
          ),
          description: <Typography.Text data-testid="live-toast-content">{msg.content}</Typography.Text>,
          onClick: () => {
            notification.destroy(msg.msgid);
            void markRead({ msgid: msg.msgid }).then((ok) => {
              if (ok && msg.url) navigate(msg.url);
            });
          },
          style: { cursor: 'pointer' },
        });
      }),
    [notification, navigate, refresh, markRead, t],
  );

  useEffect(() => () => stopLive(), []);
  return null;
}
export default LiveNotifications;

// The inbox (NTF-03, NTF-09..12): newest first, paged, type tag, sender, avatar, content and
// relative time. Clicking a message marks it read and opens its url (NTF-04); a failed mark-read
// says 'mark-as-read failed' and the message stays unread (NTF-11).
import { useState } from 'react';
import { Avatar, Badge, Button, List, Space, Switch, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '@seamline/core';
import { api, toastError, useApiQuery } from '../api';
import { setUnreadTotal } from './live';
import * as paths from './paths';
import { EmptyOrFailed, RelativeTime, TypeTag, useCollabRefresh } from './shared';
import type { NotificationMessage } from './unread';

interface InboxPage {
  rows: NotificationMessage[];
  total: number;
  page: number;
  size: number;
  unread_total: number;
}

export function useMarkRead() {
  const { t } = useTranslation();
  const refresh = useCollabRefresh();
  return async (body: { msgid?: string; all?: '1' }): Promise<boolean> => {
    try {
      const res = await api.post<{ unread_total: number }>(paths.readMsg, body, { notify: false });
      setUnreadTotal(res.unread_total);
      await refresh();
      return true;
    } catch {
      toastError(t('common.markReadFailed'));
      return false;
    }
  };
}

export function MessageList({ pageSize = 10, compact = false, initialUnreadOnly = false }: { pageSize?: number; compact?: boolean; initialUnreadOnly?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(initialUnreadOnly);
  const markRead = useMarkRead();
  const query = useApiQuery<InboxPage>(paths.inbox, { page, size: pageSize, ...(unreadOnly ? { read: '0' } : {}) });
  const rows = query.data?.rows ?? [];

  const open = async (m: NotificationMessage) => {
    if (!m.read && !(await markRead({ msgid: m.msgid }))) return;
    if (m.url) navigate(m.url);
  };

  return (
    <div data-testid="inbox">
      {!compact && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Switch
            checked={unreadOnly}
            onChange={(v) => {
              setUnreadOnly(v);
              setPage(1);
            }}
            aria-label={t('collab.unreadOnly')}
          />
          <span>{t('collab.unreadOnly')}</span>
          <Button size="small" onClick={() => void markRead({ all: '1' })} disabled={!query.data?.unread_total} data-testid="mark-all-read">
            {t('collab.markAllRead')}
          </Button>
        </Space>
      )}
      <List
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: <EmptyOrFailed failed={query.isError} text={t('collab.noMessages')} /> }}
        pagination={
          compact || (query.data?.total ?? 0) <= pageSize
            ? false
            : { current: page, pageSize, total: query.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }
        }
        renderItem={(m) => (
          <List.Item
            key={m.msgid}
            data-testid="inbox-item"
            data-read={m.read ? '1' : '0'}
            actions={
              m.read || compact
                ? []
                : [
                    <Button key="read" type="link" size="small" data-testid="mark-read" onClick={() => void markRead({ msgid: m.msgid })}>
                      {t('collab.markRead')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={
                <Badge dot={!m.read} offset={[-2, 2]}>
                  <Avatar src={avatarUrl(m.post_user_avatar)} alt="">
                    {m.post_user_fullname.slice(0, 1)}
                  </Avatar>
                </Badge>
              }
              title={
                <Space size={6} wrap>
                  <TypeTag type={m.type} />
                  <Typography.Link
                    strong={!m.read}
                    onClick={() => void open(m)}
                    data-testid="inbox-open"
                    style={{ color: m.read ? undefined : 'inherit' }}
                  >
                    {m.content}
                  </Typography.Link>
                </Space>
              }
              description={
                <Space size={8} wrap>
                  <span data-testid="inbox-sender">{[m.post_user_fullname, m.from_client_name].filter(Boolean).join(' · ')}</span>
                  <RelativeTime time={m.time} />
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}

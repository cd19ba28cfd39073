// Small pieces the collaboration screens share: relative time (spec §9), the message type tag,
// refreshing every collaboration query, a list's empty text, the item a link opened, filters that
// start paging over.
import { useEffect, useState } from 'react';
import { Empty, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '@seamline/core';
import { useLang } from '../i18n';
import { COLLAB_KEYS } from './paths';
import { TYPE_COLOURS } from './unread';
import './messages';
import { formatDateTime } from '../i18n/dates';

/** 'now', '5 minutes ago', … re-rendered every minute. */
export function RelativeTime({ time }: { time: string }) {
  const lang = useLang();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Tooltip title={formatDateTime(time, lang)}>
      <time dateTime={time} data-testid="relative-time">
        {relativeTime(time, now, lang)}
      </time>
    </Tooltip>
  );
}

export function TypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLOURS[type] ?? 'default'} data-testid={`type-${type}`}>
      {t(`collab.type.${type}`, { defaultValue: type })}
    </Tag>
  );
}

export function useCollabRefresh() {
  const client = useQueryClient();
  return () => Promise.all(COLLAB_KEYS.map((key) => client.invalidateQueries({ queryKey: [key] })));
}

/** A collaboration list's empty text: there is nothing, or it could not be loaded. */
export function EmptyOrFailed({ failed, text }: { failed: boolean; text: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('common.loadingFailed') : text} />;
}

/** The item shown in the list's drawer: the one a link opened (`openId`), until the user opens another. */
export function useShownItem(openId?: string | null) {
  const [shown, setShown] = useState<string | null>(openId ?? null);
  useEffect(() => setShown(openId ?? null), [openId]);
  return [shown, setShown] as const;
}

/** A filter's change, then the first page (the old page may not exist under the new filter). */
export const thenFirstPage =
  <T,>(set: (value: T) => void, setPage: (page: number) => void) =>
  (value: T) => {
    set(value);
    setPage(1);
  };

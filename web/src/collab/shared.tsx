// Small pieces the collaboration screens share: relative time (spec §9), the message type tag,
// refreshing every collaboration query.
import { useEffect, useState } from 'react';
import { Tag, Tooltip } from 'antd';
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

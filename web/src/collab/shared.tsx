// Small pieces the collaboration screens share: relative time (spec §9), the message type tag,
// refreshing every collaboration query, a list's empty text, the item a link opened, filters that
// start paging over, the bar above a list, a modal form's OK.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Empty, Segmented, Space, Tag, Tooltip, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '@seamline/core';
import { FieldErrorsError } from '../api';
import { applyServerErrors } from '../form';
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

interface StateFilterProps<V extends string> {
  value: V | '';
  onChange: (value: V | '') => void;
  setPage: (page: number) => void;
  states: Array<{ value: V; label: string }>;
}

/** A list's state filter: All, then the list's own states; a choice starts over at the first page. */
function StateFilter<V extends string>({ value, onChange, setPage, states }: StateFilterProps<V>) {
  const { t } = useTranslation();
  return <Segmented value={value} onChange={thenFirstPage((v) => onChange(v as V | ''), setPage)} options={[{ value: '', label: t('collab.all') }, ...states]} />;
}

/** The bar above a collaboration list: its main action (for those who may take it), the state
 *  filter, then the list's other filters. */
export function ListBar<V extends string>({ action, filter, children }: {
  action?: { icon: ReactNode; label: string; onClick: () => void; testId: string };
  filter: StateFilterProps<V>;
  children?: ReactNode;
}) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {action && (
        <Button type="primary" icon={action.icon} onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      )}
      <StateFilter {...filter} />
      {children}
    </Space>
  );
}

/** A modal form's OK: validate first (nothing is sent while a field is wrong), then `send` while
 *  `saving`; the server's field errors go under their fields, any other failure to `otherwise`. */
export function useModalSubmit<V>(form: FormInstance<V>, send: (values: V) => Promise<void>, otherwise?: () => void) {
  const lang = useLang();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await send(values);
    } catch (err) {
      if (err instanceof FieldErrorsError) applyServerErrors(form, err.errors, lang);
      else otherwise?.();
    } finally {
      setSaving(false);
    }
  };
  return { saving, submit };
}

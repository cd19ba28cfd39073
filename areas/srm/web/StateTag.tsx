// A state of spec §4 as a coloured tag, in the user's language.
import { Tag } from 'antd';
import type { StatusValue } from '@seamline/core';
import { useTranslation, useLang } from '@seamline/web/engine';

const COLORS: Record<string, string> = {
  draft: 'default',
  posted: 'processing',
  submitted: 'processing',
  shortlisted: 'cyan',
  selected: 'success',
  unselected: 'warning',
  eliminated: 'error',
  closed: 'default',
  stopped: 'error',
};

/** kind: quotation 'posted' reads 'awaiting evaluation'; rfi 'shortlisted' reads '(approved)'. */
export function StateTag({ value, kind }: { value?: string | null; kind: 'invitation' | 'rfi' | 'quotation' }) {
  const { t } = useTranslation();
  if (!value) return <span>{t('state.none')}</span>;
  const key = kind === 'quotation' && value === 'posted' ? 'state.quotation.posted' : kind === 'rfi' && value === 'shortlisted' ? 'state.rfi.shortlisted' : `state.${value}`;
  return (
    <Tag color={COLORS[value] ?? 'default'} data-testid={`state-${kind}`} data-state={value}>
      {t(key)}
    </Tag>
  );
}

/** A project stage value with its definition label and colour. */
export function StageTag({ values, value, testId }: { values: StatusValue[]; value?: string | null; testId?: string }) {
  const lang = useLang();
  const v = values.find((x) => x.value === value);
  return (
    <Tag color={v?.color ?? 'default'} data-testid={testId} data-state={value ?? ''}>
      {v ? v.label[lang] : (value ?? '—')}
    </Tag>
  );
}

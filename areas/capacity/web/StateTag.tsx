// An allocation state (spec §4; capacity colours 0/10/20/30/40/100 of core CAPACITY_COLORS) or a
// version state as a coloured tag in the user's language.
import { Tag } from 'antd';
import type { StatusValue } from '@seamline/core';
import { useLang } from '@seamline/web/engine';
import { ALLOC_STATES, VERSION_STATES } from '../meta/fields';

export function StateTag({ value, kind = 'line' }: { value?: string | null; kind?: 'line' | 'version' }) {
  const lang = useLang();
  const values: StatusValue[] = kind === 'line' ? ALLOC_STATES : VERSION_STATES;
  const v = values.find((x) => x.value === value);
  return (
    <Tag color={v?.color ?? 'default'} data-testid={`cap-state-${kind}`} data-state={value ?? ''}>
      {v ? v.label[lang] : (value ?? '—')}
    </Tag>
  );
}

// A document's status as the coloured tag its definition declares (CON-24 colours per state).
import { Tag } from 'antd';
import type { EntityDef } from '@seamline/core';
import { useLang } from '@seamline/web/engine';

export function StatusTag({ def, value }: { def: EntityDef; value: unknown }) {
  const lang = useLang();
  const v = def.status?.values.find((x) => x.value === String(value ?? ''));
  if (!v) return <Tag>{String(value ?? '')}</Tag>;
  return (
    <Tag color={v.color} data-testid={`status-${v.value}`}>
      {lang === 'en' ? v.label.en : v.label.zh}
    </Tag>
  );
}

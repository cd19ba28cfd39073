// How a stored value reads (spec §3 displayfield) wherever it is shown, not edited: list cells,
// the print layout, descriptions. Texts come from core displayValue; status-like values are
// coloured tags (option colour, or core statusColor for the entity's status field).
import { useMemo } from 'react';
import { Image, Space, Tag, Typography } from 'antd';
import { displayValue, formatFieldNumber, type EntityDef, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';
import { useRefLabel } from '../data/refLabels';
import { referenceLabel, type Row } from '../data/source';
import { toDayjs, FORMATS } from './codec';
import { tagColor, useFieldOptions } from './options';

export interface FieldValueProps {
  field: FieldDef;
  value: unknown;
  /** The row the value belongs to: references read their label from it, quantities their unit. */
  row?: Row;
  /** For a child row: its document (a unit or currency given as 'parent.x'). */
  parent?: Row;
  /** The entity: its status field becomes a coloured tag. */
  def?: Pick<EntityDef, 'status'>;
  /** Lists: one line, small images. */
  compact?: boolean;
}

const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const isUrl = (v: unknown): v is string => typeof v === 'string' && /^(https?:\/\/|\/)/i.test(v);

export function FieldValue(props: FieldValueProps) {
  const { field, value, compact } = props;
  if (isEmpty(value)) return EMPTY;
  switch (field.type) {
    case 'select':
    case 'multiselect':
      return <ChoiceValue {...props} />;
    case 'reference':
      return <ReferenceValue {...props} />;
    case 'date':
    case 'datetime':
    case 'time': {
      const d = toDayjs(value, field.type);
      return <span className="sl-nowrap">{d ? d.format(FORMATS[field.type]) : String(value)}</span>;
    }
    case 'image':
      return isUrl(value) ? (
        <Image src={value} width={compact ? 32 : 96} height={compact ? 32 : 96} style={{ objectFit: 'cover' }} alt={field.name} />
      ) : (
        <span>{String(value)}</span>
      );
    case 'file':
      return isUrl(value) ? (
        <Typography.Link href={value} target="_blank" rel="noreferrer" ellipsis>
          {decodeURIComponent(value.split('/').pop() || value)}
        </Typography.Link>
      ) : (
        <span>{String(value)}</span>
      );
    case 'json': {
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, compact ? 0 : 2);
      return compact ? <Typography.Text code ellipsis>{text}</Typography.Text> : <pre className="sl-json-value">{text}</pre>;
    }
    case 'text':
      return compact ? <Typography.Text ellipsis>{String(value)}</Typography.Text> : <span className="sl-pre-wrap">{String(value)}</span>;
    default:
      return <PlainValue {...props} />;
  }
}

function PlainValue({ field, value, row, parent }: FieldValueProps) {
  const lang = useLang();
  // A quantity in its unit, an amount with its currency (issue 30); other values as they read.
  const number = formatFieldNumber(field, value, row, parent, lang);
  if (number !== null) return <span className="sl-nowrap sl-number">{number}</span>;
  return <span>{displayValue(field, value, undefined, lang)}</span>;
}

function ChoiceValue({ field, value, def, compact }: FieldValueProps) {
  const lang = useLang();
  const { options } = useFieldOptions(field);
  const lookup = useMemo(() => Object.fromEntries(options.map((o) => [o.value, o.label])), [options]);
  const values = (Array.isArray(value) ? value : [value]).map(String);
  const colored = values.map((v) => ({ v, color: tagColor(field, v, def, options) }));
  if (colored.some((c) => c.color)) {
    return (
      <Space size={[0, 4]} wrap={!compact}>
        {colored.map(({ v, color }) => (
          <Tag key={v} color={color} data-status={v}>
            {displayValue(field, v, lookup, lang)}
          </Tag>
        ))}
      </Space>
    );
  }
  return <span>{displayValue(field, value, lookup, lang)}</span>;
}

function ReferenceValue({ field, value, row }: FieldValueProps) {
  const known = useRefLabel(field.ref?.entity, value);
  return <span>{referenceLabel(row, field.name) ?? known ?? String(value)}</span>;
}

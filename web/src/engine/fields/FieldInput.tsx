// The antd control of one field type (edit mode). Form.Item hands it value/onChange already
// translated by codec.ts; disabled covers read-only routes, disabledWhen and role gates alike.
import { Button, DatePicker, Image, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useState, type KeyboardEvent } from 'react';
import { quantityText, type EntityDef, type FieldDef } from '@seamline/core';
import { FORMATS } from './codec';
import { dictionaryType, useFieldOptions } from './options';
import { ReferenceInput, type ReferenceInputProps } from './ReferenceInput';
import { fileSrc } from '../../transfer/api';
import { storedToken } from '../../session/storage';
import { ImageUpload } from './ImageUpload';

export interface FieldInputProps extends ReferenceInputProps {
  /** The entity (or, for child rows, the parent entity): status colours, pickers. */
  def?: Pick<EntityDef, 'status'>;
  /**
   * A decimal's unit after the number ('pcs') or currency symbol before it ('¥'), inside the box;
   * `unit` is the quantity's unit code (the number then reads as the unit allows while not edited).
   */
  affix?: { text: string; before?: boolean; unit?: string };
}

const FULL = { width: '100%' } as const;
const isUrl = (v: unknown): v is string => typeof v === 'string' && /^(https?:\/\/|\/)/i.test(v);

/** Enter in a picker confirms the typed date; it must not also submit the half-filled form. */
const keepEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};

export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, id, disabled, size } = props;
  const { t } = useTranslation();
  const common = { id, disabled, size, 'aria-label': props['aria-label'] };
  switch (field.type) {
    case 'text':
      return (
        <Input.TextArea
          {...common}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={field.maxLength}
          showCount={!!field.maxLength && !disabled}
        />
      );
    case 'json':
      return (
        <Input.TextArea
          {...common}
          className="sl-json-input"
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          spellCheck={false}
        />
      );
    case 'integer':
      return <InputNumber {...common} style={FULL} value={value as number | null} onChange={(v) => onChange?.(v)} step={1} />;
    case 'decimal':
      return <DecimalInput {...props} />;
    case 'boolean':
      return <Switch {...common} size={size === 'small' ? 'small' : 'default'} checked={value === true} onChange={(v) => onChange?.(v)} />;
    case 'date':
      return <DatePicker {...common} style={FULL} format={FORMATS.date} value={value as never} onChange={(v) => onChange?.(v)} onKeyDown={keepEnter} />;
    case 'datetime':
      return (
        <DatePicker {...common} style={FULL} showTime format={FORMATS.datetime} value={value as never} onChange={(v) => onChange?.(v)} onKeyDown={keepEnter} />
      );
    case 'time':
      return <TimePicker {...common} style={FULL} format={FORMATS.time} value={value as never} onChange={(v) => onChange?.(v)} onKeyDown={keepEnter} />;
    case 'select':
    case 'multiselect':
      return <ChoiceInput {...props} />;
    case 'reference':
      return <ReferenceInput {...common} field={field} value={value} onChange={onChange} />;
    case 'image':
    case 'file':
      return (
        <Space.Compact style={FULL}>
          {field.type === 'image' && isUrl(value) && (
            <span className="sl-url-preview">
              <Image src={value.startsWith('/files/') ? fileSrc(value, storedToken()) : value} width={30} height={30} style={{ objectFit: 'cover' }} alt="" />
            </span>
          )}
          <Input
            {...common}
            value={(value as string) ?? ''}
            onChange={(e) => onChange?.(e.target.value)}
            placeholder={t('engine.field.urlPlaceholder')}
            allowClear={!disabled}
            prefix={field.type === 'file' ? <FileOutlined /> : undefined}
          />
          {field.type === 'image' && !disabled && <ImageUpload field={field} size={size} onUploaded={(url) => onChange?.(url)} />}
          {field.type === 'file' && isUrl(value) && (
            <Button href={value} target="_blank" rel="noreferrer" size={size}>
              {t('engine.field.open')}
            </Button>
          )}
        </Space.Compact>
      );
    case 'string':
    default:
      return (
        <Input
          {...common}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={field.maxLength}
          allowClear={!disabled}
        />
      );
  }
}

function ChoiceInput({ field, value, onChange, id, disabled, size, ...rest }: FieldInputProps) {
  const { t } = useTranslation();
  const { options, loading, failed } = useFieldOptions(field);
  // Typed values are kept when the field takes free tags, or when its dictionary type has no rows
  // yet (the server then accepts any value too).
  const typed = field.type === 'multiselect' && (field.freeEntry || (!!dictionaryType(field) && !loading && !failed && options.length === 0));
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      disabled={disabled}
      size={size}
      style={FULL}
      mode={typed ? 'tags' : field.type === 'multiselect' ? 'multiple' : undefined}
      tokenSeparators={typed ? [',', '，'] : undefined}
      value={(value ?? (field.type === 'multiselect' ? [] : undefined)) as never}
      onChange={(v) => onChange?.(v ?? null)}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      loading={loading}
      allowClear
      showSearch
      optionFilterProp="label"
      notFoundContent={failed ? t('common.loadingFailed') : undefined}
      placeholder={t(typed ? 'engine.field.chooseOrType' : 'engine.field.choose')}
    />
  );
}

/** The stored form of a decimal as the server writes it ('150.0000'). */
const WIRE_DECIMAL = /^-?\d+\.\d{4}$/;

/**
 * Exact text, never a float: '12.5000' stays as the server wrote it, and more places than allowed
 * are reported by validation instead of being rounded away. A quantity reads as its unit allows
 * while the box is not being edited (150 pieces: '150', not '150.0000'); the stored value is
 * unchanged until the user types.
 */
function DecimalInput(props: FieldInputProps) {
  const { value, onChange, id, disabled, size, affix } = props;
  const [editing, setEditing] = useState(false);
  const text = (value as string | null) ?? '';
  const shown = !editing && affix?.unit && WIRE_DECIMAL.test(text) ? quantityText(text, affix.unit) : text;
  return (
    <Input
      id={id}
      disabled={disabled}
      size={size}
      aria-label={props['aria-label']}
      className="sl-decimal-input"
      inputMode="decimal"
      value={shown}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      onChange={(e) => onChange?.(e.target.value.replace(/[,\s]/g, ''))}
      allowClear={!disabled}
      prefix={affix?.before ? <span className="sl-unit-affix">{affix.text}</span> : undefined}
      suffix={affix && !affix.before ? <span className="sl-unit-affix">{affix.text}</span> : undefined}
    />
  );
}

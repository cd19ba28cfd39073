// One field of an entity form: label in the user's language, required mark, hint, the control of
// its type, and a validator that reads core's verdict for exactly this path. Read-only fields show
// their value (a status as its coloured tag); disabled ones keep their control, greyed out.
import { useEffect, type ReactNode } from 'react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { amountSymbol, governingCode, pickLabel, unitLabel, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';
import { itemCodec } from '../fields/codec';
import { FieldInput } from '../fields/FieldInput';
import { FieldValue } from '../fields/FieldValue';
import { useEntityForm } from './formRuntime';
import { checkForm, errorsAt, type NamePath } from './validation';

export interface FieldItemProps {
  field: FieldDef;
  /** Path in the form store; a child cell is [child, index, field] (its Form.Item name is [index, field]). */
  path: NamePath;
  /** The Form.Item name; defaults to path (child cells inside Form.List pass [index, field]). */
  name?: NamePath;
  disabled: boolean;
  /** Child-table cells: no label, compact. */
  cell?: boolean;
  /** Replaces the control (e.g. the primary-flag radio). */
  control?: ReactNode;
}

export const isRequired = (field: FieldDef) => !!field.required || !!field.validators?.some((v) => v.type === 'required');

/** The validator of one path: core's messages for it, joined like the server's (spec §8). */
export function useCoreRule(path: NamePath): Rule {
  const { rt, form } = useEntityForm();
  return {
    validator: async () => {
      const messages = errorsAt(checkForm(rt, form.getFieldsValue(true)).errors, path);
      if (messages.length) throw new Error(messages.join(','));
    },
  };
}

/** A child cell's row and its document, or the document itself: where a unit or currency is read. */
function rowAt(values: Record<string, unknown>, path: NamePath): { row: Record<string, unknown>; parent?: Record<string, unknown> } {
  if (Array.isArray(path) && path.length === 3) {
    const rows = values[String(path[0])];
    const row = Array.isArray(rows) ? (rows[Number(path[1])] as Record<string, unknown> | undefined) : undefined;
    return { row: row ?? {}, parent: values };
  }
  return { row: values };
}

/** A read-only field inside Form.Item: shows the stored value as text or tag. */
function ShownValue({ field, value, path }: { field: FieldDef; value?: unknown; path: NamePath }) {
  const { rt, values } = useEntityForm();
  const { row, parent } = rowAt(values, path);
  return (
    <div className="sl-readonly-value" data-readonly-field={field.name}>
      <FieldValue field={field} value={value} def={rt.def} row={row} parent={parent} />
    </div>
  );
}

/** The unit or currency shown beside a quantity or amount input ('pcs', '¥'), read live from the form. */
function useAffix(field: FieldDef, path: NamePath): { text: string; before?: boolean; unit?: string } | undefined {
  const { values } = useEntityForm();
  const lang = useLang();
  if (field.type !== 'decimal' || (!field.unit && !field.currency)) return undefined;
  const { row, parent } = rowAt(values, path);
  const code = governingCode(field.currency ?? field.unit, row, parent);
  if (!code) return undefined;
  const text = field.currency ? amountSymbol(code) : unitLabel(code, lang);
  return text ? { text, before: !!field.currency, unit: field.currency ? undefined : code } : undefined;
}

export function FieldItem({ field, path, name, disabled, cell, control }: FieldItemProps) {
  const lang = useLang();
  const { rt, form } = useEntityForm();
  const rule = useCoreRule(path);
  // A field that becomes disabled is neither checked nor posted: its old error would only mislead.
  const pathKey = JSON.stringify(path);
  useEffect(() => {
    if (disabled && form.getFieldError(path).length) form.setFields([{ name: path, errors: [] }]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled, pathKey, form]);
  const label = pickLabel(field.label, lang);
  const affix = useAffix(field, path);
  const codec = field.readOnly ? {} : itemCodec(field.type);
  return (
    <Form.Item
      name={name ?? path}
      label={cell ? undefined : label}
      required={isRequired(field) && !disabled && !field.readOnly}
      extra={cell || !field.hint ? undefined : pickLabel(field.hint, lang)}
      rules={field.readOnly ? undefined : [rule]}
      validateTrigger={['onChange', 'onBlur']}
      style={cell ? { marginBottom: 0 } : undefined}
      {...codec}
    >
      {control ??
        (field.readOnly ? (
          <ShownValue field={field} path={path} />
        ) : (
          <FieldInput field={field} def={rt.def} disabled={disabled} size={cell ? 'small' : undefined} aria-label={cell ? label : undefined} affix={affix} />
        ))}
    </Form.Item>
  );
}

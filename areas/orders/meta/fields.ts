// Shared bits of the orders definitions: the prefix, the label helper and the field builders the
// documents repeat (a date, a 4-decimal quantity, a server-set value).
import type { FieldDef, Label, StatusValue } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });

export const AREA = 'orders';
/** Documents (spec §2 'scmapi'); the floor half uses 'vfapi'. */
export const PREFIX = 'scmapi';

/** A quantity or price: exact, 4 places (spec §9). */
export const qty = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'decimal',
  label,
  validators: [{ type: 'positiveNumber' }],
  ...extra,
});

/** Set by the server (totals, the counterpart, progress): shown, never edited. */
export const serverSet = (field: FieldDef): FieldDef => ({ ...field, readOnly: true });

export const ref = (name: string, label: Label, entity: string, displayField: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'reference',
  label,
  ref: { entity, displayField },
  ...extra,
});

/** The status select of a document: read-only, its values and colours from the state list. */
export const statusSelect = (values: StatusValue[], defaultValue: string): FieldDef => ({
  name: 'status',
  type: 'select',
  label: L('Status', '状态'),
  readOnly: true,
  defaultValue,
  options: values,
});

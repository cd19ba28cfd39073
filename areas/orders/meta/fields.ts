// Shared bits of the orders definitions: the prefix, the label helper and the field builders the
// documents repeat (a date, a 4-decimal quantity, a server-set value).
import { CURRENCIES, type FieldDef, type Label, type StatusValue } from '@seamline/core';

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

/** Garments are counted: a quantity of pieces is a whole number, shown '60 pcs' (issue 30). */
export const pieces = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => qty(name, label, { unit: { fixed: 'PCS' }, ...extra });

/**
 * Money of the document: 4 places with the symbol of its currency field ('parent.currency' from a
 * line), shown '¥1,234.5000'.
 */
export const money = (name: string, label: Label, currencyField = 'currency', extra: Partial<FieldDef> = {}): FieldDef =>
  qty(name, label, { currency: { field: currencyField }, ...extra });

/** The document's currency (spec §9's codes); its amounts show its symbol. */
export const currencySelect = (): FieldDef => ({
  name: 'currency',
  type: 'select',
  label: L('Currency', '币种'),
  required: true,
  defaultValue: 'CNY',
  options: CURRENCIES.map((c) => ({ value: c.code, label: { en: `${c.code} ${c.label.en}`, zh: `${c.code} ${c.label.zh}` } })),
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

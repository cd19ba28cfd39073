// Quantities and amounts for screens that draw their own tables (issue 30): the same core rules
// the engine's list, form and print use, in the user's language. `of` reads what governs a field
// from its definition, so an area screen names the field, not the unit.
import { useMemo } from 'react';
import { displayValue, formatAmount, formatFieldNumber, formatQuantity, quantityNumber, unitLabel, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';

type Values = Record<string, unknown>;

export interface Numbers {
  lang: string;
  /** '60 pcs', '12.5 m' (a unit code: PCS, M…; none → the number alone). */
  qty: (value: unknown, unit?: unknown) => string;
  /** The number only, as the unit allows ('1,200'): for 'done / planned pcs' texts. */
  num: (value: unknown, unit?: unknown) => string;
  /** The unit's short label ('pcs' / '件'). */
  unit: (unit: unknown) => string;
  /** '¥1,234.5000' (a currency code). */
  amount: (value: unknown, currency?: unknown) => string;
  /** A field of a definition as it reads on `row` (a child row's document as `parent`); '—' when empty. */
  of: (def: { fields: readonly FieldDef[]; children?: ReadonlyArray<{ name: string; fields: readonly FieldDef[] }> }, name: string, row: Values, parent?: Values, child?: string) => string;
}

export function useNumbers(): Numbers {
  const lang = useLang();
  return useMemo<Numbers>(
    () => ({
      lang,
      qty: (v, u) => formatQuantity(v, u, lang),
      num: (v, u) => quantityNumber(v, u, lang),
      unit: (u) => unitLabel(u, lang),
      amount: (v, c) => formatAmount(v, c, lang),
      of: (def, name, row, parent, child) => {
        const fields = child ? def.children?.find((c) => c.name === child)?.fields : def.fields;
        const field = fields?.find((f) => f.name === name);
        const value = row[name];
        if (value === null || value === undefined || value === '') return '—';
        if (!field) return String(value);
        return formatFieldNumber(field, value, row, parent, lang) ?? displayValue(field, value, undefined, lang);
      },
    }),
    [lang],
  );
}

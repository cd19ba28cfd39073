// The choices of a select / multiselect field: fixed options of the definition (labels in the UI
// language, colours when given) or the company's system-dictionary values of a type.
import { useMemo } from 'react';
import { pickLabel, statusColor, type ChildTableDef, type EntityDef, type FieldDef, type FieldOption } from '@seamline/core';
import { queryClient } from '../../api';
import { useLang } from '../../i18n';
import { dictionaryKey, useDictionary, type DictionaryOption } from '../data/hooks';

export interface ChoiceOption {
  value: string;
  label: string;
  color?: string;
}

export const dictionaryType = (field: FieldDef): string | undefined => {
  const o = field.options;
  return o && !Array.isArray(o) && 'dictionary' in o ? o.dictionary : undefined;
};

export const fixedOptions = (field: FieldDef): readonly FieldOption[] | undefined =>
  Array.isArray(field.options) ? field.options : undefined;

export function useFieldOptions(field: FieldDef): { options: ChoiceOption[]; loading: boolean; failed: boolean } {
  const lang = useLang();
  const type = dictionaryType(field);
  const dict = useDictionary(type);
  const fixed = fixedOptions(field);
  const options = useMemo<ChoiceOption[]>(() => {
    if (fixed) return fixed.map((o) => ({ value: o.value, label: pickLabel(o.label, lang), color: o.color }));
    return (dict.data ?? []).map((o: DictionaryOption) => ({ value: String(o.value), label: String(o.label ?? o.value) }));
  }, [fixed, dict.data, lang]);
  return { options, loading: !!type && dict.isLoading, failed: !!type && dict.isError };
}

/** The values a dictionary field may hold, when they are already loaded (client-side validation). */
export function cachedDictionaryValues(field: FieldDef): readonly string[] | undefined {
  const type = dictionaryType(field);
  if (!type) return undefined;
  const list = queryClient.getQueryData<DictionaryOption[]>(dictionaryKey(type));
  return list && list.length > 0 ? list.map((o) => String(o.value)) : undefined;
}

/** core ValidateContext.optionsOf over the loaded dictionaries. */
export const optionsOf = (field: FieldDef, _child?: ChildTableDef) => cachedDictionaryValues(field);

/**
 * The tag colour of a value: the option's own colour, else for the entity's status field core
 * statusColor(value); undefined → the value is shown as plain text.
 */
export function tagColor(field: FieldDef, value: string, def?: Pick<EntityDef, 'status'>, options?: readonly ChoiceOption[]): string | undefined {
  const status = def?.status && def.status.field === field.name ? def.status.values.find((v) => v.value === value) : undefined;
  if (status) return status.color ?? statusColor(value);
  const own = options?.find((o) => o.value === value)?.color;
  if (own) return own;
  return def?.status?.field === field.name ? statusColor(value) : undefined;
}

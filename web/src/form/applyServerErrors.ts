// Server code 11000 (spec §8): data.errors keyed by field go onto the matching form fields, each
// list joined by commas and untranslated; a child table's list (one object per row) goes onto the
// row's fields; whatever matches no field becomes one toast 'Save failed！' + the texts.
import type { FormInstance } from 'antd';
import { joinFieldErrors, saveFailedText } from '@seamline/core';
import { toastError } from '../api/feedback';

type NamePath = (string | number)[];

const key = (name: NamePath) => JSON.stringify(name);
const isRowList = (v: unknown): v is (Record<string, unknown> | null)[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => x === null || (typeof x === 'object' && !Array.isArray(x)));

export interface ServerErrorPlacement {
  fields: { name: NamePath; errors: string[] }[];
  rest: string[];
}

/** Where each error goes, given the form's registered field names (pure, for tests and reuse). */
export function placeServerErrors(errors: Record<string, unknown>, registered: readonly NamePath[]): ServerErrorPlacement {
  const known = new Set(registered.map(key));
  const fields: ServerErrorPlacement['fields'] = [];
  const rest: string[] = [];
  const place = (name: NamePath, list: unknown) => {
    const text = joinFieldErrors(list);
    if (!text) return;
    if (known.has(key(name))) fields.push({ name, errors: [text] });
    else rest.push(text);
  };
  for (const [field, value] of Object.entries(errors)) {
    if (isRowList(value)) {
      value.forEach((row, index) => {
        for (const [col, list] of Object.entries(row ?? {})) place([field, index, col], list);
      });
    } else {
      place([field], value);
    }
  }
  return { fields, rest };
}

/** Applies 11000 errors to an antd form; returns the texts that matched no field (already toasted). */
export function applyServerErrors(form: FormInstance, errors: Record<string, unknown>, lang: unknown): string[] {
  const registered = form.getFieldsError().map((f) => f.name as NamePath);
  const { fields, rest } = placeServerErrors(errors, registered);
  if (fields.length) {
    form.setFields(fields);
    form.scrollToField(fields[0].name);
  }
  if (rest.length) toastError(saveFailedText(rest, lang));
  return rest;
}

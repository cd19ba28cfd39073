// The form store keeps every value exactly as the wire carries it ('2024-03-13', '12.5000',
// ['A','B'], true), so conditions, prepareForPost and validateDocument read the store directly.
// These props translate between that and what an antd control wants (dayjs, checked, JSON text).
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FieldType } from '@seamline/core';

dayjs.extend(customParseFormat);

export const FORMATS: Partial<Record<FieldType, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm:ss',
};

/** Text typed into a JSON field that does not parse: kept as typed, reported by validation. */
export class InvalidJson {
  constructor(readonly text: string) {}
}

/** A wire date / datetime / time (or an ISO timestamp) as dayjs; null when empty or unreadable. */
export function toDayjs(value: unknown, type: FieldType): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const fmt = FORMATS[type];
  const d = fmt ? dayjs(value, fmt, true) : dayjs(value);
  if (d.isValid()) return d;
  const loose = dayjs(value); // e.g. an ISO timestamp of created_at
  return loose.isValid() ? loose : null;
}

export function fromDayjs(value: Dayjs | null | undefined, type: FieldType): string | null {
  return value && value.isValid() ? value.format(FORMATS[type]) : null;
}

export function jsonText(value: unknown): string {
  if (value instanceof InvalidJson) return value.text;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, null, 2);
}

export function parseJsonText(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return new InvalidJson(text);
  }
}

interface ItemCodec {
  valuePropName?: string;
  getValueProps?: (value: unknown) => Record<string, unknown>;
  normalize?: (value: unknown) => unknown;
}

/** Form.Item props for a field type. */
export function itemCodec(type: FieldType): ItemCodec {
  switch (type) {
    case 'date':
    case 'datetime':
    case 'time':
      return {
        getValueProps: (v) => ({ value: toDayjs(v, type) }),
        normalize: (v) => fromDayjs(v as Dayjs | null, type),
      };
    case 'boolean':
      // FieldInput reads `value` for every type (its Switch maps it to `checked`): handing it
      // `checked` instead left the switch always off while clicks kept saving true.
      return { getValueProps: (v) => ({ value: v === true }) };
    case 'json':
      return {
        getValueProps: (v) => ({ value: jsonText(v) }),
        normalize: (v) => parseJsonText(typeof v === 'string' ? v : ''),
      };
    case 'decimal':
      // Decimals travel as exact text; an emptied box becomes null.
      return { normalize: (v) => (v === '' || v === undefined ? null : v) };
    default:
      return {};
  }
}

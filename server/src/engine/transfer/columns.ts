// Which fields a spreadsheet carries, and how a header row maps back to them.
//
// Export and the template write, on the first sheet, one header row of field labels (the user's
// language; a '*' marks required columns in the template) and, on a hidden sheet '_fields', the
// field names in the same columns. Import maps each header cell to a field by its field name or
// its label in either language (a leading/trailing '*' and spacing do not matter); a header it
// cannot read falls back to the field name the hidden sheet holds for that column, so a file
// whose labels were renamed since still imports. Read-only fields (status, computed values) are
// exported and recognized on import, but never written; other unknown columns are ignored and
// named in the answer.
import { fixedMark, isPosted, pickLabel, type EntityDef, type FieldDef, type Lang } from '@seamline/core';
import { storedFields } from '../entityTables';
import { normalizeText } from './cells';

/** Marks the hidden sheet holding the field names: its A1. */
export const KEY_SHEET_NAME = '_fields';
export const KEY_SHEET_MARK = '#seamline-fields';

/** Fields an export shows: every stored field of the document itself (child tables stay out). */
export const exportFields = (def: EntityDef): FieldDef[] => storedFields(def.fields);

/** Fields an import writes: stored, not read-only. */
export const importFields = (def: EntityDef): FieldDef[] => storedFields(def.fields).filter((f) => !f.readOnly);

/** The field rows are matched by in upsert mode: the numbering field, else the first unique field. */
export function keyField(def: EntityDef): FieldDef | undefined {
  const fields = importFields(def);
  const numbered = def.numbering ? fields.find((f) => f.name === def.numbering!.field) : undefined;
  return numbered ?? fields.find((f) => f.unique && (f.type === 'string' || f.type === 'integer' || f.type === 'select'));
}

/** Whether a field needs a value in the template's eyes (required and not numbered automatically). */
export function requiredColumn(def: EntityDef, f: FieldDef): boolean {
  const required = !!f.required || !!f.validators?.some((v) => v.type === 'required');
  return required && def.numbering?.field !== f.name && isPosted(f, { values: {}, session: { dashroles: [] }, routeAction: 'edit' });
}

/** A column's title: the label, and a fixed unit or currency beside it ('Quantity (pcs)', issue 30). */
export const headerLabel = (f: FieldDef, lang: Lang, mark = false): string => {
  const label = pickLabel(f.label, lang);
  // A label that already names its unit ('Efficiency (%)', '数量(件)') keeps it once.
  const unit = /[)）]\s*$/.test(label) ? null : fixedMark(f, lang);
  return `${mark ? '*' : ''}${label}${unit ? ` (${unit})` : ''}`;
};

const cleanHeader = (s: string): string => normalizeText(s.replace(/^\s*\*+|\*+\s*$/g, ''));

/** Header texts a report adds (its errors and row columns), ignored on import. */
export const REPORT_HEADERS = ['errors', '错误', 'row', '行号'];

export interface MappedColumn {
  /** 1-based column number. */
  col: number;
  field: FieldDef;
  /** false: a read-only field (recognized, not written). */
  writable: boolean;
}

export interface HeaderMap {
  columns: MappedColumn[];
  /** Header texts that name no field (ignored). */
  ignored: string[];
  /** Problems that stop the import: [message key, params]. */
  problems: Array<[string, Record<string, string>]>;
}

/**
 * Maps a header row (1-based cells, as the reader gives them) to fields. `keys` is the hidden
 * sheet's field names by column, when the file has it.
 */
export function mapHeader(def: EntityDef, header: ReadonlyArray<string | null | undefined>, keys?: ReadonlyArray<string | null | undefined>): HeaderMap {
  const fields = exportFields(def);
  const writable = new Set(importFields(def).map((f) => f.name));
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  const byLabel = new Map<string, FieldDef[]>();
  for (const f of fields) {
    // The label, or the label with its unit as export and the template write it.
    for (const text of new Set([f.label.en, f.label.zh, headerLabel(f, 'en'), headerLabel(f, 'zh')].map(cleanHeader))) {
      if (!text) continue;
      byLabel.set(text, [...(byLabel.get(text) ?? []), f]);
    }
  }
  const out: HeaderMap = { columns: [], ignored: [], problems: [] };
  const used = new Map<string, string>();
  const last = Math.max(header.length, keys?.length ?? 0);
  for (let col = 1; col < last; col++) {
    const raw = header[col];
    const text = typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : String(raw);
    const clean = cleanHeader(text);
    let field: FieldDef | undefined = byName.get(clean);
    if (!field && clean) {
      const hits = byLabel.get(clean) ?? [];
      if (hits.length > 1) {
        out.problems.push(['transfer.ambiguousColumn', { header: text.trim() }]);
        continue;
      }
      field = hits[0];
    }
    if (!field) {
      const key = keys?.[col];
      if (typeof key === 'string' && key) field = byName.get(key.trim().toLowerCase());
    }
    if (!field) {
      if (clean && !REPORT_HEADERS.includes(clean)) out.ignored.push(text.trim());
      continue;
    }
    if (used.has(field.name)) {
      out.problems.push(['transfer.duplicateColumn', { header: text.trim() || field.name }]);
      continue;
    }
    used.set(field.name, text);
    out.columns.push({ col, field, writable: writable.has(field.name) });
  }
  return out;
}

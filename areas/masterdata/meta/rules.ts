// Pure cross-field rules of the master-data definitions (EntityRule factories). Core ships the
// spec's own rules (exactlyOneOf, domesticBankBranchCodeRule); these are the area's additions:
// date order, numeric ranges (core has no min/max validator), days-of-supply order, overlapping
// validity periods, duplicates within a child table, share totals and tree self-parenting.
// Every rule skips values that are empty or of the wrong type: the field check reports those.
import { addDec, compareDec, type EntityRule, type RuleError } from '@seamline/core';
import { mdLabel } from './messages';

type Doc = Record<string, unknown>;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A plain decimal number (number or text), else null. */
export function numberOf(v: unknown): string | number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && NUMBER_RE.test(v)) return v;
  return null;
}

/** A 'YYYY-MM-DD' date text, else null (such dates compare correctly as text). */
function dateOf(v: unknown): string | null {
  return typeof v === 'string' && DATE_RE.test(v) ? v : null;
}

/** The rows of a child table that are objects, with their index. */
function rowsOf(doc: Doc, child: string): Array<[Doc, number]> {
  const rows = doc[child];
  if (!Array.isArray(rows)) return [];
  const out: Array<[Doc, number]> = [];
  rows.forEach((r, i) => {
    if (typeof r === 'object' && r !== null && !Array.isArray(r)) out.push([r as Doc, i]);
  });
  return out;
}

/** Runs a per-row check on the document itself, or on each row of `child`. */
function perRow(child: string | undefined, check: (row: Doc) => RuleError[]): EntityRule {
  return (doc) => {
    if (!child) return check(doc);
    return rowsOf(doc, child).flatMap(([row, index]) => check(row).map((e) => ({ ...e, child: { name: child, index } })));
  };
}

/** `to` must not be before `from` (both 'YYYY-MM-DD'); the message goes on `to`. */
export function dateOrder(from: string, to: string, child?: string): EntityRule {
  return perRow(child, (row) => {
    const a = dateOf(row[from]);
    const b = dateOf(row[to]);
    return a && b && b < a ? [{ field: to, message: mdLabel('md.dateOrder') }] : [];
  });
}

/** A number from `min` to `max` inclusive (e.g. a percent 0..100). */
export function numberRange(field: string, min: number, max: number, child?: string): EntityRule {
  return perRow(child, (row) => {
    const n = numberOf(row[field]);
    if (n === null) return [];
    return compareDec(n, min) < 0 || compareDec(n, max) > 0 ? [{ field, message: mdLabel('md.range', { min, max }) }] : [];
  });
}

/** The filled ones of `fields` must be in non-decreasing order (e.g. DOS min ≤ target ≤ max). */
export function ascending(fields: readonly string[], message = mdLabel('md.dosOrder')): EntityRule {
  return (doc) => {
    const filled = fields.map((f) => [f, numberOf(doc[f])] as const).filter(([, n]) => n !== null);
    for (let i = 1; i < filled.length; i++) {
      if (compareDec(filled[i - 1][1], filled[i][1]) > 0) return [{ field: filled[i][0], message }];
    }
    return [];
  };
}

/** Two numbers of a row together at most `max` (e.g. morning + afternoon hours ≤ 24). */
export function sumAtMost(fields: readonly string[], max: number, child?: string): EntityRule {
  return perRow(child, (row) => {
    const values = fields.map((f) => numberOf(row[f])).filter((n) => n !== null);
    if (values.length === 0) return [];
    return compareDec(addDec(...values), max) > 0 ? [{ field: fields[fields.length - 1], message: mdLabel('md.hoursPerDay', { max }) }] : [];
  });
}

/**
 * No two rows of `child` with the same `groupBy` value (e.g. currency) may have overlapping
 * validity periods [from, to]; an empty from / to is open-ended. The later row gets the message.
 */
export function noOverlap(child: string, from: string, to: string, groupBy?: string): EntityRule {
  return (doc) => {
    const rows = rowsOf(doc, child);
    const out: RuleError[] = [];
    rows.forEach(([row, index], k) => {
      const aFrom = dateOf(row[from]) ?? '0000-00-00';
      const aTo = dateOf(row[to]) ?? '9999-99-99';
      for (let j = 0; j < k; j++) {
        const [other, otherIndex] = rows[j];
        if (groupBy && String(other[groupBy] ?? '') !== String(row[groupBy] ?? '')) continue;
        const bFrom = dateOf(other[from]) ?? '0000-00-00';
        const bTo = dateOf(other[to]) ?? '9999-99-99';
        if (aFrom <= bTo && bFrom <= aTo) {
          out.push({ field: from, child: { name: child, index }, message: mdLabel('md.overlap', { row: otherIndex + 1 }) });
          break;
        }
      }
    });
    return out;
  };
}

/** A value may appear only once among the rows of `child` (empty values are ignored). */
export function uniqueInRows(child: string, field: string): EntityRule {
  return (doc) => {
    const seen = new Map<string, number>();
    const out: RuleError[] = [];
    for (const [row, index] of rowsOf(doc, child)) {
      const v = row[field];
      if (v === null || v === undefined || v === '') continue;
      const key = String(v);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else out.push({ field, child: { name: child, index }, message: mdLabel('md.duplicateInRows', { row: first + 1 }) });
    }
    return out;
  };
}

/** The numbers in `field` over the rows of `child` add up to at most `max` (document-level message). */
export function childTotalAtMost(child: string, field: string, max: number): EntityRule {
  return (doc) => {
    const values = rowsOf(doc, child)
      .map(([row]) => numberOf(row[field]))
      .filter((n) => n !== null);
    if (values.length === 0) return [];
    const total = addDec(...values);
    return compareDec(total, max) > 0 ? [{ message: mdLabel('md.sharesTotal', { total, max }) }] : [];
  };
}

/**
 * A tree row cannot be its own parent (MD-16: a top-level row leaves the parent empty). Only the
 * direct case is visible to a pure rule; deeper cycles need the stored tree (the server checks them).
 */
export function notOwnParent(parentField: string): EntityRule {
  return (doc) => {
    const id = doc.id;
    const parent = doc[parentField];
    return id !== undefined && id !== null && id !== '' && parent === id ? [{ field: parentField, message: mdLabel('md.ownParent') }] : [];
  };
}

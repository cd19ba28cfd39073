// Pure business rules of spec §5 that master-data definitions plug in as EntityRules or validators.
import { isEmptyValue, type ValidationRule } from '../validators';
import { labelOf } from './messages';
import type { EntityRule, Label, RuleError } from './types';

/**
 * Exactly one of two fields must be filled (MD-12: a material has a vendor or a customer, never
 * both, never neither). The message goes on both fields; default: the catalogue's generic one
 * naming the two fields (pass the spec's own message, e.g. labelOf('biz.materialVendorOrCustomer')).
 */
export function exactlyOneOf(a: string, b: string, message?: Label): EntityRule {
  return (doc) => {
    const filled = [a, b].filter((name) => !isEmptyValue(doc[name])).length;
    if (filled === 1) return [];
    const msg = message ?? labelOf('entity.exactlyOneOf', { a, b });
    return [
      { field: a, message: msg },
      { field: b, message: msg },
    ];
  };
}

const BRANCH_CODE_RE = /^\d{11}$/;

/**
 * MD-20: a domestic bank's branch code is an 11-digit number ('10210000001'). Empty passes like
 * every validator except required.
 */
export function domesticBankBranchCode(value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  return typeof value === 'string' && BRANCH_CODE_RE.test(value);
}

/** The same check as a field validator, with the spec's message ('… must be an 11-digit number'). */
export const DOMESTIC_BANK_BRANCH_CODE: ValidationRule = Object.freeze({
  type: 'regex',
  pattern: BRANCH_CODE_RE.source,
  message: labelOf('biz.bankBranchCode'),
}) as ValidationRule;

/**
 * MD-20 as an entity rule, for where only domestic banks are checked (foreign banks are not):
 * `field` on the document, or on each row of child table `child`; `isDomestic` decides per row.
 */
export function domesticBankBranchCodeRule(opts: {
  field: string;
  child?: string;
  isDomestic: (row: Record<string, unknown>, doc: Record<string, unknown>) => boolean;
}): EntityRule {
  const message = labelOf('biz.bankBranchCode');
  return (doc) => {
    if (!opts.child) {
      return opts.isDomestic(doc, doc) && !domesticBankBranchCode(doc[opts.field]) ? [{ field: opts.field, message }] : [];
    }
    const rows = doc[opts.child];
    if (!Array.isArray(rows)) return [];
    const out: RuleError[] = [];
    rows.forEach((row, index) => {
      if (typeof row !== 'object' || row === null) return;
      const r = row as Record<string, unknown>;
      if (opts.isDomestic(r, doc) && !domesticBankBranchCode(r[opts.field])) {
        out.push({ field: opts.field, child: { name: opts.child!, index }, message });
      }
    });
    return out;
  };
}

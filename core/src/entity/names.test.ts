// How a reference and a document are named (issue 23): a reference with ref.codeField reads
// 'CODE · name' (a flow and its copy share a name); a document's header shows its display field
// as it reads — a select's label in the UI language, never the raw key.
import { describe, expect, it } from 'vitest';
import { documentName, pickResult, refLabel } from './formValues';
import type { FieldDef } from './types';

const L = (en: string, zh: string) => ({ en, zh });

describe('names', () => {
  it("a reference with a codeField reads 'CODE · name'", () => {
    const field: FieldDef = { name: 'process_id', type: 'reference', label: L('Flow', '流程'), ref: { entity: 'cpm-process', displayField: 'name', codeField: 'code' } };
    expect(pickResult(field, { id: 'p1', code: 'PR_APPR', name: 'PR approval' })).toEqual({ value: 'p1', label: 'PR_APPR · PR approval' });
    expect(pickResult({ ...field, ref: { entity: 'cpm-process', displayField: 'name' } }, { id: 'p1', code: 'PR_APPR', name: 'PR approval' }).label).toBe('PR approval');
    expect([refLabel('A', ''), refLabel(null, 'n'), refLabel(undefined, undefined)]).toEqual(['A', 'n', '']);
  });

  it("a document named by a select shows the option's label in each language", () => {
    const def = {
      display: 'entity',
      fields: [{ name: 'entity', type: 'select', label: L('Document type', '单据类型'), options: [{ value: 'purchase-requirement', label: L('Purchase requirement', '采购需求') }] }] as FieldDef[],
    };
    expect(documentName(def, { entity: 'purchase-requirement' }, 'zh')).toBe('采购需求');
    expect(documentName(def, { entity: 'purchase-requirement' }, 'en')).toBe('Purchase requirement');
    expect(documentName(def, { entity: 'other' }, 'en')).toBe('other');
  });
});

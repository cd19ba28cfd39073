// Purchase requirement (spec §3 'Orders', ORD-01): a numbered header with entries (material,
// quantity, price) and, per entry, its BOM lines (the components the entry's material is made
// of). The engine's child tables are one level deep, so BOM lines are a second child table whose
// `entry_no` names the entry (its row number); a rule keeps it pointing at an existing entry.
// BOM lines name materials by code, as a BOM sheet does, or pick them; an unknown code answers
// 'material does not exist' (server hook). It runs through the approval flow PR_APPR (docs/flow.md); the flow
// area binds the flow, this area registers the entity. Table and name kept from areas/scm.
import { defineEntity, flowLifecycle, lifecycleStatusField, type EntityRule } from '@seamline/core';
import { currencySelect, L, money, qty } from './fields';

/** Each BOM line names an entry that exists (1 … number of entries). */
const bomEntryExists: EntityRule = (doc) => {
  const entries = Array.isArray(doc.lines) ? doc.lines.length : 0;
  const bom = Array.isArray(doc.bom) ? (doc.bom as Array<Record<string, unknown>>) : [];
  return bom.flatMap((row, index) => {
    const n = Number(row.entry_no);
    return Number.isInteger(n) && n >= 1 && n <= entries
      ? []
      : [{ field: 'entry_no', child: { name: 'bom', index }, message: L('No entry with this number', '没有这个序号的明细') }];
  });
};

export const purchaseRequirementEntity = defineEntity({
  name: 'purchase-requirement',
  area: 'orders',
  prefix: 'scmapi',
  table: 'scm_purchase_requirement',
  label: L('Purchase requirement', '采购需求'),
  route: { cata: 'scm', opt: 'purchase-requirement' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('PR number', '采购需求单号'), unique: true, maxLength: 64, hint: L('Numbered when left empty', '留空则自动编号') },
    { name: 'title', type: 'string', label: L('Title', '标题'), required: true, maxLength: 200 },
    { name: 'required_date', type: 'date', label: L('Required date', '需求日期') },
    { name: 'remark', type: 'text', label: L('Remark', '备注') },
    // Issue 30: the entries' prices read in the requirement's currency.
    currencySelect(),
    lifecycleStatusField(),
  ],
  children: [
    {
      name: 'lines',
      label: L('Entries', '需求明细'),
      fields: [
        { name: 'material_id', type: 'reference', label: L('Material', '物料'), required: true, ref: { entity: 'material', displayField: 'name' } },
        // The material's unit unless typed (server hook); a counted one takes no fraction (issue 30).
        { name: 'unit', type: 'select', label: L('Unit', '单位'), options: { dictionary: 'UNIT' } },
        qty('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }], unit: { field: 'unit' } }),
        money('price', L('Unit price', '单价'), 'parent.currency'),
      ],
    },
    {
      name: 'bom',
      label: L('BOM lines', 'BOM 明细'),
      // Shown under the entry they belong to (ORD-01).
      under: { child: 'lines', field: 'entry_no' },
      fields: [
        { name: 'entry_no', type: 'integer', label: L('Entry no.', '明细序号'), required: true, validators: [{ type: 'positiveInteger' }] },
        // Typed as a code (as on a BOM sheet) or picked; a code wins and must exist.
        { name: 'material_code', type: 'string', label: L('Component code', '组件物料编码'), maxLength: 64, trim: true },
        { name: 'material_id', type: 'reference', label: L('Component', '组件物料'), ref: { entity: 'material', displayField: 'name' } },
        qty('usage', L('Usage per unit', '单位用量'), { required: true, validators: [{ type: 'greaterThanZero' }], unit: { field: 'unit', rate: true } }),
        { name: 'unit', type: 'string', label: L('Unit', '单位'), maxLength: 16 },
      ],
    },
  ],
  rules: [bomEntryExists],
  list: {
    columns: ['code', 'title', 'required_date', 'status', 'updated_at'],
    filters: ['code', 'title', 'status'],
    sort: { field: 'code', order: 'desc' },
  },
  numbering: { field: 'code', serial: 'PR' },
  // Buyers raise requirements (administrators always may); approvers act through the flow.
  permissions: { write: { any: ['BUYER'] } },
  ...flowLifecycle(),
  flow: { process: 'PR_APPR' },
});

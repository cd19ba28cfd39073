// Purchase requirement (spec §3 'Orders'): kept minimal — a numbered header with lines of
// material, quantity and price — and run through the approval flow PR_APPR (docs/flow.md), so the
// document lifecycle and the approval panel have a real document to drive.
import { defineEntity, flowLifecycle, lifecycleStatusField, type Label } from '@seamline/core';

const L = (en: string, zh: string): Label => ({ en, zh });

export const purchaseRequirementEntity = defineEntity({
  name: 'purchase-requirement',
  area: 'scm',
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
    lifecycleStatusField(),
  ],
  children: [
    {
      name: 'lines',
      label: L('Lines', '明细'),
      fields: [
        { name: 'material_id', type: 'reference', label: L('Material', '物料'), required: true, ref: { entity: 'material', displayField: 'name' } },
        { name: 'qty', type: 'decimal', label: L('Quantity', '数量'), required: true, validators: [{ type: 'greaterThanZero' }] },
        { name: 'price', type: 'decimal', label: L('Unit price', '单价'), validators: [{ type: 'positiveNumber' }] },
      ],
    },
  ],
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

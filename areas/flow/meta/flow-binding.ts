// Flow bindings: which approval flow (an active process definition of the company) a document type
// runs through on submit. Without a binding the document type's default process code applies
// (its definition's `flow.process`). One binding per document type per company.
import { defineEntity, entityHead, type FieldOption, type Label } from '@seamline/core';
import { DESIGN_PREFIX, FLOW_AREA } from './cpm-process';

const L = (en: string, zh: string): Label => ({ en, zh });

/** The document types that go through an approval flow (entities with `flow`): a new one adds itself here. */
export const FLOW_DOCUMENT_TYPES: FieldOption[] = [
  { value: 'purchase-requirement', label: L('Purchase requirement', '采购需求') },
  // The finance area's supplier invoice: its approve step runs through the bound flow (docs/finance.md 'Approval').
  { value: 'supplier-invoice', label: L('Supplier invoice (approval)', '供应商发票(批准)') },
];

export const flowBindingEntity = defineEntity({
  ...entityHead({ area: FLOW_AREA, prefix: DESIGN_PREFIX, cata: 'sys' }, 'flow-binding', 'cpm_flow_binding', L('Flow binding', '流程绑定')),
  readNeedsMenu: true,
  display: 'entity',
  fields: [
    { name: 'entity', type: 'select', label: L('Document type', '单据类型'), required: true, unique: true, options: FLOW_DOCUMENT_TYPES },
    {
      name: 'process_id',
      type: 'reference',
      label: L('Approval flow', '审批流程'),
      required: true,
      // A copy keeps its flow's name: the code tells them apart (issue 23).
      ref: { entity: 'cpm-process', displayField: 'name', codeField: 'code', filter: { active: 'true' } },
    },
    { name: 'comment', type: 'text', label: L('Comment', '备注') },
  ],
  list: {
    columns: ['entity', 'process_id', 'comment', 'updated_at'],
    filters: ['entity', 'process_id'],
    sort: { field: 'entity', order: 'asc' },
  },
});

// Process (spec §3, MD-15..16): the garment-making operations of a factory (cutting, sewing,
// finishing, packing) as a tree; a top-level process leaves the parent empty.
import { defineEntity, entityHead, type FieldOption } from '@seamline/core';
import { L, codeField, currencyField, dictionary, flagField, nameField, referenceField, MD_HEAD } from './fields';
import { notOwnParent } from './rules';

/** What is scanned at a process (bundle tickets / piece barcodes); fixed because the shop-floor app acts on them. */
export const SCAN_FLAG_OPTIONS: FieldOption[] = [
  { value: 'SCAN_IN', label: L('Scan at start', '开工扫描') },
  { value: 'SCAN_OUT', label: L('Scan at finish', '完工扫描') },
  { value: 'BUNDLE', label: L('Scan by bundle', '按扎扫描') },
  { value: 'PIECE', label: L('Scan by piece', '按件扫描') },
  { value: 'QC', label: L('QC scan', '质检扫描') },
];

export const processEntity = defineEntity({
  ...entityHead(MD_HEAD, 'process', 'md_process', L('Process', '工序')),
  display: 'name',
  fields: [
    codeField({ name: 'process_code', label: L('Process code', '工序编码') }),
    nameField(L('Process name', '工序名称')),
    {
      name: 'sequence',
      type: 'integer',
      label: L('Sequence', '顺序号'),
      required: true,
      validators: [{ type: 'positiveInteger' }],
    },
    referenceField('parent_id', L('Parent process', '上级工序'), 'process', 'process_code', {
      hint: L('Leave empty for a top-level process', '顶级工序请留空'),
    }),
    referenceField('plant_id', L('Plant', '所属工厂'), 'plant', 'name', {
      hint: L('The plant whose standard process this is; empty: every plant', '该标准工序所属工厂；留空表示适用所有工厂'),
    }),
    { name: 'wait_types', type: 'multiselect', label: L('Wait types', '等待类型'), options: dictionary('WAIT_TYPE') },
    flagField('is_outsource', L('Outsourced', '外发工序')),
    flagField('is_merge_count', L('Merge count', '合并计数')),
    { name: 'scan_flags', type: 'multiselect', label: L('Scan flags', '扫描标识'), options: SCAN_FLAG_OPTIONS },
    {
      name: 'estimate_rate',
      type: 'decimal',
      label: L('Estimated piece rate', '预估工价'),
      validators: [{ type: 'positiveNumber' }],
      hint: L('Estimated pay per piece for this process', '该工序每件的预估工价'),
      // Issue 30: a rate is money and reads in its currency.
      currency: { field: 'currency' },
    },
    // CNY unless chosen (a new process gets the default; older ones were filled by migration 0086).
    // Not required: a parent process (cutting, sewing…) has no rate for it to qualify.
    currencyField('currency', L('Currency', '币种')),
  ],
  list: {
    columns: ['process_code', 'name', 'sequence', 'parent_id', 'is_outsource', 'estimate_rate'],
    filters: ['process_code', 'name', 'parent_id', 'plant_id', 'is_outsource'],
    sort: { field: 'sequence', order: 'asc' },
  },
  tree: { parentField: 'parent_id' },
  rules: [notOwnParent('parent_id')],
});

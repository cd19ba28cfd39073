// Supplier admission evaluation and supplier evaluation / performance (spec §1 'Supplier sourcing').
// Admission: the chosen reviewers of a config score a vendor per evaluation item; the weighted
// result (core weightedResult) against the config's pass score decides admission, and concluding
// an admitted evaluation admits the vendor (status 10). Performance: a periodic evaluation of a
// vendor by KPI; its total gives a grade, and confirming it writes the grade to the vendor.
import { defineEntity, entityHead, type StatusValue } from '@seamline/core';
import { AREA, CATA, L, PREFIX } from './fields';

export const ADMISSION_STATUS: StatusValue[] = [
  { value: '0', label: L('Scoring', '评分中'), color: 'processing' },
  { value: '20', label: L('Concluded', '已完成'), color: 'success' },
];

export const ADMISSION_RESULT = [
  { value: 'pending', label: L('Pending', '待定'), color: 'default' },
  { value: 'admitted', label: L('Admitted', '准入'), color: 'green' },
  { value: 'rejected', label: L('Not admitted', '不准入'), color: 'red' },
];

export const admissionEvalEntity = defineEntity({
  ...entityHead({ area: AREA, prefix: PREFIX, cata: CATA }, 'admission-eval', 'srm_admission_eval', L('Supplier admission evaluation', '供应商准入评估')),
  display: 'title',
  fields: [
    { name: 'title', type: 'string', label: L('Title', '标题'), required: true, trim: true, maxLength: 100 },
    { name: 'vendor_id', type: 'reference', label: L('Vendor', '供应商'), required: true, ref: { entity: 'vendor', displayField: 'short_name' } },
    { name: 'config_id', type: 'reference', label: L('Evaluation config', '评估配置'), required: true, ref: { entity: 'access-eval-config', displayField: 'version_no', filter: { status: ['10'] } } },
    { name: 'result_score', type: 'decimal', label: L('Weighted result', '加权结果'), readOnly: true },
    { name: 'result', type: 'select', label: L('Admission', '准入结论'), options: ADMISSION_RESULT, defaultValue: 'pending', readOnly: true },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: ADMISSION_STATUS, defaultValue: '0', readOnly: true },
  ],
  children: [
    {
      name: 'scores',
      label: L('Scores', '评分'),
      fields: [
        { name: 'reviewer_id', type: 'reference', label: L('Reviewer', '评审人'), readOnly: true, ref: { entity: 'user', displayField: 'full_name' } },
        { name: 'item_code', type: 'string', label: L('Item code', '评估项编码'), required: true, upperCase: true, trim: true, maxLength: 32 },
        { name: 'score', type: 'decimal', label: L('Score', '分数'), required: true, validators: [{ type: 'maxDecimals4' }] },
        { name: 'comment', type: 'string', label: L('Comment', '评语'), trim: true, maxLength: 200 },
      ],
    },
  ],
  list: {
    columns: ['title', 'vendor_id', 'config_id', 'result_score', 'result', 'status'],
    filters: ['title', 'vendor_id', 'result', 'status'],
  },
  status: { field: 'status', values: ADMISSION_STATUS },
  transitions: [{ action: 'conclude', label: L('Conclude', '完成评估'), from: ['0'], to: '20' }],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
});

export const SUPPLIER_EVAL_STATUS: StatusValue[] = [
  { value: '0', label: L('Draft', '草稿'), color: 'default' },
  { value: '20', label: L('Confirmed', '已确认'), color: 'success' },
];

export const GRADE_OPTIONS = [
  { value: 'A', label: L('A - Strategic', 'A级(战略)') },
  { value: 'B', label: L('B - Preferred', 'B级(优选)') },
  { value: 'C', label: L('C - Approved', 'C级(合格)') },
  { value: 'D', label: L('D - On probation', 'D级(观察)') },
];

export const supplierEvalEntity = defineEntity({
  ...entityHead({ area: AREA, prefix: PREFIX, cata: CATA }, 'supplier-eval', 'srm_supplier_eval', L('Supplier evaluation', '供应商评估')),
  display: 'period',
  fields: [
    { name: 'vendor_id', type: 'reference', label: L('Vendor', '供应商'), required: true, ref: { entity: 'vendor', displayField: 'short_name' } },
    { name: 'period', type: 'string', label: L('Period', '评估周期'), required: true, trim: true, maxLength: 20, hint: L('e.g. 2026-Q3 or 2026-10', '例如 2026-Q3 或 2026-10') },
    { name: 'eval_date', type: 'date', label: L('Evaluation date', '评估日期'), defaultValue: '@now' },
    { name: 'total_score', type: 'decimal', label: L('Total score', '总分'), readOnly: true },
    { name: 'grade', type: 'select', label: L('Grade', '等级'), options: GRADE_OPTIONS, readOnly: true },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 1000 },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: SUPPLIER_EVAL_STATUS, defaultValue: '0', readOnly: true },
  ],
  children: [
    {
      name: 'kpis',
      label: L('KPIs', '绩效指标'),
      fields: [
        { name: 'kpi', type: 'string', label: L('KPI', '指标'), required: true, trim: true, maxLength: 100 },
        { name: 'weight', type: 'decimal', label: L('Weight (%)', '权重(%)'), required: true, validators: [{ type: 'maxDecimals4' }, { type: 'greaterThanZero' }] },
        { name: 'score', type: 'decimal', label: L('Score (0-100)', '得分(0-100)'), required: true, validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }] },
        { name: 'actual', type: 'string', label: L('Actual value', '实际值'), trim: true, maxLength: 50 },
      ],
    },
  ],
  list: {
    columns: ['vendor_id', 'period', 'eval_date', 'total_score', 'grade', 'status'],
    filters: ['vendor_id', 'period', 'grade', 'status'],
    sort: { field: 'eval_date', order: 'desc' },
  },
  status: { field: 'status', values: SUPPLIER_EVAL_STATUS },
  transitions: [{ action: 'confirm', label: L('Confirm (update vendor grade)', '确认(更新供应商等级)'), from: ['0'], to: '20' }],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
});

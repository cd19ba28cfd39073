// Sourcing project (spec §3 'Sourcing'): the brand's request with its RFQ items and RFI questions.
// The stage fields are the server's (spec §4, core sourcing/stages): they change only through the
// project actions of srmapi/sourcing-project/<action>, each guarded by the §8 checks.
import { defineEntity, entityHead, type FieldDef } from '@seamline/core';
import {
  AREA,
  CATA,
  EVAL_STAGE_VALUES,
  INFO_STAGE_VALUES,
  INQUIRY_STATUS_VALUES,
  ITEM_STATUS_VALUES,
  L,
  PREFIX,
  PUBLISH_STAGE_VALUES,
  RFI_STATUS_VALUES,
} from './fields';
import { CURRENCY_OPTIONS } from '../../masterdata/meta/fields';

const stage = (name: string, label: ReturnType<typeof L>, options: FieldDef['options'], defaultValue: string): FieldDef => ({
  name,
  type: 'select',
  label,
  options,
  defaultValue,
  readOnly: true,
});

const text = (name: string, label: ReturnType<typeof L>, maxLength = 100, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'string',
  label,
  trim: true,
  maxLength,
  ...extra,
});

export const PRIORITY_OPTIONS = [
  { value: 'LOW', label: L('Low', '低') },
  { value: 'NORMAL', label: L('Normal', '普通') },
  { value: 'HIGH', label: L('High', '高'), color: 'orange' },
  { value: 'URGENT', label: L('Urgent', '紧急'), color: 'red' },
];

export const TAG_OPTIONS = [
  { value: 'FABRIC', label: L('Fabric', '面料') },
  { value: 'TRIM', label: L('Trim', '辅料') },
  { value: 'GARMENT', label: L('Garment', '成衣') },
  { value: 'SAMPLE', label: L('Sample', '样品') },
  { value: 'BULK', label: L('Bulk', '大货') },
  { value: 'NEW_SUPPLIER', label: L('New supplier', '新供应商') },
];

export const sourcingProjectEntity = defineEntity({
  ...entityHead({ area: AREA, prefix: PREFIX, cata: CATA }, 'sourcing-project', 'srm_project', L('Sourcing project', '寻源项目'), 'rfq'),
  display: 'name',
  fields: [
    text('code', L('Project code', '项目编码'), 32, { required: true, unique: true, upperCase: true, validators: [{ type: 'capitalEnglish' }] }),
    text('project_type', L('Project type', '项目类型'), 32, { upperCase: true }),
    text('name', L('Project name', '项目名称'), 100, { required: true }),
    { name: 'description', type: 'text', label: L('Description', '描述'), trim: true, maxLength: 2000 },
    { name: 'time_stamp', type: 'datetime', label: L('Time stamp', '时间'), defaultValue: '@now' },
    { name: 'duration', type: 'integer', label: L('Duration (days)', '周期(天)'), validators: [{ type: 'naturalNumber' }] },
    { name: 'priority', type: 'select', label: L('Priority', '优先级'), options: PRIORITY_OPTIONS, defaultValue: 'NORMAL' },
    { name: 'applicant_id', type: 'reference', label: L('Applicant', '申请人'), ref: { entity: 'user', displayField: 'full_name' } },
    { name: 'is_public', type: 'boolean', label: L('Public', '公开'), defaultValue: false, hint: L('Any supplier company on the platform can find and answer a public project', '公开项目平台上任何供应商公司都可查看并应答') },
    { name: 'tags', type: 'multiselect', label: L('Tags', '标签'), options: TAG_OPTIONS, freeEntry: true },
    text('contact_person', L('Contact person', '联系人'), 50),
    text('contact_phone', L('Contact phone', '联系电话'), 30, { validators: [{ type: 'noChinese' }] }),
    { name: 'currency', type: 'select', label: L('Currency', '币种'), options: CURRENCY_OPTIONS, defaultValue: 'CNY' },
    stage('info_stage', L('Information stage', '信息阶段'), INFO_STAGE_VALUES, '0'),
    stage('rfi_status', L('RFI', '信息征询'), RFI_STATUS_VALUES, 'none'),
    stage('publish_stage', L('Publishing stage', '发布阶段'), PUBLISH_STAGE_VALUES, '0'),
    stage('inquiry_status', L('Inquiry', '询价'), INQUIRY_STATUS_VALUES, 'none'),
    stage('eval_stage', L('Evaluation stage', '评估阶段'), EVAL_STAGE_VALUES, '0'),
  ],
  children: [
    {
      name: 'items',
      label: L('RFQ items', '询价物料'),
      fields: [
        text('name', L('Item name', '物料名称'), 100, { required: true }),
        text('description', L('Description', '描述'), 500),
        {
          name: 'expected_price',
          type: 'decimal',
          label: L('Expected unit price', '期望单价'),
          validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }],
          currency: { field: 'currency' },
        },
        { name: 'currency', type: 'select', label: L('Currency', '币种'), options: CURRENCY_OPTIONS, defaultValue: 'CNY' },
        text('unit', L('Unit', '单位'), 20),
        { name: 'quantity', type: 'decimal', label: L('Quantity', '数量'), validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }], unit: { field: 'unit' } },
        text('reference_material', L('Reference material', '参考物料'), 100),
        { name: 'plan_start', type: 'date', label: L('Plan start', '计划开始') },
        { name: 'plan_end', type: 'date', label: L('Plan end', '计划结束') },
        { name: 'status', type: 'select', label: L('Item status', '物料状态'), options: ITEM_STATUS_VALUES, defaultValue: 'active', required: true },
      ],
    },
    {
      name: 'rfi_questions',
      label: L('RFI questions', '信息征询问题'),
      fields: [
        text('question', L('Question', '问题'), 500, { required: true }),
        { name: 'required', type: 'boolean', label: L('Answer required', '必答'), defaultValue: false },
      ],
    },
  ],
  list: {
    columns: ['code', 'name', 'project_type', 'priority', 'is_public', 'info_stage', 'publish_stage', 'inquiry_status', 'eval_stage', 'time_stamp'],
    filters: ['code', 'name', 'priority', 'publish_stage', 'eval_stage'],
    sort: { field: 'time_stamp', order: 'desc' },
  },
  status: { field: 'publish_stage', values: PUBLISH_STAGE_VALUES },
  numbering: { field: 'code', serial: 'SRM_PROJECT' },
  rules: [
    (doc) => {
      const items = Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [];
      return items.flatMap((row, index) =>
        row.plan_start && row.plan_end && String(row.plan_end) < String(row.plan_start)
          ? [{ field: 'plan_end', child: { name: 'items', index }, message: L('The end date must not be before the start date', '结束日期不能早于开始日期') }]
          : [],
      );
    },
  ],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
  authorizable: ['project_type', 'priority', 'publish_stage', 'eval_stage', 'applicant_id'],
});

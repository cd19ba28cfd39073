// Demand (the brand's lines to be made), demand allocation versions (drafted, published, then
// archived: lines and quantities live in cap_allocation_line, server/schema.ts) and order
// allocation (a supplier's confirmed customer orders on its lines and days).
import { defineEntity } from '@seamline/core';
import { UUID_PATTERN } from '../../masterdata/meta/vendor';
import { ALLOC, ALLOC_STATES, AREA, BRAND_WRITE, L, PREFIX, VERSION, VERSION_STATES, minutesField, weekField } from './fields';

export const demandEntity = defineEntity({
  name: 'demand',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_demand',
  label: L('Demand', '需求'),
  route: { cata: 'plan', opt: 'demand' },
  display: 'demand_no',
  fields: [
    { name: 'demand_no', type: 'string', label: L('Demand no.', '需求编号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 32 },
    { name: 'style_no', type: 'string', label: L('Style', '款号'), required: true, upperCase: true, trim: true, maxLength: 64, validators: [{ type: 'noChinese' }] },
    { name: 'capacity_group_id', type: 'reference', label: L('Capacity group', '产能组'), required: true, ref: { entity: 'capacity-group', displayField: 'name' } },
    { name: 'quantity', type: 'integer', label: L('Quantity (pcs)', '数量(件)'), required: true, validators: [{ type: 'greaterThanZero' }], unit: { fixed: 'PCS' } },
    minutesField('smv', L('SMV (min/pc)', 'SMV(分钟/件)'), { required: true, validators: [{ type: 'maxDecimals4' }, { type: 'greaterThanZero' }] }),
    weekField('due_week', L('Due week', '交货周'), { required: true }),
    { name: 'plant_id', type: 'reference', label: L('Plant', '工厂'), ref: { entity: 'plant', displayField: 'name' } },
    { name: 'status', type: 'select', label: L('Allocation state', '分配状态'), options: ALLOC_STATES, defaultValue: ALLOC.NOT_RECEIVED, readOnly: true },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
  ],
  list: {
    columns: ['demand_no', 'style_no', 'capacity_group_id', 'quantity', 'smv', 'due_week', 'plant_id', 'status'],
    filters: ['demand_no', 'style_no', 'capacity_group_id', 'due_week', 'status'],
    sort: { field: 'due_week', order: 'asc' },
  },
  status: { field: 'status', values: ALLOC_STATES },
  permissions: { write: BRAND_WRITE },
});

export const demandAllocationEntity = defineEntity({
  name: 'demand-allocation',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_demand_allocation',
  label: L('Demand allocation version', '需求分配版本'),
  route: { cata: 'scm', opt: 'demand-allocation' },
  display: 'title',
  fields: [
    { name: 'version_no', type: 'integer', label: L('Version', '版本'), readOnly: true },
    { name: 'title', type: 'string', label: L('Title', '标题'), required: true, trim: true, maxLength: 100 },
    weekField('start_week', L('From week', '起始周'), { required: true }),
    { name: 'status', type: 'select', label: L('Status', '状态'), options: VERSION_STATES, defaultValue: VERSION.DRAFT, readOnly: true },
    { name: 'objective', type: 'decimal', label: L('KPI-weighted minutes', 'KPI 加权分钟'), readOnly: true, unit: { fixed: 'MIN' } },
    { name: 'published_at', type: 'datetime', label: L('Published at', '发布时间'), readOnly: true },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
  ],
  list: {
    columns: ['version_no', 'title', 'start_week', 'status', 'objective', 'published_at', 'updated_at'],
    filters: ['title', 'status'],
    sort: { field: 'version_no', order: 'desc' },
  },
  status: { field: 'status', values: VERSION_STATES },
  permissions: { write: BRAND_WRITE },
});

export const ORDER_ALLOC_STATES = [
  { value: 'draft', label: L('Draft', '草稿'), color: 'default' },
  { value: 'confirmed', label: L('Confirmed', '已确认'), color: 'green' },
];

export const orderAllocationEntity = defineEntity({
  name: 'order-allocation',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_order_allocation',
  label: L('Order allocation', '订单分配'),
  route: { cata: 'scm', opt: 'order-allocation' },
  display: 'work_date',
  fields: [
    { name: 'customer_order_id', type: 'reference', label: L('Customer order', '客户订单'), required: true, ref: { entity: 'customer-order', displayField: 'code' } },
    { name: 'production_line_id', type: 'reference', label: L('Production line', '产线'), required: true, ref: { entity: 'production-line', displayField: 'name' } },
    { name: 'work_date', type: 'date', label: L('Day', '日期'), required: true },
    {
      name: 'process_code',
      type: 'string',
      label: L('Process', '工序'),
      upperCase: true,
      trim: true,
      maxLength: 32,
      validators: [{ type: 'regex', pattern: '^[A-Z0-9_.@-]+$', message: L('A process code', '请输入工序编码') }],
      hint: L('Must be allowed on the line that day', '须为该产线当日允许的工序'),
    },
    { name: 'quantity', type: 'integer', label: L('Quantity (pcs)', '数量(件)'), required: true, validators: [{ type: 'greaterThanZero' }], unit: { fixed: 'PCS' } },
    minutesField('smv', L('SMV (min/pc)', 'SMV(分钟/件)'), { required: true, validators: [{ type: 'maxDecimals4' }, { type: 'greaterThanZero' }] }),
    minutesField('minutes', L('Load (min)', '负荷(分钟)'), { readOnly: true }),
    minutesField('line_minutes', L('Line capacity that day (min)', '产线当日产能(分钟)'), { readOnly: true }),
    {
      name: 'allocation_line_id',
      type: 'string',
      label: L('Demand allocation line', '需求分配行'),
      maxLength: 36,
      lowerCase: true,
      validators: [{ type: 'regex', pattern: UUID_PATTERN, message: L('The id of an allocation line', '请输入分配行 ID') }],
      hint: L('The brand\'s allocation this fulfils (optional); confirming marks it daily-allocated', '本分配履行的品牌需求分配行(可选)；确认后其状态变为已日分配'),
    },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: ORDER_ALLOC_STATES, defaultValue: 'draft', readOnly: true },
  ],
  list: {
    columns: ['work_date', 'production_line_id', 'customer_order_id', 'process_code', 'quantity', 'minutes', 'line_minutes', 'status'],
    filters: ['work_date', 'production_line_id', 'customer_order_id', 'status'],
    sort: { field: 'work_date', order: 'asc' },
  },
  status: { field: 'status', values: ORDER_ALLOC_STATES },
  transitions: [{ action: 'confirm', label: L('Confirm', '确认'), from: ['draft'], to: 'confirmed' }],
});

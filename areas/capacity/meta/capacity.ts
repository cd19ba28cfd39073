// Vendor capacity (filled by the supplier company itself, read by the brand it offers it to)
// and vendor KPI (the brand's view of each vendor per period).
import { defineEntity } from '@seamline/core';
import { numberRange } from '../../masterdata/meta/rules';
import { AREA, BRAND_WRITE, L, PREFIX, minutesField, percentField, weekField } from './fields';

export const vendorCapacityEntity = defineEntity({
  name: 'vendor-capacity',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_vendor_capacity',
  label: L('Vendor capacity', '供应商产能'),
  route: { cata: 'scm', opt: 'vendor-capacity' },
  display: 'week',
  fields: [
    {
      name: 'brand',
      type: 'string',
      label: L('Customer (brand)', '客户(品牌)'),
      trim: true,
      maxLength: 200,
      validators: [{ type: 'regex', pattern: '^\\S.*\\S$', message: L('At least 2 characters', '至少 2 个字符') }],
      hint: L(
        'The brand on the platform this capacity is offered to: its company name. Empty: in-house figures no brand reads',
        '产能提供给的平台品牌：其公司名称。留空：仅供本公司内部参考，品牌不可见',
      ),
    },
    { name: 'brand_client_id', type: 'string', label: L('Brand company id', '品牌公司 ID'), readOnly: true, maxLength: 36 },
    {
      name: 'group_code',
      type: 'string',
      label: L('Capacity group code', '产能组编码'),
      required: true,
      upperCase: true,
      trim: true,
      maxLength: 32,
      validators: [{ type: 'regex', pattern: '^[A-Z0-9_.-]+$', message: L('Letters, digits, _ . - only', '仅限字母、数字和 _ . -') }],
      hint: L('The brand\'s capacity group code', '品牌的产能组编码'),
    },
    { name: 'group_name', type: 'string', label: L('Capacity group', '产能组'), readOnly: true, maxLength: 100 },
    weekField('week', L('Week', '周'), { required: true }),
    { name: 'operators', type: 'integer', label: L('Operators', '操作工人数'), required: true, validators: [{ type: 'positiveNumber' }] },
    minutesField('minutes_per_day', L('Minutes per operator-day', '每人每日分钟'), { required: true, defaultValue: '480' }),
    minutesField('work_days', L('Working days', '工作天数'), { required: true, defaultValue: '5', unit: { fixed: 'DAY' } }),
    percentField('efficiency', L('Efficiency (%)', '效率(%)'), { required: true, defaultValue: '85' }),
    minutesField('booked_minutes', L('Already booked (min)', '已占用(分钟)'), { defaultValue: '0', hint: L('Standard minutes already committed to other business', '已承诺给其他业务的标准分钟') }),
    minutesField('avg_smv', L('Average SMV (min/pc)', '平均 SMV(分钟/件)'), { required: true, validators: [{ type: 'maxDecimals4' }, { type: 'greaterThanZero' }] }),
    minutesField('capacity_minutes', L('Capacity (SAM min)', '产能(标准分钟)'), { readOnly: true }),
    minutesField('free_minutes', L('Free capacity (SAM min)', '可用产能(标准分钟)'), { readOnly: true }),
    { name: 'capacity_pieces', type: 'integer', label: L('Free capacity (pcs)', '可用产能(件)'), readOnly: true },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
  ],
  list: {
    columns: ['brand', 'group_code', 'group_name', 'week', 'operators', 'efficiency', 'capacity_minutes', 'free_minutes', 'capacity_pieces'],
    filters: ['brand', 'group_code', 'week'],
    sort: { field: 'week', order: 'asc' },
  },
  rules: [numberRange('efficiency', 0, 100), numberRange('work_days', 0, 7), numberRange('minutes_per_day', 0, 1440)],
});

export const vendorKpiEntity = defineEntity({
  name: 'vendor-kpi',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_vendor_kpi',
  label: L('Vendor KPI', '供应商 KPI'),
  route: { cata: 'scm', opt: 'vendor-kpi' },
  display: 'period',
  fields: [
    { name: 'vendor_id', type: 'reference', label: L('Vendor', '供应商'), required: true, ref: { entity: 'vendor', displayField: 'short_name' } },
    {
      name: 'period',
      type: 'string',
      label: L('Period', '周期'),
      required: true,
      trim: true,
      upperCase: true,
      maxLength: 10,
      validators: [{ type: 'regex', pattern: '^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$', message: L('A month or quarter such as 2026-10 or 2026-Q4', '请输入月份或季度，例如 2026-10 或 2026-Q4') }],
    },
    percentField('on_time_rate', L('On-time delivery (%)', '准时交货率(%)')),
    percentField('quality_rate', L('Quality pass rate (%)', '质量合格率(%)')),
    percentField('price_score', L('Price score (0-100)', '价格得分(0-100)')),
    percentField('eval_score', L('Supplier evaluation score', '供应商评估得分'), { hint: L('Taken from the confirmed supplier evaluation of the period when there is one', '有当期已确认的供应商评估时自动取值') }),
    percentField('ticket_deduction', L('Exception-ticket deduction', '异常工单扣分'), { hint: L('Counted from the vendor\'s exception tickets of the period when there are any', '有当期异常工单时自动计算') }),
    // Drawn from the quality area's inspections of the month (QF-07; docs/quality.md 'Vendor KPI').
    percentField('first_pass_yield', L('First-pass yield (%)', '一次检验合格率(%)'), { readOnly: true, hint: L('Final inspections of the period passed at the first attempt', '当期尾期检验一次合格的比例') }),
    { name: 'defects_per_100', type: 'decimal', label: L('Defects per 100 pieces', '每百件缺陷数'), readOnly: true },
    { name: 'inspections', type: 'integer', label: L('Inspections', '验货次数'), readOnly: true },
    { name: 'total_score', type: 'decimal', label: L('KPI score', 'KPI 得分'), readOnly: true },
    { name: 'computed', type: 'string', label: L('Computed from data', '系统计算项'), readOnly: true, maxLength: 200 },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
  ],
  list: {
    columns: ['vendor_id', 'period', 'on_time_rate', 'quality_rate', 'first_pass_yield', 'defects_per_100', 'inspections', 'price_score', 'eval_score', 'ticket_deduction', 'total_score', 'computed'],
    filters: ['vendor_id', 'period'],
    sort: { field: 'period', order: 'desc' },
  },
  rules: ['on_time_rate', 'quality_rate', 'price_score', 'eval_score', 'ticket_deduction'].map((f) => numberRange(f, 0, 100)),
  permissions: { write: BRAND_WRITE },
});

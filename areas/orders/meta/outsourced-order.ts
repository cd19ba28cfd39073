// Outsourced processing order (spec §3, §4 'Outsourced order', §8 'Outsource'; ORD-07..12): a
// factory sends one process of a plan (embroidery, printing, washing) to a vendor. Draft, then
// submitted — from then on nothing of it changes (save, delete and import are refused by the
// server, the screen is read-only). A vendor on the platform receives it live and confirms it;
// both sides see the progress it reports. An off-platform vendor cannot receive it: the order is
// still submitted and marked for manual tracking, and the user is told so.
import { defineEntity, type FieldOption, type StatusValue } from '@seamline/core';
import type { OrderAction } from './actions';
import { AREA, currencySelect, L, money, pieces, PREFIX, ref, serverSet, statusSelect } from './fields';

export const OO_STATUS = { DRAFT: 'DRAFT', SUBMITTED: 'SUBMITTED', CONFIRMED: 'CONFIRMED', COMPLETED: 'COMPLETED' } as const;

export const OO_STATUSES: StatusValue[] = [
  { value: OO_STATUS.DRAFT, label: L('Draft', '草稿'), color: 'default' },
  { value: OO_STATUS.SUBMITTED, label: L('Submitted', '已提交'), color: 'orange' },
  { value: OO_STATUS.CONFIRMED, label: L('Confirmed by vendor', '供应商已确认'), color: 'blue' },
  { value: OO_STATUS.COMPLETED, label: L('Completed', '已完成'), color: 'green' },
];

/** ORD-08: 0 = not a fixed vendor, 1 = the customer specified the vendor. */
export const OUTSOURCE_INDICATOR_OPTIONS: FieldOption[] = [
  { value: '0', label: L('Not fixed vendor', '非固定供应商') },
  { value: '1', label: L('Customer-specified', '客户指定') },
];

export const indicatorLabel = (value: unknown, lang: unknown): string | null => {
  const o = OUTSOURCE_INDICATOR_OPTIONS.find((x) => x.value === String(value));
  return o ? (lang === 'en' ? o.label.en : o.label.zh) : null;
};

export const TRACKING_OPTIONS: FieldOption[] = [
  { value: 'PLATFORM', label: L('On the platform', '平台协同') },
  { value: 'MANUAL', label: L('Tracked manually', '人工跟踪') },
];

export const OUTSOURCED_ORDER_ACTIONS: OrderAction[] = [
  { action: 'submit', label: L('Submit', '提交'), from: [OO_STATUS.DRAFT], to: OO_STATUS.SUBMITTED, side: 'owner' },
  { action: 'confirm', label: L('Confirm', '确认'), from: [OO_STATUS.SUBMITTED], to: OO_STATUS.CONFIRMED, side: 'counterpart' },
  { action: 'finish', label: L('Complete', '完成'), from: [OO_STATUS.CONFIRMED], to: OO_STATUS.COMPLETED, side: 'counterpart' },
  // An order tracked by hand is confirmed and completed by its owner.
  { action: 'record-confirm', label: L('Record confirmation', '登记确认'), from: [OO_STATUS.SUBMITTED], to: OO_STATUS.CONFIRMED, side: 'owner' },
  { action: 'record-finish', label: L('Record completion', '登记完成'), from: [OO_STATUS.CONFIRMED], to: OO_STATUS.COMPLETED, side: 'owner' },
];

export const outsourcedOrderEntity = defineEntity({
  name: 'outsourced-order',
  area: AREA,
  prefix: PREFIX,
  table: 'ord_outsourced_order',
  label: L('Outsourced order', '外发订单'),
  route: { cata: 'scm', opt: 'outsourced-order' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('PO number', '外发单号'), required: true, maxLength: 64, trim: true },
    ref('vendor_id', L('Vendor', '加工供应商'), 'vendor', 'short_name', { required: true }),
    { name: 'indicator', type: 'select', label: L('Vendor indicator', '供应商标识'), required: true, options: OUTSOURCE_INDICATOR_OPTIONS, defaultValue: '0' },
    ref('plan_id', L('Production plan', '生产计划'), 'production-plan', 'code'),
    ref('work_order_id', L('Work order', '生产工单'), 'work-order', 'code'),
    ref('process_id', L('Process', '工序'), 'process', 'name'),
    { name: 'style_code', type: 'string', label: L('Style', '款号'), maxLength: 64, upperCase: true },
    pieces('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }] }),
    currencySelect(),
    money('price', L('Unit price', '单价')),
    serverSet(money('amount', L('Amount', '金额'))),
    { name: 'due_date', type: 'date', label: L('Due date', '交期') },
    serverSet(pieces('completed_qty', L('Completed', '已完成数量'))),
    serverSet({ name: 'tracking', type: 'select', label: L('Tracking', '跟踪方式'), options: TRACKING_OPTIONS }),
    serverSet({ name: 'vendor_client_id', type: 'string', label: L('Vendor company', '供应商公司'), maxLength: 36, visibleWhen: 'false' }),
    serverSet({ name: 'sender_name', type: 'string', label: L('Sent by', '发单方'), maxLength: 200 }),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    statusSelect(OO_STATUSES, OO_STATUS.DRAFT),
  ],
  list: {
    columns: ['code', 'vendor_id', 'indicator', 'process_id', 'style_code', 'qty', 'completed_qty', 'due_date', 'tracking', 'status'],
    filters: ['code', 'status', 'vendor_id', 'plan_id', 'indicator'],
    sort: { field: 'created_at', order: 'desc' },
  },
  status: { field: 'status', values: OO_STATUSES },
  permissions: { write: { any: ['FACTORY', 'BUYER'] } },
});

// Material ordering (spec §4 'Material ordering', ORD-16): a company orders materials from a
// vendor and follows the order through accept → call material (ask the vendor to ship) →
// receive → close, or reject. Lines name the material by its code; an unknown code answers
// 'material does not exist' (spec §8; server hook). A vendor that is a company on the platform
// receives the order (issue 23): one document of two companies like the customer order — the
// supplier reads it, confirms it with a date (or declines it with a reason), and later ships
// against it; an off-platform vendor's answer is recorded by the sender ('accept').
import { defineEntity, defineStatuses } from '@seamline/core';
import type { OrderAction } from './actions';
import { AREA, currencySelect, L, money, PREFIX, qty, ref, serverSet, statusSelect } from './fields';

export const { codes: MO_STATUS, values: MO_STATUSES } = defineStatuses({
  NEW: ['New', '新建', 'default'],
  ACCEPTED: ['Confirmed', '已确认', 'blue'],
  CALLED: ['Material called', '已叫料', 'cyan'],
  RECEIVED: ['Received', '已收料', 'green'],
  REJECTED: ['Rejected', '已拒绝', 'red'],
  CLOSED: ['Closed', '已关闭', 'purple'],
});

/**
 * ORD-16 as a table of the area's action route (not engine transitions: the supplier acts on the
 * sender's row). A vendor on the platform confirms (with its delivery date) or declines; for any
 * other vendor the sender records the acceptance. The rest is the sender's.
 */
export const MATERIAL_ORDER_ACTIONS: OrderAction[] = [
  { action: 'confirm', label: L('Confirm', '确认'), from: [MO_STATUS.NEW], to: MO_STATUS.ACCEPTED, side: 'counterpart', needsDate: true },
  { action: 'decline', label: L('Decline', '拒绝'), from: [MO_STATUS.NEW], to: MO_STATUS.REJECTED, side: 'counterpart', needsReason: true, danger: true },
  { action: 'accept', label: L('Record acceptance', '登记接受'), from: [MO_STATUS.NEW], to: MO_STATUS.ACCEPTED, side: 'owner' },
  { action: 'call-material', label: L('Call material', '叫料'), from: [MO_STATUS.ACCEPTED], to: MO_STATUS.CALLED, side: 'owner' },
  { action: 'receive', label: L('Receive', '收料'), from: [MO_STATUS.CALLED], to: MO_STATUS.RECEIVED, side: 'owner' },
  { action: 'reject', label: L('Reject', '拒绝'), from: [MO_STATUS.NEW, MO_STATUS.ACCEPTED], to: MO_STATUS.REJECTED, side: 'owner', danger: true },
  { action: 'close', label: L('Close', '关闭'), from: [MO_STATUS.RECEIVED, MO_STATUS.REJECTED], to: MO_STATUS.CLOSED, side: 'owner' },
];

export const materialOrderEntity = defineEntity({
  name: 'material-order',
  area: AREA,
  prefix: PREFIX,
  table: 'ord_material_order',
  label: L('Material order', '物料订购单'),
  route: { cata: 'scm', opt: 'material-order' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Order number', '订购单号'), required: true, unique: true, maxLength: 64, trim: true },
    ref('vendor_id', L('Vendor', '供应商'), 'vendor', 'short_name', { required: true }),
    ref('customer_order_id', L('For customer order', '关联客户订单'), 'customer-order', 'code'),
    { name: 'required_date', type: 'date', label: L('Required by', '需求日期') },
    currencySelect(),
    serverSet(money('total_amount', L('Amount', '金额'))),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    serverSet({ name: 'confirmed_date', type: 'date', label: L('Confirmed delivery', '供应商确认交期') }),
    serverSet({ name: 'reject_reason', type: 'text', label: L('Reason declined', '拒绝原因'), maxLength: 1000 }),
    serverSet({ name: 'vendor_client_id', type: 'string', label: L('Vendor company', '供应商公司'), maxLength: 36, visibleWhen: 'false' }),
    serverSet({ name: 'sender_name', type: 'string', label: L('Ordered by', '订购方'), maxLength: 200 }),
    statusSelect(MO_STATUSES, MO_STATUS.NEW),
  ],
  children: [
    {
      name: 'lines',
      label: L('Materials', '物料明细'),
      fields: [
        // Either typed as a code (as on a supplier's sheet) or picked; a code wins and must exist.
        { name: 'material_code', type: 'string', label: L('Material code', '物料编码'), maxLength: 64, trim: true },
        ref('material_id', L('Material', '物料'), 'material', 'name'),
        // The material's unit (UNIT dictionary): metres and kilograms take places, pieces and rolls do not.
        { name: 'unit', type: 'select', label: L('Unit', '单位'), options: { dictionary: 'UNIT' } },
        qty('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }], unit: { field: 'unit' } }),
        money('price', L('Unit price', '单价'), 'parent.currency'),
        qty('received_qty', L('Received', '已收数量'), { unit: { field: 'unit' } }),
      ],
    },
  ],
  list: {
    columns: ['code', 'vendor_id', 'customer_order_id', 'required_date', 'confirmed_date', 'total_amount', 'status'],
    filters: ['code', 'status', 'vendor_id'],
    sort: { field: 'created_at', order: 'desc' },
  },
  status: { field: 'status', values: MO_STATUSES },
  permissions: { write: { any: ['BUYER', 'FACTORY'] } },
});

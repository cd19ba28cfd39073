// Customer order (spec §3 'Orders', §4 'Customer order', §5, §8; ORD-02..06, ORD-17): the order a
// company receives, lines per style × colour × size with 4-decimal prices. The row belongs to the
// receiving company (client_id): it accepts or rejects, produces and completes. A brand that
// places a purchase order on a supplier on the platform writes the same row in the supplier's
// name (buyer_client_id = the brand): one document, two companies (docs/orders.md 'Visibility').
import { defineEntity, isDecimal, type StatusValue } from '@seamline/core';
import type { OrderAction } from './actions';
import { AREA, currencySelect, L, money, pieces, PREFIX, ref, serverSet, statusSelect } from './fields';

export const CO_STATUS = { OPEN: 'OPEN', IN_PROGRESS: 'IN_PROGRESS', COMPLETED: 'COMPLETED', CANCELLED: 'CANCELLED' } as const;

export const CO_STATUSES: StatusValue[] = [
  { value: CO_STATUS.OPEN, label: L('Pending acceptance', '待接单'), color: 'orange' },
  { value: CO_STATUS.IN_PROGRESS, label: L('In progress', '进行中'), color: 'blue' },
  { value: CO_STATUS.COMPLETED, label: L('Completed', '已完成'), color: 'green' },
  { value: CO_STATUS.CANCELLED, label: L('Cancelled', '已取消'), color: 'red' },
];

/** Owner = the receiving company; counterpart = the brand that placed it on the platform. */
export const CUSTOMER_ORDER_ACTIONS: OrderAction[] = [
  { action: 'accept', label: L('Accept', '接单'), from: [CO_STATUS.OPEN], to: CO_STATUS.IN_PROGRESS, side: 'owner' },
  { action: 'reject', label: L('Reject', '拒单'), from: [CO_STATUS.OPEN], to: CO_STATUS.CANCELLED, side: 'owner', needsReason: true, danger: true },
  {
    action: 'complete',
    label: L('Complete', '完成'),
    from: [CO_STATUS.IN_PROGRESS],
    to: CO_STATUS.COMPLETED,
    side: 'owner',
    needsFinished: true,
  },
  // The placing brand may withdraw an order the supplier has not accepted yet.
  { action: 'withdraw', label: L('Withdraw', '撤回'), from: [CO_STATUS.OPEN], to: CO_STATUS.CANCELLED, side: 'counterpart', danger: true },
];

/**
 * Spec §5 (ORD-05): the finished quantity must not be empty or below 0; else a message key.
 * A decimal with at most 4 places (spec §9), read exactly, never as a float.
 */
export function finishedQtyProblem(value: unknown): 'orders.finishedQtyInvalid' | null {
  if (typeof value !== 'string' && typeof value !== 'number') return 'orders.finishedQtyInvalid';
  const text = String(value).trim();
  return /^\d+(\.\d{1,4})?$/.test(text) && isDecimal(text) ? null : 'orders.finishedQtyInvalid';
}

export const customerOrderEntity = defineEntity({
  name: 'customer-order',
  area: AREA,
  prefix: PREFIX,
  table: 'ord_customer_order',
  label: L('Customer order', '客户订单'),
  route: { cata: 'scm', opt: 'customer-order' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Order number', '订单号'), required: true, maxLength: 64, trim: true },
    ref('customer_id', L('Customer', '客户'), 'customer', 'name', {
      hint: L('For orders of customers off the platform; a brand on the platform places its own', '平台外客户的订单；平台上的品牌自行下单'),
    }),
    serverSet({ name: 'buyer_name', type: 'string', label: L('Placed by (platform)', '下单方(平台)'), maxLength: 200 }),
    // The brand's company id: for the server and the database's policies, never shown.
    serverSet({ name: 'buyer_client_id', type: 'string', label: L('Buyer company', '下单公司'), maxLength: 36, visibleWhen: 'false' }),
    ref('plant_id', L('Plant', '生产工厂'), 'plant', 'name'),
    { name: 'order_date', type: 'date', label: L('Order date', '下单日期'), defaultValue: '@now' },
    { name: 'delivery_date', type: 'date', label: L('Delivery date', '交货日期') },
    currencySelect(),
    serverSet(pieces('total_qty', L('Ordered quantity', '订单数量'))),
    serverSet(money('total_amount', L('Amount', '金额'))),
    serverSet(pieces('produced_qty', L('Produced', '已生产'), { hint: L('Booked by the shop floor', '车间扫码计入') })),
    serverSet(pieces('finished_qty', L('Finished quantity', '完成数量'))),
    serverSet({ name: 'reject_reason', type: 'text', label: L('Rejection reason', '拒单原因') }),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    statusSelect(CO_STATUSES, CO_STATUS.OPEN),
  ],
  children: [
    {
      name: 'lines',
      label: L('Lines (style × colour × size)', '明细(款 × 色 × 码)'),
      fields: [
        { name: 'style_code', type: 'string', label: L('Style', '款号'), required: true, maxLength: 64, upperCase: true, trim: true },
        { name: 'colour', type: 'string', label: L('Colour', '颜色'), required: true, maxLength: 64, trim: true },
        { name: 'size', type: 'string', label: L('Size', '尺码'), required: true, maxLength: 32, trim: true },
        pieces('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }] }),
        money('price', L('Unit price', '单价'), 'parent.currency'),
        serverSet(money('amount', L('Amount', '金额'), 'parent.currency')),
      ],
    },
  ],
  list: {
    columns: ['code', 'buyer_name', 'customer_id', 'plant_id', 'delivery_date', 'total_qty', 'produced_qty', 'status', 'reject_reason'],
    filters: ['code', 'status', 'customer_id', 'delivery_date'],
    sort: { field: 'created_at', order: 'desc' },
  },
  status: { field: 'status', values: CO_STATUSES },
  // Merchandisers (SCM) of the receiving company; administrators always may.
  permissions: { write: { any: ['BUYER', 'FACTORY', 'SUPPLIER'] } },
});

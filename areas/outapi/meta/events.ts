// Named event types a company subscribes an outside system to (issue 27, docs/outapi.md 'Event
// subscriptions'): an out-API config with usage 'event' whose API ID is the type's name. Each type
// is published when its business event happens on the platform (server/src/events.ts), to every
// company the event concerns that subscribed to it.
import type { Label } from '@seamline/core';

export interface OutEventType {
  /** The name a subscriber gives as its config's API ID (upper case, like every API ID). */
  name: string;
  /** The platform's business event it publishes. */
  from: string;
  label: Label;
}

const L = (en: string, zh: string): Label => ({ en, zh });

export const OUT_EVENT_TYPES: readonly OutEventType[] = [
  { name: 'ALLOCATION.PUBLISHED', from: 'allocation.published', label: L('Allocation published', '分配方案已发布') },
  { name: 'ORDER.PLACED', from: 'customer-order.placed', label: L('Order placed', '订单已下达') },
  { name: 'ORDER.ACCEPTED', from: 'customer-order.accepted', label: L('Order accepted', '订单已接单') },
  { name: 'ORDER.REJECTED', from: 'customer-order.rejected', label: L('Order rejected', '订单已拒绝') },
  { name: 'ORDER.COMPLETED', from: 'customer-order.completed', label: L('Order completed', '订单已完成') },
  { name: 'MATERIAL-ORDER.CONFIRMED', from: 'material-order.confirmed', label: L('Material order confirmed', '物料订购单已确认') },
  { name: 'MATERIALS.RECEIVED', from: 'material-order.received', label: L("An order's materials received", '订单物料已到齐') },
  { name: 'SHIPMENT.SHIPPED', from: 'shipment.shipped', label: L('Shipment shipped', '已发货') },
  { name: 'RECEIPT.POSTED', from: 'shipment.received', label: L('Receipt posted', '收货已入库') },
  { name: 'INSPECTION.PASSED', from: 'inspection.passed', label: L('Inspection passed', '验货通过') },
  // Finance emits it on a direct approval and on a bound flow's last node (areas/finance notices.ts).
  { name: 'INVOICE.APPROVED', from: 'invoice.approved', label: L('Invoice approved', '发票已审核') },
];

export const outEventNamed = (name: unknown): OutEventType | undefined =>
  typeof name === 'string' ? OUT_EVENT_TYPES.find((e) => e.name === name.trim().toUpperCase()) : undefined;

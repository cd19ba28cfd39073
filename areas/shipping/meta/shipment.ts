// Shipment notice (ASN, issue 26; docs/shipping.md): the supplier (the factory) ships against the
// open customer orders a brand placed on it. Like a customer order it is one document of two
// companies: the row is the supplier's (client_id), the brand is buyer_client_id and reads it once
// shipped (never a draft). Cartons carry an SSCC-18 each; lines say what is in which carton
// (style × colour × size of an order). The states are the table SHIPMENT_ACTIONS below: the
// supplier ships or cancels a draft through the orders area's action route, the brand receives
// through the area's receipt route (the target state depends on what is left to receive).
import { defineEntity, defineStatuses, type FieldDef, type Label } from '@seamline/core';
import type { OrderAction } from '../../orders/meta/actions';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const SHIPPING_AREA = 'shipping';
export const SHIPPING_PREFIX = 'scmapi';
export const SHIPMENT_MENU = 'SCM_SHIPMENT';

export const { codes: SH_STATUS, values: SH_STATUSES } = defineStatuses({
  DRAFT: ['Draft', '草稿', 'default'],
  SHIPPED: ['Shipped', '已发货', 'blue'],
  PARTLY_RECEIVED: ['Partly received', '部分收货', 'orange'],
  RECEIVED: ['Received', '已收货', 'green'],
  CANCELLED: ['Cancelled', '已取消', 'red'],
});

/**
 * Owner = the supplier that ships; counterpart = the brand that receives. 'receive' leads to
 * RECEIVED when every carton is in, else to PARTLY_RECEIVED (the receipt route decides).
 */
export const SHIPMENT_ACTIONS: OrderAction[] = [
  {
    action: 'ship',
    label: L('Ship', '发货'),
    from: [SH_STATUS.DRAFT],
    to: SH_STATUS.SHIPPED,
    side: 'owner',
    refusedIn: { SHIPPED: 'shipping.alreadyShipped', PARTLY_RECEIVED: 'shipping.alreadyShipped', RECEIVED: 'shipping.alreadyShipped' },
  },
  {
    action: 'cancel',
    label: L('Cancel', '取消'),
    from: [SH_STATUS.DRAFT],
    to: SH_STATUS.CANCELLED,
    side: 'owner',
    danger: true,
    refusedIn: { SHIPPED: 'shipping.cancelShipped', PARTLY_RECEIVED: 'shipping.cancelShipped', RECEIVED: 'shipping.cancelShipped' },
  },
  {
    action: 'receive',
    label: L('Receive', '收货'),
    from: [SH_STATUS.SHIPPED, SH_STATUS.PARTLY_RECEIVED],
    to: SH_STATUS.RECEIVED,
    side: 'counterpart',
    refusedIn: { DRAFT: 'shipping.notShipped', CANCELLED: 'shipping.notShipped', RECEIVED: 'shipping.allReceived' },
  },
];

/** The actions served by the orders area's generic action route (the receipt has its own). */
export const SUPPLIER_ACTIONS = SHIPMENT_ACTIONS.filter((a) => a.side === 'owner');
export const RECEIVE_ACTION = SHIPMENT_ACTIONS.find((a) => a.action === 'receive')!;

/** Quantities, weights, volumes: exact, 4 places (spec §9), each in its unit (issue 30). */
const dec = (name: string, label: Label, unit: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'decimal',
  label,
  validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }],
  unit: { fixed: unit },
  ...extra,
});
const serverSet = (field: FieldDef): FieldDef => ({ ...field, readOnly: true });

export const shipmentEntity = defineEntity({
  name: 'shipment',
  area: SHIPPING_AREA,
  prefix: SHIPPING_PREFIX,
  table: 'shp_shipment',
  label: L('Shipment notice', '发货通知(ASN)'),
  route: { cata: 'scm', opt: 'shipment' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('ASN number', '发货单号'), maxLength: 40, trim: true, upperCase: true, unique: true },
    serverSet({ name: 'buyer_name', type: 'string', label: L('Buyer', '收货方'), maxLength: 200 }),
    // The brand's company id (from the orders shipped): for the server and the policies, never shown.
    serverSet({ name: 'buyer_client_id', type: 'string', label: L('Buyer company', '收货公司'), maxLength: 36, visibleWhen: 'false' }),
    { name: 'carrier', type: 'string', label: L('Carrier', '承运商'), maxLength: 100, trim: true },
    { name: 'tracking_ref', type: 'string', label: L('Tracking reference', '运单号'), maxLength: 100, trim: true },
    { name: 'planned_ship_date', type: 'date', label: L('Planned ship date', '计划发货日期') },
    { name: 'actual_ship_date', type: 'date', label: L('Actual ship date', '实际发货日期') },
    serverSet(dec('gross_weight', L('Gross weight (kg)', '毛重(kg)'), 'KG')),
    serverSet(dec('net_weight', L('Net weight (kg)', '净重(kg)'), 'KG')),
    serverSet(dec('volume', L('Volume (m³)', '体积(m³)'), 'M3')),
    serverSet(dec('total_qty', L('Shipped quantity', '发货数量'), 'PCS')),
    serverSet(dec('received_qty', L('Received quantity', '实收数量'), 'PCS')),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    { name: 'status', type: 'select', label: L('Status', '状态'), readOnly: true, defaultValue: SH_STATUS.DRAFT, options: SH_STATUSES },
  ],
  children: [
    {
      name: 'cartons',
      label: L('Cartons', '箱'),
      fields: [
        { name: 'carton_no', type: 'integer', label: L('Carton no.', '箱号'), required: true, validators: [{ type: 'greaterThanZero' }] },
        serverSet({ name: 'sscc', type: 'string', label: L('SSCC', 'SSCC 箱码'), maxLength: 18 }),
        dec('gross_weight', L('Gross weight (kg)', '毛重(kg)'), 'KG'),
        dec('net_weight', L('Net weight (kg)', '净重(kg)'), 'KG'),
        dec('volume', L('Volume (m³)', '体积(m³)'), 'M3'),
      ],
    },
    {
      name: 'lines',
      label: L('Contents (carton × order × style × colour × size)', '装箱明细(箱 × 订单 × 款 × 色 × 码)'),
      fields: [
        { name: 'carton_no', type: 'integer', label: L('Carton no.', '箱号'), required: true, validators: [{ type: 'greaterThanZero' }] },
        // A line ships garments of a customer order, or (issue 27) materials of a material order the
        // buyer placed on this company: then style_code is the material code, colour and size stay
        // empty and the unit is the material order's (server: shipments.ts 'materialLines').
        { name: 'order_id', type: 'reference', label: L('Customer order', '客户订单'), ref: { entity: 'customer-order', displayField: 'code' } },
        { name: 'material_order_id', type: 'string', label: L('Material order', '物料订购单'), maxLength: 36, trim: true },
        { name: 'style_code', type: 'string', label: L('Style / material', '款号/物料编码'), required: true, maxLength: 64, upperCase: true, trim: true },
        { name: 'colour', type: 'string', label: L('Colour', '颜色'), maxLength: 64, trim: true },
        { name: 'size', type: 'string', label: L('Size', '尺码'), maxLength: 32, trim: true },
        serverSet({ name: 'unit', type: 'select', label: L('Unit', '单位'), options: { dictionary: 'UNIT' }, defaultValue: 'PCS' }),
        { name: 'qty', type: 'decimal', label: L('Quantity', '数量'), required: true, validators: [{ type: 'maxDecimals4' }, { type: 'greaterThanZero' }], unit: { field: 'unit' } },
      ],
    },
  ],
  list: {
    columns: ['code', 'buyer_name', 'carrier', 'tracking_ref', 'planned_ship_date', 'actual_ship_date', 'total_qty', 'received_qty', 'status'],
    filters: ['code', 'status', 'carrier', 'planned_ship_date'],
    sort: { field: 'created_at', order: 'desc' },
  },
  status: { field: 'status', values: SH_STATUSES },
  numbering: { field: 'code', serial: 'SHIPMENT' },
  // Merchandisers and shipping clerks of the supplier, the brand's buyers who receive; administrators always may.
  permissions: { write: { any: ['BUYER', 'FACTORY', 'SUPPLIER', 'WAREHOUSE'] } },
});

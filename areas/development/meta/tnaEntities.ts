// PO tracking and garment-node following (spec §1, §3 'follow-node config'): a follow-node config
// is a template of nodes (day offsets from the order or delivery date, an owner role, the nodes it
// depends on); applying it to an order gives a T&A plan (entity node-following) whose nodes get
// planned dates; users record actual dates and the server re-projects (./tna) on every save.
import { defineEntity, type EntityDef, type FieldDef, type RuleError } from '@seamline/core';
import { codeField, currencyField, dateField, nameField, referenceField, textField } from '../../masterdata/meta/fields';
import { entityHead, L, NODE_STATES } from './fields';
import { topoOrder } from './tna';

const BASIS = [
  { value: 'ORDER', label: L('Order date', '下单日期') },
  { value: 'DELIVERY', label: L('Delivery date', '交货日期') },
];

const DAG_MESSAGES = {
  duplicate: L('Node {node} appears twice', '节点 {node} 重复'),
  unknown: L('Node {node} depends on a node that is not in the list', '节点 {node} 依赖的节点不在列表中'),
  cycle: L('The dependencies of node {node} go round in a circle', '节点 {node} 的依赖形成了循环'),
};

/** The nodes must form a DAG (unique codes, known dependencies, no cycle). */
export function dagRule(child: string) {
  return (doc: Record<string, unknown>): RuleError[] => {
    const nodes = Array.isArray(doc[child]) ? (doc[child] as Array<{ node_code: string; depends_on?: string }>) : [];
    const r = topoOrder(nodes.map((n) => ({ node_code: String(n.node_code ?? ''), depends_on: n.depends_on })));
    if (!('problem' in r)) return [];
    const index = Math.max(0, nodes.findIndex((n) => String(n.node_code ?? '').trim().toUpperCase() === r.node));
    const m = DAG_MESSAGES[r.problem];
    return [{ field: r.problem === 'duplicate' ? 'node_code' : 'depends_on', child: { name: child, index }, message: L(m.en.replace('{node}', r.node), m.zh.replace('{node}', r.node)) }];
  };
}

const nodeCode = textField('node_code', L('Node code', '节点编码'), { required: true, maxLength: 20, upperCase: true });
const nodeName = textField('node_name', L('Node name', '节点名称'), { required: true, maxLength: 60 });
const dependsOn = textField('depends_on', L('Depends on (node codes)', '前置节点(编码)'), { maxLength: 200, upperCase: true });
const ownerRole = textField('owner_role', L('Owner role', '负责角色'), { maxLength: 40, upperCase: true });

/** A config's or a plan's nodes: a child table, code and name first, kept a DAG by dagRule. */
function nodesChild(fields: FieldDef[]): Pick<EntityDef, 'children' | 'rules'> {
  return { children: [{ name: 'nodes', label: L('Nodes', '节点'), fields: [nodeCode, nodeName, ...fields] }], rules: [dagRule('nodes')] };
}

/**
 * Issue 27: the platform event that completes a node by itself (its actual date is the event's
 * day), so a plan on a customer order follows the order without typing. Empty: completed by hand.
 */
export const TNA_EVENTS = [
  { value: 'MATERIAL_RECEIVED', label: L('Materials received (material orders received)', '面料到厂(物料订购单已收料)') },
  { value: 'CUTTING_STARTED', label: L('Cutting started (first scan)', '开裁(首次扫码)') },
  { value: 'SEWING_DONE', label: L('Sewing done (last scan)', '车缝完成(末次扫码)') },
  { value: 'INSPECTION_PASSED', label: L('Inspection passed', '验货通过') },
  { value: 'SHIPPED', label: L('Shipped', '已出货') },
];
const nodeEvent = { name: 'event', type: 'select' as const, label: L('Completed by event', '自动完成事件'), options: TNA_EVENTS };

export const followNodeConfigEntity: EntityDef = defineEntity({
  ...entityHead('follow-node-config', 'plm_follow_node_config'),
  label: L('Follow-node config', '跟进节点配置'),
  display: 'name',
  fields: [
    codeField({ label: L('Config code', '配置编码') }),
    nameField(L('Config name', '配置名称')),
    { name: 'basis', type: 'select', label: L('Offsets count from', '偏移基准'), options: BASIS, defaultValue: 'DELIVERY', required: true },
    // Issue 27: the template of a style, else of its season, is applied to a customer order when it is placed.
    referenceField('style_id', L('Template of style', '适用款式'), 'style', 'code'),
    referenceField('season_id', L('Template of season', '适用季节'), 'season', 'name'),
  ],
  ...nodesChild([
    { name: 'offset_days', type: 'integer', label: L('Offset (days)', '偏移天数'), required: true, hint: L('Negative: before the basis date', '负数表示在基准日期之前') },
    ownerRole,
    dependsOn,
    nodeEvent,
  ]),
  list: { columns: ['code', 'name', 'basis', 'style_id', 'season_id'], filters: ['code', 'name'], sort: { field: 'code', order: 'asc' } },
});

export const PO_STATUS = [
  { value: 'open', label: L('Open', '进行中'), color: 'blue' },
  { value: 'shipped', label: L('Shipped', '已出货'), color: 'green' },
  { value: 'cancelled', label: L('Cancelled', '已取消'), color: 'red' },
];

export const poTrackingEntity: EntityDef = defineEntity({
  ...entityHead('po-tracking', 'plm_po_tracking'),
  label: L('Purchase order (tracking)', '订单跟踪'),
  display: 'po_no',
  fields: [
    { name: 'po_no', type: 'string', label: L('PO number', '订单号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40 },
    referenceField('style_id', L('Style', '款式'), 'style', 'code', { required: true }),
    referenceField('customer_id', L('Customer', '客户'), 'customer', 'name'),
    { name: 'qty', type: 'decimal', label: L('Quantity', '数量'), required: true, validators: [{ type: 'positiveNumber' }], unit: { fixed: 'PCS' } },
    { name: 'unit_price', type: 'decimal', label: L('Unit price', '单价'), validators: [{ type: 'positiveNumber' }], currency: { field: 'currency' } },
    currencyField('currency'),
    dateField('order_date', L('Order date', '下单日期'), { required: true }),
    dateField('delivery_date', L('Delivery date', '交货日期'), { required: true }),
    { name: 'status', type: 'select', label: L('Status', '状态'), options: PO_STATUS, defaultValue: 'open', readOnly: true },
  ],
  list: { columns: ['po_no', 'style_id', 'customer_id', 'qty', 'order_date', 'delivery_date', 'status'], filters: ['po_no', 'style_id', 'status'], sort: { field: 'po_no', order: 'desc' } },
  status: { field: 'status', values: PO_STATUS },
  transitions: [
    { action: 'ship', label: L('Shipped', '出货'), from: ['open'], to: 'shipped' },
    { action: 'cancel', label: L('Cancel', '取消'), from: ['open'], to: 'cancelled' },
  ],
  rules: [
    (doc) =>
      doc.order_date && doc.delivery_date && String(doc.order_date) > String(doc.delivery_date)
        ? [{ field: 'delivery_date', message: L('The delivery date is before the order date', '交货日期早于下单日期') }]
        : [],
  ],
});

export const nodeFollowingEntity: EntityDef = defineEntity({
  ...entityHead('node-following', 'plm_node_following'),
  label: L('Garment-node following (T&A)', '成衣节点跟进(T&A)'),
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Plan number', '计划编号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40 },
    referenceField('po_id', L('Order', '订单'), 'po-tracking', 'po_no'),
    // A customer order of the orders area (the factory's row) can carry a plan as well as a tracked PO.
    referenceField('customer_order_id', L('Customer order', '客户订单'), 'customer-order', 'code'),
    textField('order_ref', L('Order reference', '订单参考'), { maxLength: 60 }),
    referenceField('config_id', L('Follow-node config', '跟进节点配置'), 'follow-node-config', 'name'),
    dateField('basis_date', L('Basis date', '基准日期'), { readOnly: true }),
    { name: 'late_nodes', type: 'integer', label: L('Nodes late or at risk', '延误/风险节点数'), readOnly: true, defaultValue: 0 },
  ],
  ...nodesChild([
    ownerRole,
    referenceField('owner_id', L('Owner', '负责人'), 'user', 'full_name'),
    dependsOn,
    dateField('planned_date', L('Planned date', '计划日期'), { required: true }),
    dateField('actual_date', L('Actual date', '实际日期')),
    dateField('projected_date', L('Projected date', '预计日期'), { readOnly: true }),
    { name: 'state', type: 'select', label: L('State', '状态'), options: NODE_STATES, readOnly: true },
    { name: 'critical', type: 'boolean', label: L('Critical path', '关键路径'), readOnly: true },
    nodeEvent,
  ]),
  list: { columns: ['code', 'po_id', 'order_ref', 'config_id', 'basis_date', 'late_nodes'], filters: ['code', 'po_id', 'order_ref'], sort: { field: 'code', order: 'desc' } },
});

// Production planning and work orders (spec §4 'Planning / work order'; ORD-13..15, ORD-19).
// A plan takes one customer order of the company into production in a plant: planning it splits
// the order into work orders, one per standard process of the plant (master data's process tree,
// top level) on a production line whose work-line capacity allows that process, scheduled from
// the line's morning and afternoon hours. States, for the plan and for each work order:
// PENDING (awaiting plan) → DRAFT (pre-planned) → PLANNED (locked); a planner may unlock; an
// unlocked work order loses its draft schedule; ACTIVE (activated on the floor) cannot be unlocked.
import { defineEntity, type StatusValue } from '@seamline/core';
import type { OrderAction } from './actions';
import { AREA, L, pieces, PREFIX, qty, ref, serverSet, statusSelect } from './fields';

export const PLAN_STATUS = { PENDING: 'PENDING', DRAFT: 'DRAFT', PLANNED: 'PLANNED' } as const;
export const WO_STATUS = { PENDING: 'PENDING', DRAFT: 'DRAFT', PLANNED: 'PLANNED', ACTIVE: 'ACTIVE', COMPLETED: 'COMPLETED' } as const;

const PENDING = { value: 'PENDING', label: L('Pending (awaiting plan)', '待排产'), color: 'orange' };
const DRAFT = { value: 'DRAFT', label: L('Pre-planned draft', '预排草稿'), color: 'cyan' };
const PLANNED = { value: 'PLANNED', label: L('Planned (locked)', '已排产(锁定)'), color: 'blue' };

export const PLAN_STATUSES: StatusValue[] = [PENDING, DRAFT, PLANNED];
export const WO_STATUSES: StatusValue[] = [
  PENDING,
  DRAFT,
  PLANNED,
  { value: WO_STATUS.ACTIVE, label: L('Activated', '已激活'), color: 'purple' },
  { value: WO_STATUS.COMPLETED, label: L('Completed', '已完成'), color: 'green' },
];

export const PLAN_ACTIONS: OrderAction[] = [
  // Splits the order into draft work orders; refused when the plant has no standard process (§8).
  { action: 'plan', label: L('Plan', '排产'), from: [PLAN_STATUS.PENDING], to: PLAN_STATUS.DRAFT, side: 'owner' },
  // Accepting the plan locks it and its work orders (ORD-09).
  { action: 'lock', label: L('Lock', '锁定'), from: [PLAN_STATUS.DRAFT], to: PLAN_STATUS.PLANNED, side: 'owner' },
  // Back to pending: only while no outsourced order of the plan is submitted and no work order is
  // activated; removes the draft work orders and the unsubmitted outsourced drafts (ORD-10, 11, 14).
  { action: 'unlock', label: L('Unlock', '解锁'), from: [PLAN_STATUS.DRAFT, PLAN_STATUS.PLANNED], to: PLAN_STATUS.PENDING, side: 'owner', danger: true },
];

export const WORK_ORDER_ACTIONS: OrderAction[] = [
  { action: 'lock', label: L('Lock', '锁定'), from: [WO_STATUS.DRAFT], to: WO_STATUS.PLANNED, side: 'owner' },
  {
    action: 'unlock',
    label: L('Unlock', '解锁'),
    from: [WO_STATUS.DRAFT, WO_STATUS.PLANNED],
    to: WO_STATUS.PENDING,
    side: 'owner',
    danger: true,
    refusedIn: { ACTIVE: 'orders.woActivated', COMPLETED: 'orders.woActivated' },
  },
  { action: 'activate', label: L('Activate', '激活'), from: [WO_STATUS.PLANNED], to: WO_STATUS.ACTIVE, side: 'owner' },
  { action: 'finish', label: L('Complete', '完工'), from: [WO_STATUS.ACTIVE], to: WO_STATUS.COMPLETED, side: 'owner' },
];

export const productionPlanEntity = defineEntity({
  name: 'production-plan',
  area: AREA,
  prefix: PREFIX,
  table: 'ord_production_plan',
  label: L('Production plan', '生产计划'),
  route: { cata: 'plan', opt: 'planning' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Plan number', '计划单号'), required: true, maxLength: 64, trim: true },
    ref('customer_order_id', L('Customer order', '客户订单'), 'customer-order', 'code', { required: true }),
    ref('plant_id', L('Plant', '生产工厂'), 'plant', 'name', { required: true }),
    { name: 'start_date', type: 'date', label: L('Start from', '开始日期'), required: true, defaultValue: '@now' },
    serverSet(pieces('qty', L('Quantity', '数量'))),
    serverSet({ name: 'end_date', type: 'date', label: L('Planned end', '计划完工') }),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    statusSelect(PLAN_STATUSES, PLAN_STATUS.PENDING),
  ],
  list: {
    columns: ['code', 'customer_order_id', 'plant_id', 'qty', 'start_date', 'end_date', 'status'],
    filters: ['code', 'status', 'plant_id', 'customer_order_id'],
    sort: { field: 'created_at', order: 'desc' },
  },
  status: { field: 'status', values: PLAN_STATUSES },
  permissions: { write: { any: ['FACTORY', 'PLANNER'] } },
});

/**
 * Work order: one process of one plan on one production line, with its planned days. The floor
 * hangs bundle tickets and scans off it and books `completed_qty`; the size breakdown (colour ×
 * size × quantity) is copied from the customer order's lines.
 */
export const workOrderEntity = defineEntity({
  name: 'work-order',
  area: AREA,
  prefix: PREFIX,
  table: 'ord_work_order',
  label: L('Work order', '生产工单'),
  route: { cata: 'prodmgm', opt: 'work-order' },
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Work order', '工单号'), required: true, maxLength: 64, trim: true },
    ref('plan_id', L('Production plan', '生产计划'), 'production-plan', 'code'),
    ref('customer_order_id', L('Customer order', '客户订单'), 'customer-order', 'code', { required: true }),
    { name: 'style_code', type: 'string', label: L('Style', '款号'), maxLength: 64, upperCase: true },
    ref('plant_id', L('Plant', '生产工厂'), 'plant', 'name', { required: true }),
    ref('production_line_id', L('Production line', '产线'), 'production-line', 'name'),
    ref('process_id', L('Process', '工序'), 'process', 'name', { required: true }),
    { name: 'sequence', type: 'integer', label: L('Step', '工序顺序'), validators: [{ type: 'positiveInteger' }] },
    pieces('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }] }),
    { name: 'planned_start', type: 'date', label: L('Planned start', '计划开始') },
    { name: 'planned_end', type: 'date', label: L('Planned end', '计划结束') },
    serverSet(pieces('completed_qty', L('Completed', '已完成数量'), { defaultValue: '0' })),
    serverSet(qty('progress', L('Progress %', '进度%'), { defaultValue: '0', unit: { fixed: 'PCT' } })),
    statusSelect(WO_STATUSES, WO_STATUS.PENDING),
  ],
  children: [
    {
      name: 'sizes',
      label: L('Colour × size', '颜色 × 尺码'),
      fields: [
        { name: 'colour', type: 'string', label: L('Colour', '颜色'), required: true, maxLength: 64 },
        { name: 'size', type: 'string', label: L('Size', '尺码'), required: true, maxLength: 32 },
        pieces('qty', L('Quantity', '数量'), { required: true, validators: [{ type: 'greaterThanZero' }] }),
      ],
    },
  ],
  list: {
    columns: ['code', 'customer_order_id', 'style_code', 'production_line_id', 'process_id', 'qty', 'planned_start', 'planned_end', 'completed_qty', 'status'],
    filters: ['code', 'status', 'production_line_id', 'customer_order_id', 'plan_id', 'planned_start'],
    sort: { field: 'planned_start', order: 'asc' },
  },
  status: { field: 'status', values: WO_STATUSES },
  permissions: { write: { any: ['FACTORY', 'PLANNER'] } },
});

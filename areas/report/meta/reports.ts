// Report definitions (spec §2 `{cata}/dsrptindex/{opt}`, `/zp/{cata}/qvrpt/{opt}`, `/clientrpt/…`):
// what a report groups and measures over one source. A source is an engine entity (its list's
// data rules and tenancy apply, server/run.ts) or one of the few hand-written tables the engine
// does not define (tickets, quotations), which bring their own visibility rule. Pure data, shared
// by server (SQL) and web (titles, columns, chart).
import type { Label } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });

export type Aggregate = 'count' | 'sum' | 'avg';

export interface Measure {
  key: string;
  agg: Aggregate;
  /** The summed or averaged field; none for count. */
  field?: string;
  label: Label;
}

export type ReportSource = { entity: string } | { custom: 'ticket' | 'quotation' | 'placed-order' };

export interface ReportDef {
  opt: string;
  label: Label;
  description: Label;
  source: ReportSource;
  /**
   * Fixed filters in the engine's list syntax (q). '@today' / '@yesterday' in a value are the database's date,
   * so 'late' stays late tomorrow.
   */
  where?: Record<string, unknown>;
  /** The field rows are grouped by (its label: select option, reference display, or the value). */
  groupBy: string;
  /** The group's column title. */
  groupLabel: Label;
  measures: Measure[];
  /** Fields the user may filter on (the engine's `q` syntax, passed through its parser). */
  filters?: string[];
  chart: 'bar' | 'pie';
  /** Menus that open the report (any of them); RPT_REPORTS always does. */
  menus?: string[];
  /** A client report: shown to the other company of a relation (/clientrpt/{opt}). */
  client?: boolean;
  /**
   * Customer orders of both sides: received ones and those the company placed on the platform
   * (buyer_client_id), grouped by the counterpart — the customer of a received order (or, for a
   * platform order without one, the company that placed it), the receiving company of a placed
   * one. So the control tower's figure and the report it opens count the same rows.
   */
  counterpart?: boolean;
}

const count = (en = 'Count', zh = '数量'): Measure => ({ key: 'count', agg: 'count', label: L(en, zh) });
const sum = (field: string, label: Label): Measure => ({ key: `sum_${field}`, agg: 'sum', field, label });
const avg = (field: string, label: Label): Measure => ({ key: `avg_${field}`, agg: 'avg', field, label });

const OPEN_ORDER = { status: { op: 'in', value: ['OPEN', 'IN_PROGRESS'] } };

export const REPORTS: ReportDef[] = [
  {
    opt: 'open-orders',
    label: L('Open orders by status', '未完成订单(按状态)'),
    description: L('Customer orders pending acceptance or in progress', '待接单或进行中的客户订单'),
    source: { entity: 'customer-order' },
    where: OPEN_ORDER,
    groupBy: 'status',
    groupLabel: L('Status', '状态'),
    measures: [count('Orders', '订单数'), sum('total_qty', L('Ordered quantity', '订单数量')), sum('total_amount', L('Amount', '金额')), avg('total_qty', L('Average quantity', '平均数量'))],
    filters: ['customer_id', 'delivery_date'],
    chart: 'pie',
    menus: ['SCM_CUSTOMER_ORDER'],
  },
  {
    opt: 'orders-by-customer',
    label: L('Open orders by customer', '未完成订单(按客户)'),
    description: L('Quantity ordered and produced per customer', '各客户的订单与已生产数量'),
    source: { entity: 'customer-order' },
    where: OPEN_ORDER,
    groupBy: 'customer_id',
    groupLabel: L('Customer or supplier', '客户或供应商'),
    measures: [count('Orders', '订单数'), sum('total_qty', L('Ordered quantity', '订单数量')), sum('produced_qty', L('Produced', '已生产'))],
    filters: ['delivery_date'],
    chart: 'bar',
    menus: ['SCM_CUSTOMER_ORDER'],
    counterpart: true,
  },
  {
    opt: 'late-orders',
    label: L('Open orders past delivery', '逾期未完成订单'),
    description: L('Open orders received or placed whose delivery date has passed, by customer or supplier', '交期已过仍未完成的订单(接收或下达，按客户或供应商)'),
    source: { entity: 'customer-order' },
    where: { ...OPEN_ORDER, delivery_date: { op: 'lte', value: '@yesterday' } },
    groupBy: 'customer_id',
    groupLabel: L('Customer or supplier', '客户或供应商'),
    measures: [count('Orders', '订单数'), sum('total_qty', L('Ordered quantity', '订单数量')), sum('produced_qty', L('Produced', '已生产'))],
    chart: 'bar',
    menus: ['SCM_CUSTOMER_ORDER'],
    counterpart: true,
  },
  {
    opt: 'sales',
    label: L('Order amount by status', '订单金额(按状态)'),
    description: L('Every customer order, amount per status', '全部客户订单各状态金额'),
    source: { entity: 'customer-order' },
    groupBy: 'status',
    groupLabel: L('Status', '状态'),
    measures: [count('Orders', '订单数'), sum('total_amount', L('Amount', '金额'))],
    filters: ['order_date', 'customer_id'],
    chart: 'bar',
    menus: ['SCM_CUSTOMER_ORDER'],
  },
  {
    opt: 'vendors-by-category',
    label: L('Vendors by category', '供应商(按类别)'),
    description: L('How many vendors each category has', '各类别的供应商数量'),
    source: { entity: 'vendor' },
    groupBy: 'category',
    groupLabel: L('Vendor category', '供应商类别'),
    measures: [count('Vendors', '供应商数')],
    filters: ['grade', 'type'],
    chart: 'pie',
    menus: ['SRM_VENDOR'],
  },
  {
    opt: 'quotations-waiting',
    label: L('Quotations waiting for a decision', '待决策的报价'),
    description: L('Posted supplier quotations per sourcing project', '各寻源项目已提交待决策的报价'),
    source: { custom: 'quotation' },
    where: { status: 'posted' },
    groupBy: 'project_id',
    groupLabel: L('Sourcing project', '寻源项目'),
    measures: [count('Quotations', '报价数')],
    chart: 'bar',
    menus: ['SRM_RFQ'],
  },
  {
    opt: 'tickets-by-category',
    label: L('Exception tickets by category', '异常工单(按分类)'),
    description: L('Tickets you take part in, with their deductions', '您参与的异常工单及扣款'),
    source: { custom: 'ticket' },
    groupBy: 'category_id',
    groupLabel: L('Category', '分类'),
    measures: [count('Tickets', '工单数'), sum('deduction_amount', L('Deductions', '扣款金额')), avg('deduction_amount', L('Average deduction', '平均扣款'))],
    filters: ['status'],
    chart: 'bar',
    menus: ['COLLAB_TICKET'],
  },
  {
    opt: 'capacity-load',
    label: L('Capacity load by week', '产能负荷(按周)'),
    description: L('Our capacity, booked and free standard minutes per ISO week', '各周的产能、已占用与可用标准分钟'),
    source: { entity: 'vendor-capacity' },
    groupBy: 'week',
    groupLabel: L('Week', '周'),
    measures: [sum('capacity_minutes', L('Capacity (min)', '产能(分钟)')), sum('booked_minutes', L('Booked (min)', '已占用(分钟)')), sum('free_minutes', L('Free (min)', '可用(分钟)'))],
    filters: ['group_code'],
    chart: 'bar',
    menus: ['SCM_VENDOR_CAPACITY', 'PLAN_CAPACITY_BOARD'],
  },
  {
    opt: 'output',
    label: L('Work-order output', '工单产出'),
    description: L('Planned and completed pieces per work-order status', '各工单状态的计划与完成件数'),
    source: { entity: 'work-order' },
    groupBy: 'status',
    groupLabel: L('Status', '状态'),
    measures: [count('Work orders', '工单数'), sum('qty', L('Planned (pcs)', '计划(件)')), sum('completed_qty', L('Completed (pcs)', '完成(件)'))],
    chart: 'bar',
    menus: ['FACTORY_WORK_ORDER'],
  },
  {
    opt: 'placed-orders',
    label: L('Our orders at this supplier', '我方在该供应商的订单'),
    description: L('The orders your company placed at the supplier, by status', '贵公司在该供应商下的订单(按状态)'),
    source: { custom: 'placed-order' },
    groupBy: 'status',
    groupLabel: L('Status', '状态'),
    measures: [count('Orders', '订单数'), sum('total_qty', L('Ordered quantity', '订单数量')), sum('produced_qty', L('Produced', '已生产'))],
    chart: 'bar',
    client: true,
  },
];

export const reportByOpt = (opt: string | undefined): ReportDef | undefined => REPORTS.find((r) => r.opt === opt);

/** A measure's wire column: exact decimal text with 4 places (count: a whole number). */
export const measureColumns = (r: ReportDef): string[] => r.measures.map((m) => m.key);

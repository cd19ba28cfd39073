// The warehouse and shop-floor half of the orders area: warehouses, bins, stock documents
// (./warehouse.ts, prefix scmapi) and bundle tickets (prefix vfapi, cata prodmgm). A bundle is a
// slice of a work order (N pieces of one style, colour and size) with its process route; scans
// of it at the stations are not engine documents but rows of vf_scan written by the scanning
// routes (areas/orders/server/floor/scan.ts), which also keep the work order's progress.
import { defineEntity, type EntityDef, type Label, type StatusValue } from '@seamline/core';
import { warehouseEntities } from './warehouse';

const L = (en: string, zh: string): Label => ({ en, zh });
export const VF_PREFIX = 'vfapi';
export const VF_CATA = 'prodmgm';

export const BUNDLE_STATUS: StatusValue[] = [
  { value: 'open', label: L('Not started', '未开工'), color: 'default' },
  { value: 'running', label: L('In production', '生产中'), color: 'processing' },
  { value: 'done', label: L('Finished', '已完工'), color: 'success' },
];

export const bundleEntity = defineEntity({
  name: 'bundle',
  area: 'orders',
  prefix: VF_PREFIX,
  table: 'vf_bundle',
  label: L('Bundle ticket', '扎票'),
  route: { cata: VF_CATA, opt: 'bundle' },
  display: 'bundle_code',
  fields: [
    { name: 'bundle_code', type: 'string', label: L('Bundle code', '扎号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40, validators: [{ type: 'noChinese' }] },
    { name: 'work_order_id', type: 'reference', label: L('Work order', '生产工单'), ref: { entity: 'work-order', displayField: 'code' }, required: true },
    { name: 'style_code', type: 'string', label: L('Style', '款号'), trim: true, maxLength: 40 },
    { name: 'colour', type: 'string', label: L('Colour', '颜色'), trim: true, maxLength: 40 },
    { name: 'size', type: 'string', label: L('Size', '尺码'), trim: true, maxLength: 20 },
    { name: 'quantity', type: 'integer', label: L('Pieces', '件数'), required: true, validators: [{ type: 'positiveInteger' }] },
    { name: 'done_steps', type: 'integer', label: L('Steps done', '已完成工序数'), defaultValue: 0, readOnly: true },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: BUNDLE_STATUS, defaultValue: 'open', readOnly: true },
  ],
  children: [
    {
      name: 'steps',
      label: L('Process route', '工艺路线'),
      fields: [
        { name: 'step_no', type: 'integer', label: L('Step', '步骤'), required: true, validators: [{ type: 'positiveInteger' }] },
        { name: 'process_id', type: 'reference', label: L('Process', '工序'), ref: { entity: 'process', displayField: 'name' }, required: true },
      ],
    },
  ],
  list: {
    columns: ['bundle_code', 'work_order_id', 'style_code', 'colour', 'size', 'quantity', 'done_steps', 'status'],
    filters: ['bundle_code', 'work_order_id', 'style_code', 'status'],
    sort: { field: 'bundle_code', order: 'asc' },
  },
  status: { field: 'status', values: BUNDLE_STATUS },
  rules: [
    (doc) => {
      const steps = Array.isArray(doc.steps) ? (doc.steps as Record<string, unknown>[]) : [];
      const seen = new Set<string>();
      return steps.flatMap((row, index) => {
        const key = String(row.process_id ?? '');
        if (!key || !seen.has(key)) return (seen.add(key), []);
        return [{ field: 'process_id', child: { name: 'steps', index }, message: L('A process appears once in a route', '同一工序在工艺路线中只能出现一次') }];
      });
    },
  ],
  permissions: { write: { any: ['ADMIN', 'PLANNER'] } },
});

export const floorEntities: EntityDef[] = [...warehouseEntities, bundleEntity];

/** The socket.io event a booked scan sends to the factory's and the brand's company rooms. */
export const PROGRESS_EVENT = 'WO_PROGRESS';

/** One process step of a work order: pieces routed through it and pieces done. */
export interface ProgressRow {
  process_id: string;
  seq: number;
  process_name: string;
  planned_qty: number;
  done_qty: number;
}
/** A work order's progress (GET vfapi/progress, the WO_PROGRESS event, a scan's answer). */
export interface Progress {
  work_order_id: string;
  work_order_code: string | null;
  order_id: string | null;
  processes: ProgressRow[];
}

const en = {
  'floor.issueExceedsStock': 'issued quantity exceeds stock in the bin',
  'floor.postedReadOnly': 'A posted or cancelled stock document can no longer be changed or deleted',
  'floor.noLines': 'Add at least one line before posting',
  'floor.sameBin': 'A move needs a target bin other than its source bin',
  'floor.bundleNotFound': 'Unknown bundle code {code}',
  'floor.notInRoute': 'Bundle {code} does not pass {process}',
  'floor.alreadyScanned': 'Bundle {code} was already scanned at {process}',
  'floor.wrongStep': 'Bundle {code} must first go through {expected}',
  'floor.scanOk': 'Bundle {code}: {qty} pcs booked at {process}',
  'floor.noProcess': 'Choose the process of this station',
  'floor.noRoute': 'No scanned process (scan flags) is maintained for the plant of this work order',
  'floor.alreadyCut': 'This work order already has bundle tickets',
  'floor.bundleSize': 'The bundle size must be a whole number from 1 to 1000',
  'floor.nothingToCut': 'The work order has no quantity to cut into bundles',
  'floor.bundleStarted': 'A scanned bundle keeps its work order, quantity and route, and cannot be deleted',
  'floor.cancelLaterFirst': 'Bundle {code} has later scans: cancel those before the one at {process}',
  'floor.scanCancelled': 'Bundle {code}: {qty} pcs at {process} taken back',
};
const zh: Record<keyof typeof en, string> = {
  'floor.issueExceedsStock': '出库数量超过库位库存',
  'floor.postedReadOnly': '已过账或已作废的库存单据不能再修改或删除',
  'floor.noLines': '请至少添加一行明细后再过账',
  'floor.sameBin': '移库的目标库位不能与来源库位相同',
  'floor.bundleNotFound': '扎号 {code} 不存在',
  'floor.notInRoute': '扎号 {code} 的工艺路线不含工序 {process}',
  'floor.alreadyScanned': '扎号 {code} 已在工序 {process} 扫描过',
  'floor.wrongStep': '扎号 {code} 须先完成工序 {expected}',
  'floor.scanOk': '扎号 {code}:{process} 已登记 {qty} 件',
  'floor.noProcess': '请选择本工位的工序',
  'floor.noRoute': '该工单所在工厂未维护需扫描的工序(扫描标识)',
  'floor.alreadyCut': '该工单已生成扎票',
  'floor.bundleSize': '每扎件数须为 1 到 1000 的整数',
  'floor.nothingToCut': '该工单没有可分扎的数量',
  'floor.bundleStarted': '已扫描的扎票不能更改工单、件数和工艺路线,也不能删除',
  'floor.cancelLaterFirst': '扎号 {code} 还有后续工序的扫描:请先撤销后续扫描,再撤销工序 {process} 的扫描',
  'floor.scanCancelled': '扎号 {code}:已撤销工序 {process} 的 {qty} 件',
};

export const floorMessages: { en: Record<string, string>; zh: Record<string, string> } = { en, zh };

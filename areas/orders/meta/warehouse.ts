// Warehouse (issue 14): warehouses, their bins, and the three stock documents — receipt, issue,
// move — each with lines of a material or a style (colour, size) and a quantity. Posting a
// document writes the append-only stock ledger (areas/orders/server/floor/stock.ts); the stock of
// a bin is the sum of its ledger rows, kept as a table in the same transaction. The documents'
// transitions are the table STOCK_TRANSITIONS below, served by the floor routes rather than the
// engine's generic actions, because posting must write the ledger in the same transaction.
import { defineEntity, type ChildTableDef, type EntityDef, type FieldDef, type Label, type StatusValue, type TransitionDef } from '@seamline/core';

const L = (en: string, zh: string): Label => ({ en, zh });
export const WAREHOUSE_AREA = 'orders';
export const SCM_PREFIX = 'scmapi';
export const SCM_CATA = 'scm';

const text = (name: string, label: Label, maxLength = 100, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'string', label, trim: true, maxLength, ...extra });
const ref = (name: string, label: Label, entity: string, displayField: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'reference',
  label,
  ref: { entity, displayField },
  ...extra,
});
/** Quantities: numeric with 4 decimals, above zero. */
export const quantityField = (name = 'quantity', label = L('Quantity', '数量'), extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'decimal',
  label,
  required: true,
  validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }],
  ...extra,
});

// Company administrators always may; a WAREHOUSE role opens it to a storekeeper.
const WRITERS = { any: ['ADMIN', 'WAREHOUSE'] };

export const warehouseEntity = defineEntity({
  name: 'warehouse',
  area: WAREHOUSE_AREA,
  prefix: SCM_PREFIX,
  table: 'scm_warehouse',
  label: L('Warehouse', '仓库'),
  route: { cata: SCM_CATA, opt: 'warehouse' },
  display: 'name',
  fields: [
    text('code', L('Warehouse code', '仓库编码'), 32, { required: true, unique: true, upperCase: true }),
    text('name', L('Warehouse name', '仓库名称'), 100, { required: true }),
    ref('plant_id', L('Plant', '工厂'), 'plant', 'name'),
    text('address', L('Address', '地址'), 200),
    { name: 'active', type: 'boolean', label: L('Active', '启用'), defaultValue: true },
  ],
  list: { columns: ['code', 'name', 'plant_id', 'active'], filters: ['code', 'name', 'plant_id'], sort: { field: 'code', order: 'asc' } },
  permissions: { write: WRITERS },
});

export const binEntity = defineEntity({
  name: 'warehouse-bin',
  area: WAREHOUSE_AREA,
  prefix: SCM_PREFIX,
  table: 'scm_bin',
  label: L('Bin', '库位'),
  route: { cata: SCM_CATA, opt: 'warehouse-bin' },
  display: 'code',
  fields: [
    ref('warehouse_id', L('Warehouse', '仓库'), 'warehouse', 'name', { required: true }),
    text('code', L('Bin code', '库位编码'), 32, { required: true, unique: true, upperCase: true }),
    text('name', L('Bin name', '库位名称'), 100),
    { name: 'active', type: 'boolean', label: L('Active', '启用'), defaultValue: true },
  ],
  list: { columns: ['code', 'name', 'warehouse_id', 'active'], filters: ['code', 'warehouse_id'], sort: { field: 'code', order: 'asc' } },
  permissions: { write: WRITERS },
});

export const STOCK_STATUS: StatusValue[] = [
  { value: 'draft', label: L('Draft', '草稿'), color: 'default' },
  { value: 'posted', label: L('Posted', '已过账'), color: 'success' },
  { value: 'cancelled', label: L('Cancelled', '已作废'), color: 'error' },
];

/** The stock documents' transitions (served by scmapi/<entity>/<action>, see the file comment). */
export const STOCK_TRANSITIONS: TransitionDef[] = [
  { action: 'post', label: L('Post', '过账'), from: ['draft'], to: 'posted', roles: WRITERS },
  { action: 'cancel', label: L('Cancel', '作废'), from: ['draft'], to: 'cancelled', roles: WRITERS },
];

export type StockKind = 'receipt' | 'issue' | 'move';

/** Which bins a line of each kind names: receipt → to, issue → from, move → both. */
export const STOCK_BINS: Record<StockKind, { from: boolean; to: boolean }> = {
  receipt: { from: false, to: true },
  issue: { from: true, to: false },
  move: { from: true, to: true },
};

/** The item of a line: a material, or a style with colour and size (exactly one of the two). */
const itemFields: FieldDef[] = [
  ref('material_id', L('Material', '物料'), 'material', 'name'),
  text('style_code', L('Style', '款号'), 40, { upperCase: true }),
  text('colour', L('Colour', '颜色'), 40),
  text('size', L('Size', '尺码'), 20),
];

const itemRule = (doc: Record<string, unknown>) => {
  const lines = Array.isArray(doc.lines) ? (doc.lines as Record<string, unknown>[]) : [];
  return lines.flatMap((row, index) => {
    const child = { name: 'lines', index };
    const hasMaterial = !!row.material_id;
    const hasStyle = !!String(row.style_code ?? '').trim();
    if (hasMaterial === hasStyle) return [{ field: 'material_id', child, message: L('Give either a material or a style', '请填写物料或款号(二选一)') }];
    if (!hasMaterial) return [];
    return row.colour || row.size ? [{ field: 'colour', child, message: L('Colour and size belong to a style, not a material', '颜色和尺码只用于款号,不用于物料') }] : [];
  });
};

function stockDocument(kind: StockKind, table: string, label: Label, serial: string): EntityDef {
  const bins = STOCK_BINS[kind];
  const lines: ChildTableDef = {
    name: 'lines',
    label: L('Lines', '明细'),
    fields: [
      ...itemFields,
      ...(bins.from ? [ref('from_bin_id', L('From bin', '来源库位'), 'warehouse-bin', 'code', { required: true })] : []),
      ...(bins.to ? [ref('to_bin_id', kind === 'move' ? L('To bin', '目标库位') : L('Bin', '库位'), 'warehouse-bin', 'code', { required: true })] : []),
      // The item's unit, set by the server (a material's own, pieces for a garment): the line's
      // quantity reads in it and a counted one takes no fraction (issue 30).
      { name: 'unit', type: 'select', label: L('Unit', '单位'), options: { dictionary: 'UNIT' }, readOnly: true },
      quantityField('quantity', L('Quantity', '数量'), { unit: { field: 'unit' } }),
    ],
  };
  return defineEntity({
    name: `stock-${kind}`,
    area: WAREHOUSE_AREA,
    prefix: SCM_PREFIX,
    table,
    label,
    route: { cata: SCM_CATA, opt: `stock-${kind}` },
    display: 'doc_no',
    fields: [
      text('doc_no', L('Document number', '单据编号'), 40, { unique: true, upperCase: true }),
      { name: 'doc_date', type: 'date', label: L('Date', '日期'), required: true, defaultValue: '@now' },
      { name: 'status', type: 'select', label: L('Status', '状态'), options: STOCK_STATUS, defaultValue: 'draft', readOnly: true },
      text('note', L('Note', '备注'), 500),
    ],
    children: [lines],
    list: { columns: ['doc_no', 'doc_date', 'status', 'note'], filters: ['doc_no', 'status', 'doc_date'], sort: { field: 'doc_date', order: 'desc' } },
    status: { field: 'status', values: STOCK_STATUS },
    numbering: { field: 'doc_no', serial },
    rules: [itemRule],
    permissions: { write: WRITERS },
  });
}

export const stockReceiptEntity = stockDocument('receipt', 'scm_stock_receipt', L('Stock receipt', '入库单'), 'STOCK_RECEIPT');
export const stockIssueEntity = stockDocument('issue', 'scm_stock_issue', L('Stock issue', '出库单'), 'STOCK_ISSUE');
export const stockMoveEntity = stockDocument('move', 'scm_stock_move', L('Stock move', '移库单'), 'STOCK_MOVE');

export const STOCK_DOCUMENTS: Record<StockKind, EntityDef> = { receipt: stockReceiptEntity, issue: stockIssueEntity, move: stockMoveEntity };

export const warehouseEntities: EntityDef[] = [warehouseEntity, binEntity, stockReceiptEntity, stockIssueEntity, stockMoveEntity];

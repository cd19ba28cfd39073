// Inspection (issue 25, QF-01..03): one document shared by three companies. The brand books it on
// a customer order it placed on a factory (client_id = the brand, factory_client_id = the factory
// that owns the order); the inspector is the brand's own QA, the factory itself or an inspection
// company on the platform (inspector_client_id). The sampling plan (code letter, sample size,
// Ac / Re per class) is derived by the server from ./sampling.ts on booking; the result is computed
// from the defect counts, never typed; an override is a separate brand decision with a reason.
import { defineEntity, defineStatuses, type FieldDef, type Label, type TransitionDef } from '@seamline/core';
import { DEFECT_CLASSES, INSPECTION_LEVELS } from './sampling';

export const L = (en: string, zh: string): Label => ({ en, zh });

export const { codes: QC_STATUS, values: QC_STATUSES } = defineStatuses({
  BOOKED: ['Booked', '已预约', 'orange'],
  CONFIRMED: ['Confirmed', '已确认', 'cyan'],
  IN_PROGRESS: ['In progress', '检验中', 'blue'],
  PASSED: ['Passed', '合格', 'green'],
  FAILED: ['Failed', '不合格', 'red'],
  REINSPECTION: ['Re-inspection booked', '已安排复检', 'purple'],
  CANCELLED: ['Cancelled', '已取消', 'default'],
});
export type QcStatus = (typeof QC_STATUS)[keyof typeof QC_STATUS];

export const INSPECTION_TYPES = [
  { value: 'INLINE', label: L('Inline', '中期检验') },
  { value: 'PRE_FINAL', label: L('Pre-final', '尾期前检验') },
  { value: 'FINAL', label: L('Final random', '尾期检验') },
  { value: 'RE_INSPECTION', label: L('Re-inspection', '复检') },
];

/** Who inspects: the brand's QA, the factory itself, or an inspection company on the platform. */
export const INSPECTOR_PARTIES = [
  { value: 'BRAND', label: L('Brand QA', '品牌质检') },
  { value: 'FACTORY', label: L('Factory self-inspection', '工厂自检') },
  { value: 'COMPANY', label: L('Inspection company', '第三方检验公司') },
];

export const SEVERITY_OPTIONS = [
  { value: 'normal', label: L('Normal', '正常检验') },
  { value: 'tightened', label: L('Tightened', '加严检验') },
  { value: 'reduced', label: L('Reduced', '放宽检验') },
];

export const DEFECT_CLASS_OPTIONS = DEFECT_CLASSES.map((c) => ({
  value: c,
  label: c === 'critical' ? L('Critical', '致命') : c === 'major' ? L('Major', '严重') : L('Minor', '轻微'),
}));

/**
 * Which company acts. brand = the booking company (row owner); factory = the order's factory;
 * inspector = whoever inspects (the brand, the factory or the inspection company, by party).
 */
export type QcSide = 'brand' | 'factory' | 'inspector';

export interface QcAction extends TransitionDef {
  /** The sides that may take it. */
  sides: readonly QcSide[];
  needsReason?: boolean;
  needsDate?: boolean;
  danger?: boolean;
}

/** The state machine as a table: where an action starts, where it leads, who may take it. */
export const INSPECTION_ACTIONS: QcAction[] = [
  { action: 'confirm', label: L('Confirm', '确认'), from: [QC_STATUS.BOOKED], to: QC_STATUS.CONFIRMED, sides: ['factory'] },
  // The factory proposes another day: the booking stays booked with the new date, for the brand to see.
  { action: 'propose-date', label: L('Propose another date', '建议其他日期'), from: [QC_STATUS.BOOKED], to: QC_STATUS.BOOKED, sides: ['factory'], needsDate: true },
  { action: 'start', label: L('Start inspection', '开始检验'), from: [QC_STATUS.CONFIRMED], to: QC_STATUS.IN_PROGRESS, sides: ['inspector'] },
  // The result is the verdict of the counts: finish leads to PASSED or FAILED (the server decides).
  { action: 'finish', label: L('Finish → verdict', '完成 → 判定'), from: [QC_STATUS.IN_PROGRESS], to: QC_STATUS.PASSED, sides: ['inspector'] },
  { action: 'reinspect', label: L('Book re-inspection', '安排复检'), from: [QC_STATUS.FAILED], to: QC_STATUS.REINSPECTION, sides: ['brand'], needsDate: true },
  { action: 'override', label: L('Override verdict', '改判'), from: [QC_STATUS.FAILED], to: QC_STATUS.PASSED, sides: ['brand'], needsReason: true, danger: true },
  { action: 'cancel', label: L('Cancel', '取消'), from: [QC_STATUS.BOOKED, QC_STATUS.CONFIRMED], to: QC_STATUS.CANCELLED, sides: ['brand'], needsReason: true, danger: true },
];

/** Actions open to a company that is on the given sides of a row in a status. */
export function qcActionsFrom(status: unknown, sides: readonly QcSide[]): QcAction[] {
  return INSPECTION_ACTIONS.filter((a) => a.from.includes(String(status ?? '')) && a.sides.some((s) => sides.includes(s)));
}

const str = (name: string, label: Label, maxLength: number, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'string', label, maxLength, ...extra });
const int = (name: string, label: Label): FieldDef => ({ name, type: 'integer', label, readOnly: true });
const qty = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'decimal', label, ...extra });
const sel = (name: string, label: Label, options: { value: string; label: Label }[], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'select',
  label,
  options,
  maxLength: 20,
  ...extra,
});

export const inspectionEntity = defineEntity({
  name: 'inspection',
  area: 'quality',
  prefix: 'scmapi',
  table: 'qc_inspection',
  label: L('Inspection', '验货'),
  route: { cata: 'scm', opt: 'inspection' },
  display: 'code',
  fields: [
    str('code', L('Inspection number', '验货单号'), 64, { readOnly: true }),
    sel('inspection_type', L('Type', '类型'), INSPECTION_TYPES, { required: true }),
    // The factory's customer order (its id and number): another company's row, so text, not a reference.
    str('customer_order_id', L('Customer order', '客户订单'), 36, { required: true }),
    str('order_code', L('Order number', '订单号'), 64, { readOnly: true }),
    str('factory_client_id', L('Factory company', '工厂'), 36, { readOnly: true, visibleWhen: 'false' }),
    str('factory_name', L('Factory', '工厂'), 200, { readOnly: true }),
    str('brand_name', L('Brand', '品牌'), 200, { readOnly: true }),
    sel('inspector_party', L('Inspected by', '检验方'), INSPECTOR_PARTIES, { required: true }),
    str('inspector_client_id', L('Inspection company', '检验公司'), 36, { visibleWhen: 'false' }),
    str('inspector_name', L('Inspector', '检验方名称'), 200, { readOnly: true }),
    { name: 'inspection_date', type: 'date', label: L('Inspection date', '验货日期'), required: true },
    { name: 'proposed_date', type: 'date', label: L('Date proposed by the factory', '工厂建议日期'), readOnly: true },
    sel('level', L('Inspection level', '检验水平'), INSPECTION_LEVELS.map((l) => ({ value: l, label: L(l, l) })), { required: true, defaultValue: 'II' }),
    str('aql_critical', L('AQL critical', '致命AQL'), 8, { defaultValue: '0' }),
    str('aql_major', L('AQL major', '严重AQL'), 8, { defaultValue: '2.5' }),
    str('aql_minor', L('AQL minor', '轻微AQL'), 8, { defaultValue: '4.0' }),
    qty('lot_size', L('Lot size', '批量'), { readOnly: true, scale: 0, unit: { fixed: 'PCS' } }),
    str('code_letter', L('Code letter', '样本字码'), 2, { readOnly: true }),
    int('sample_size', L('Sample size', '抽样数')),
    // The plan per class: { critical: {accept, reject, sampleSize, planLetter}, … } as sampling.ts gives it.
    { name: 'plans', type: 'json', label: L('Sampling plan', '抽样方案'), readOnly: true },
    int('sampled_qty', L('Pieces inspected', '已抽检件数')),
    int('critical_count', L('Critical defects', '致命缺陷')),
    int('major_count', L('Major defects', '严重缺陷')),
    int('minor_count', L('Minor defects', '轻微缺陷')),
    sel('result', L('Computed verdict', '判定结果'), [{ value: 'PASS', label: L('Pass', '合格') }, { value: 'FAIL', label: L('Fail', '不合格') }], { readOnly: true }),
    { name: 'override_reason', type: 'text', label: L('Override reason', '改判原因'), readOnly: true },
    str('override_by', L('Overridden by', '改判人'), 36, { readOnly: true, visibleWhen: 'false' }),
    str('reinspection_of', L('Re-inspection of', '复检原单'), 36, { readOnly: true, visibleWhen: 'false' }),
    { name: 'cancel_reason', type: 'text', label: L('Cancel reason', '取消原因'), readOnly: true },
    { name: 'comment', type: 'text', label: L('Inspector comment', '检验员意见'), maxLength: 2000 },
    // Copied from the template and the styles' graded charts on booking (./template.ts): the defect
    // catalogue, the checks (the inspector records each one's result) and the measurement points.
    str('template_id', L('Template', '模板'), 36, { readOnly: true, visibleWhen: 'false' }),
    { name: 'catalogue', type: 'json', label: L('Defect catalogue', '缺陷目录'), readOnly: true },
    { name: 'checks', type: 'json', label: L('Checks', '检查项'), readOnly: true },
    { name: 'points', type: 'json', label: L('Measurement points', '测量部位'), readOnly: true },
    // The inspector who finished (the report's signature line) and when.
    str('finished_by', L('Finished by', '完成人'), 36, { readOnly: true, visibleWhen: 'false' }),
    str('finished_by_name', L('Inspector (signed)', '检验员（签字）'), 200, { readOnly: true }),
    { name: 'finished_at', type: 'datetime', label: L('Finished at', '完成时间'), readOnly: true },
    // The finishing inspector's drawn signature (PNG data URL, the e-sign area's pad), shown on the report.
    { name: 'finished_signature', type: 'text', label: L('Inspector signature', '检验员签名'), readOnly: true, visibleWhen: 'false' },
    // ISO 2859-1 switching (./switching.ts): the severity this booking's plan was drawn at.
    sel('severity', L('Inspection severity', '检验严格度'), SEVERITY_OPTIONS, { readOnly: true, defaultValue: 'normal' }),
    // What a failure sets off (docs/quality.md 'The exception ticket'): the brand presets the
    // penalty and deduction the factory's ticket will carry; the ticket opened is named here.
    str('penalty_result', L('Penalty on failure', '不合格处罚'), 20),
    qty('deduction_amount', L('Deduction amount on failure', '不合格扣款金额'), { scale: 4 }),
    qty('deduction_ratio', L('Deduction ratio on failure (%)', '不合格扣款比例(%)'), { scale: 4 }),
    str('deduction_type', L('Deduction type', '扣款方式'), 20),
    str('ticket_id', L('Exception ticket', '异常工单'), 36, { readOnly: true, visibleWhen: 'false' }),
    str('ticket_code', L('Exception ticket', '异常工单'), 64, { readOnly: true }),
    { name: 'remark', type: 'text', label: L('Remark', '备注'), maxLength: 1000 },
    sel('status', L('Status', '状态'), QC_STATUSES, { readOnly: true, defaultValue: QC_STATUS.BOOKED }),
  ],
  children: [
    {
      name: 'lines',
      label: L('Offered (style × colour × size)', '报验明细(款 × 色 × 码)'),
      fields: [
        str('style_code', L('Style', '款号'), 64, { required: true }),
        str('colour', L('Colour', '颜色'), 64, { required: true }),
        str('size', L('Size', '尺码'), 32, { required: true }),
        qty('qty', L('Quantity offered', '报验数量'), { required: true, scale: 0, unit: { fixed: 'PCS' } }),
      ],
    },
    {
      name: 'defects',
      label: L('Defects', '缺陷'),
      fields: [
        str('defect_code', L('Defect code', '缺陷代码'), 32, { required: true }),
        sel('defect_class', L('Class', '类别'), DEFECT_CLASS_OPTIONS, { required: true }),
        { name: 'qty', type: 'integer', label: L('Count', '数量'), required: true },
        // Ids of files uploaded through the engine's image upload (stored keys), kept in order.
        { name: 'photos', type: 'json', label: L('Photos', '照片') },
        { name: 'note', type: 'text', label: L('Note', '说明'), maxLength: 1000 },
        str('client_key', L('Idempotency key', '幂等键'), 64, { visibleWhen: 'false' }),
      ],
    },
    {
      name: 'readings',
      label: L('Measurements', '尺寸测量'),
      fields: [
        str('point', L('Measurement point', '测量部位'), 64, { required: true }),
        str('size', L('Size', '尺码'), 32, { required: true }),
        { name: 'piece', type: 'integer', label: L('Piece', '件号'), required: true },
        qty('spec', L('Specification', '标准值'), { required: true }),
        qty('tolerance', L('Tolerance ±', '公差 ±'), { required: true }),
        // A chart's point may be asymmetric: tolerance is then its + side, tol_minus its − side.
        qty('tol_minus', L('Tolerance −', '公差 −')),
        str('style_code', L('Style', '款号'), 64),
        qty('measured', L('Measured', '实测值'), { required: true }),
        { name: 'out_of_tolerance', type: 'boolean', label: L('Out of tolerance', '超差'), readOnly: true },
      ],
    },
  ],
  list: {
    columns: ['code', 'order_code', 'inspection_type', 'brand_name', 'factory_name', 'inspector_name', 'inspection_date', 'sample_size', 'status', 'result'],
    filters: ['code', 'status', 'inspection_type', 'inspection_date'],
    sort: { field: 'inspection_date', order: 'desc' },
  },
  status: { field: 'status', values: QC_STATUSES },
});

/** The starting defect catalogue (a template per brand or product type comes later): code, names, default class. */
export const DEFECT_CATALOGUE: { code: string; label: Label; cls: (typeof DEFECT_CLASSES)[number] }[] = [
  { code: 'NEEDLE', label: L('Broken needle / sharp point', '断针/尖锐物'), cls: 'critical' },
  { code: 'MOULD', label: L('Mould', '霉变'), cls: 'critical' },
  { code: 'HOLE', label: L('Hole', '破洞'), cls: 'major' },
  { code: 'STAIN', label: L('Stain', '污渍'), cls: 'major' },
  { code: 'SEAM-OPEN', label: L('Open seam', '开缝'), cls: 'major' },
  { code: 'SHADE', label: L('Shading between panels', '色差'), cls: 'major' },
  { code: 'THREAD', label: L('Untrimmed thread', '线头'), cls: 'minor' },
  { code: 'STITCH', label: L('Uneven stitching', '针距不匀'), cls: 'minor' },
  { code: 'LABEL', label: L('Label crooked', '唛头歪斜'), cls: 'minor' },
];

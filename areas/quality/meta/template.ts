// Inspection templates (issue 25 'Checklists as definitions'): the brand's defect catalogue (code,
// names in both languages, default class) and its checks (workmanship, packing, labelling, carton),
// per product type or for the whole brand. One company's master data, served by the engine's
// generic endpoints and screens (scmapi/inspection-template/…). A booking copies its template
// into the inspection (and the measurement points of the styles' graded charts), so the factory
// and the inspector read what was agreed even if the template changes later.
import { defineEntity, type Label } from '@seamline/core';
import { DEFECT_CATALOGUE, DEFECT_CLASS_OPTIONS, L } from './inspection';
import { DEFECT_CLASSES } from './sampling';

export const CHECK_GROUPS = [
  { value: 'WORKMANSHIP', label: L('Workmanship', '做工') },
  { value: 'PACKING', label: L('Packing', '包装') },
  { value: 'LABELLING', label: L('Labelling', '标签') },
  { value: 'CARTON', label: L('Carton', '外箱') },
];

export const CHECK_RESULTS = [
  { value: 'PASS', label: L('Pass', '合格'), color: 'green' },
  { value: 'FAIL', label: L('Fail', '不合格'), color: 'red' },
  { value: 'NA', label: L('Not applicable', '不适用'), color: 'default' },
];

export const inspectionTemplateEntity = defineEntity({
  name: 'inspection-template',
  area: 'quality',
  prefix: 'scmapi',
  table: 'qc_template',
  label: L('Inspection template', '验货模板'),
  route: { cata: 'scm', opt: 'inspection-template' },
  display: 'name',
  fields: [
    { name: 'code', type: 'string', label: L('Template code', '模板编码'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40 },
    { name: 'name', type: 'string', label: L('Name', '名称'), required: true, trim: true, maxLength: 100 },
    { name: 'product_type', type: 'string', label: L('Product type', '产品类型'), trim: true, maxLength: 60, hint: L('Empty: the brand\'s default for every product', '留空：适用于所有产品的默认模板') },
    { name: 'is_default', type: 'boolean', label: L('Default template', '默认模板'), defaultValue: false },
  ],
  children: [
    {
      name: 'defects',
      label: L('Defect catalogue', '缺陷目录'),
      fields: [
        { name: 'code', type: 'string', label: L('Defect code', '缺陷代码'), required: true, upperCase: true, trim: true, maxLength: 32 },
        { name: 'name_en', type: 'string', label: L('Name (English)', '名称(英文)'), required: true, trim: true, maxLength: 100 },
        { name: 'name_zh', type: 'string', label: L('Name (Chinese)', '名称(中文)'), required: true, trim: true, maxLength: 100 },
        { name: 'default_class', type: 'select', label: L('Default class', '默认类别'), options: DEFECT_CLASS_OPTIONS, required: true, maxLength: 20 },
      ],
    },
    {
      name: 'checks',
      label: L('Checks', '检查项'),
      fields: [
        { name: 'check_group', type: 'select', label: L('Group', '分组'), options: CHECK_GROUPS, required: true, maxLength: 20 },
        { name: 'code', type: 'string', label: L('Check code', '检查项代码'), required: true, upperCase: true, trim: true, maxLength: 32 },
        { name: 'name_en', type: 'string', label: L('Check (English)', '检查项(英文)'), required: true, trim: true, maxLength: 200 },
        { name: 'name_zh', type: 'string', label: L('Check (Chinese)', '检查项(中文)'), required: true, trim: true, maxLength: 200 },
      ],
    },
  ],
  // The brand's buyers and quality people keep them (administrators always may).
  permissions: { write: { any: ['ADMIN', 'BUYER', 'QUALITY'] } },
  list: { columns: ['code', 'name', 'product_type', 'is_default'], filters: ['code', 'name', 'product_type'], sort: { field: 'code', order: 'asc' } },
});

/** What an inspection carries of its template (json on the row): the catalogue and the checks with their results. */
export interface CatalogueEntry {
  code: string;
  label: Label;
  cls: (typeof DEFECT_CLASSES)[number];
}
export interface CheckEntry {
  group: string;
  code: string;
  label: Label;
  result: 'PASS' | 'FAIL' | 'NA' | null;
  note: string | null;
}
/** A measurement point of a style's graded chart at one size (json on the row). */
export interface PointEntry {
  style_code: string;
  size: string;
  pom_code: string;
  description: string;
  spec: string;
  tol_plus: string;
  tol_minus: string;
  critical: boolean;
}

/** The checks every inspection has when the brand keeps no template of its own. */
export const DEFAULT_CHECKS: Omit<CheckEntry, 'result' | 'note'>[] = [
  { group: 'WORKMANSHIP', code: 'W-APPEARANCE', label: L('Overall appearance and workmanship', '整体外观与做工') },
  { group: 'PACKING', code: 'P-FOLD', label: L('Folding, polybag and assortment as instructed', '折叠、胶袋与配比符合要求') },
  { group: 'LABELLING', code: 'L-CARE', label: L('Care, size and composition labels correct', '洗水唛、尺码唛与成分唛正确') },
  { group: 'CARTON', code: 'C-MARKS', label: L('Carton marks, dimensions and weight', '外箱唛头、尺寸与重量') },
];

/** A defect code's names from the inspection's catalogue (the built-in one when it has none). */
export function defectLabel(catalogue: unknown, code: unknown): Label | undefined {
  const list: { code: string; label: Label }[] = Array.isArray(catalogue) && catalogue.length ? (catalogue as CatalogueEntry[]) : DEFECT_CATALOGUE;
  return list.find((d) => d.code === code)?.label;
}

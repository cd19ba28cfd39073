// Styles (spec §1): images, colourways from the colour library, a size range, composition in
// exactly five slots (spec §9: slots 1–5, the filled ones adding up to 100), and a status.
import { defineEntity, type EntityDef, type FieldDef, type RuleError } from '@seamline/core';
import { codeField, currencyField, nameField, referenceField, textField, descriptionField } from '../../masterdata/meta/fields';
import { uniqueInRows } from '../../masterdata/meta/rules';
import { COMPOSITION_SLOTS, compositionProblems, slotsOf } from './composition';
import { entityHead, FIBRE_OPTIONS, L } from './fields';

export const STYLE_STATUS = [
  { value: 'draft', label: L('Draft', '草稿'), color: 'blue' },
  { value: 'development', label: L('In development', '开发中'), color: 'gold' },
  { value: 'approved', label: L('Approved', '已确认'), color: 'green' },
  { value: 'dropped', label: L('Dropped', '已取消'), color: 'red' },
];

const compositionFields: FieldDef[] = COMPOSITION_SLOTS.flatMap((n) => [
  { name: `fibre_${n}`, type: 'select', label: L(`Fibre ${n}`, `成分 ${n}`), options: FIBRE_OPTIONS } as FieldDef,
  { name: `percent_${n}`, type: 'decimal', label: L(`Percent ${n} (%)`, `含量 ${n} (%)`), scale: 2 } as FieldDef,
]);

const COMPOSITION_MESSAGES = {
  fibreMissing: L('Choose the fibre of this slot', '请选择该成分'),
  percentMissing: L('Fill in the percentage of this slot', '请填写该成分的含量'),
  percentRange: L('A percentage lies between 0 and 100', '含量应在 0 到 100 之间'),
  total: L('The composition must add up to 100%', '成分含量合计必须为 100%'),
  tooMany: L('At most 5 composition slots', '成分最多 5 项'),
};

/** Composition rule: the same pure check the unit tests cover, as field messages. */
export function compositionRule(doc: Record<string, unknown>): RuleError[] {
  return compositionProblems(slotsOf(doc)).map((p) =>
    p.slot === 0 ? { field: 'percent_1', message: COMPOSITION_MESSAGES[p.problem] } : { field: p.problem === 'fibreMissing' ? `fibre_${p.slot}` : `percent_${p.slot}`, message: COMPOSITION_MESSAGES[p.problem] },
  );
}

export const styleEntity: EntityDef = defineEntity({
  ...entityHead('style', 'plm_style'),
  label: L('Style', '款式'),
  display: 'code',
  fields: [
    codeField({ label: L('Style number', '款号') }),
    nameField(L('Style name', '款式名称')),
    referenceField('season_id', L('Season', '季节'), 'season', 'name'),
    textField('category', L('Category', '品类'), { maxLength: 50 }),
    referenceField('size_range_id', L('Size range', '尺码组'), 'size', 'name', { required: true }),
    { name: 'image', type: 'image', label: L('Sketch / front image', '款式图(正面)') },
    { name: 'image_back', type: 'image', label: L('Back image', '款式图(背面)') },
    { name: 'target_price', type: 'decimal', label: L('Target FOB price', '目标 FOB 价'), validators: [{ type: 'positiveNumber' }], currency: { field: 'currency' } },
    currencyField('currency', L('Currency', '币种'), { required: true }),
    descriptionField(L('Description', '款式描述')),
    ...compositionFields,
    { name: 'status', type: 'select', label: L('Status', '状态'), options: STYLE_STATUS, defaultValue: 'draft', readOnly: true },
  ],
  children: [
    {
      name: 'colourways',
      label: L('Colourways', '配色'),
      fields: [referenceField('colour_id', L('Colour', '颜色'), 'colour', 'name_en', { required: true }), textField('remark', L('Remark', '备注'), { maxLength: 100 })],
    },
  ],
  list: { columns: ['code', 'name', 'season_id', 'category', 'size_range_id', 'status'], filters: ['code', 'name', 'season_id', 'category', 'status'], sort: { field: 'code', order: 'asc' } },
  status: { field: 'status', values: STYLE_STATUS },
  transitions: [
    { action: 'develop', label: L('Start development', '开始开发'), from: ['draft'], to: 'development' },
    { action: 'approve', label: L('Approve', '确认'), from: ['development'], to: 'approved' },
    { action: 'drop', label: L('Drop', '取消'), from: ['draft', 'development'], to: 'dropped' },
  ],
  rules: [compositionRule, uniqueInRows('colourways', 'colour_id')],
});

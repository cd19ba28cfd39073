// Bill of materials per style (spec §1; §4 activation states 0, 10, 40 and 100 with their own
// colours, core ACTIVATION_COLORS.bom). Lines name a material of master data; a line with a colour
// applies to that colourway only. Tier prices (levels 1–5, spec §9) lower a material's price from
// a quantity up; the cost roll-up is ./costing (exact, 4 places). Released to production (100), a
// BOM is frozen: it is changed by making a new revision (plmapi/bom/revise), which is released in
// its turn and then takes over (the previous one is disabled); the revision in use is the released one.
import { defineEntity, statusColor, type EntityDef, type RuleError, type StatusValue } from '@seamline/core';
import { currencyField, referenceField, textField } from '../../masterdata/meta/fields';
import { tierProblems } from './costing';
import { entityHead, L } from './fields';

export const BOM_STATUS: StatusValue[] = [
  { value: '0', label: L('New', '新建'), color: statusColor('0', 'bom') },
  { value: '10', label: L('Active', '已启用'), color: statusColor('10', 'bom') },
  { value: '40', label: L('Disabled', '已停用'), color: statusColor('40', 'bom') },
  { value: '100', label: L('Released to production', '已下发生产'), color: statusColor('100', 'bom') },
];

const TIER_MESSAGES = {
  level: L('Tier levels run from 1 to 5', '阶梯价格等级为 1 到 5'),
  duplicate: L('This tier level is already used for the material', '该物料已有此阶梯等级'),
  tooMany: L('At most 5 tier prices (levels 1 to 5)', '阶梯价格最多 5 级(1 到 5)'),
};

function tierRule(doc: Record<string, unknown>): RuleError[] {
  const tiers = Array.isArray(doc.tiers) ? (doc.tiers as Array<Record<string, string>>) : [];
  return tierProblems(tiers).map((p) => ({ field: 'level', child: { name: 'tiers', index: p.index }, message: TIER_MESSAGES[p.problem] }));
}

const nonNegative = [{ type: 'positiveNumber' as const }];

export const bomEntity: EntityDef = defineEntity({
  ...entityHead('bom', 'plm_bom'),
  label: L('Bill of materials', '物料清单'),
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('BOM number', 'BOM 编号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40 },
    referenceField('style_id', L('Style', '款式'), 'style', 'code', { required: true }),
    textField('name', L('Name', '名称'), { maxLength: 100 }),
    currencyField('currency', L('Costing currency', '核算币种'), { required: true }),
    { name: 'order_qty', type: 'decimal', label: L('Costing quantity (for tier prices)', '核算数量(用于阶梯价)'), validators: nonNegative, unit: { fixed: 'PCS' } },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: BOM_STATUS, defaultValue: '0', readOnly: true },
    // A BOM released to production is frozen; a change is a new revision of it (issue 23).
    { name: 'revision', type: 'integer', label: L('Revision', '版本'), defaultValue: 1, readOnly: true },
    referenceField('revised_from_id', L('Revision of', '修订自'), 'bom', 'code', { readOnly: true }),
  ],
  children: [
    {
      name: 'lines',
      label: L('Lines', '物料行'),
      fields: [
        referenceField('material_id', L('Material', '物料'), 'material', 'name', { required: true }),
        referenceField('colour_id', L('Colourway (empty: all)', '配色(空=全部)'), 'colour', 'name_en'),
        textField('placement', L('Placement', '使用部位'), { maxLength: 60 }),
        // Per garment, in the material's unit (issue 30): '1.35 m', '8 pcs', '0.05 cones' (a rate may split a counted unit).
        { name: 'consumption', type: 'decimal', label: L('Consumption', '单耗'), required: true, validators: nonNegative, unit: { field: 'unit', rate: true } },
        { name: 'wastage_pct', type: 'decimal', label: L('Wastage %', '损耗率%'), validators: nonNegative, unit: { fixed: 'PCT' } },
        { name: 'unit', type: 'select', label: L('Unit', '单位'), options: { dictionary: 'UNIT' } },
        { name: 'price', type: 'decimal', label: L('Unit price', '单价'), required: true, validators: nonNegative, currency: { field: 'currency' } },
        currencyField('currency', L('Currency', '币种'), { required: true }),
      ],
    },
    {
      name: 'tiers',
      label: L('Tier prices (levels 1–5)', '阶梯价格(1–5 级)'),
      fields: [
        referenceField('material_id', L('Material', '物料'), 'material', 'name', { required: true }),
        { name: 'level', type: 'integer', label: L('Level', '等级'), required: true },
        // From a number of garments (the costing quantity); the price reads in the costing currency.
        { name: 'min_qty', type: 'decimal', label: L('From quantity', '起订数量'), required: true, validators: nonNegative, unit: { fixed: 'PCS' } },
        { name: 'price', type: 'decimal', label: L('Unit price', '单价'), required: true, validators: nonNegative, currency: { field: 'parent.currency' } },
      ],
    },
  ],
  // status second: the master-detail list shows the first three columns, and the four state colours are the point (STY-04)
  list: { columns: ['code', 'status', 'revision', 'style_id', 'name', 'currency'], filters: ['code', 'style_id', 'status'], sort: { field: 'code', order: 'asc' } },
  status: { field: 'status', values: BOM_STATUS },
  transitions: [
    { action: 'activate', label: L('Activate', '启用'), from: ['0', '40'], to: '10' },
    { action: 'disable', label: L('Disable', '停用'), from: ['0', '10'], to: '40' },
    { action: 'release', label: L('Release to production', '下发生产'), from: ['10'], to: '100' },
  ],
  rules: [tierRule],
});

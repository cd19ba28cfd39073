// Measurement charts (spec §1): points of measure with a description, tolerance (+/−), a critical
// flag, the base-size value and a grade rule (the increment per size step: one value for every
// step, or one per step); the server grades every other size on each save (./grading), so a
// changed rule regrades. A chart may be a template others are copied from.
import { defineEntity, type EntityDef, type RuleError } from '@seamline/core';
import { referenceField, textField } from '../../masterdata/meta/fields';
import { uniqueInRows } from '../../masterdata/meta/rules';
import { entityHead, L } from './fields';
import { ROUNDING_OPTIONS } from './grading';

const nonNegative = [{ type: 'positiveNumber' as const }];

export const measurementChartEntity: EntityDef = defineEntity({
  ...entityHead('measurement-chart', 'plm_measurement_chart'),
  label: L('Measurement chart', '尺寸表'),
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Chart number', '尺寸表编号'), required: true, unique: true, upperCase: true, trim: true, maxLength: 40 },
    textField('name', L('Name', '名称'), { maxLength: 100 }),
    referenceField('style_id', L('Style', '款式'), 'style', 'code'),
    referenceField('size_range_id', L('Size range', '尺码组'), 'size', 'name', { required: true }),
    { name: 'unit', type: 'select', label: L('Unit', '单位'), options: [{ value: 'cm', label: L('cm', '厘米') }, { value: 'inch', label: L('inch', '英寸') }], defaultValue: 'cm', required: true },
    {
      name: 'rounding',
      type: 'select',
      label: L('Round graded values to', '放码取整到'),
      options: ROUNDING_OPTIONS.map((v) => ({ value: v, label: L(v, v) })),
      defaultValue: '0.1',
      required: true,
    },
    { name: 'is_template', type: 'boolean', label: L('Template', '模板'), defaultValue: false },
    { name: 'sizes', type: 'json', label: L('Sizes (from the size range)', '尺码(取自尺码组)'), readOnly: true },
  ],
  children: [
    {
      name: 'points',
      label: L('Points of measure', '度量部位'),
      fields: [
        textField('pom_code', L('POM code', '部位编码'), { required: true, maxLength: 20, upperCase: true }),
        textField('description', L('Description', '描述'), { required: true, maxLength: 120 }),
        { name: 'tol_plus', type: 'decimal', label: L('Tolerance +', '公差 +'), required: true, validators: nonNegative },
        { name: 'tol_minus', type: 'decimal', label: L('Tolerance −', '公差 −'), required: true, validators: nonNegative },
        { name: 'critical', type: 'boolean', label: L('Critical', '关键'), defaultValue: false },
        { name: 'base_value', type: 'decimal', label: L('Base-size value', '基码尺寸'), required: true, validators: nonNegative },
        textField('grade_rule', L('Grade rule (increment per step)', '档差(每档增量)'), {
          maxLength: 120,
          hint: L("One increment for every step ('2'), or one per step ('1.5, 2, 2')", "每档相同写一个值('2')，或逐档写('1.5, 2, 2')"),
        }),
        { name: 'graded', type: 'json', label: L('Graded values', '放码结果'), readOnly: true },
      ],
    },
  ],
  list: { columns: ['code', 'name', 'style_id', 'size_range_id', 'unit', 'is_template'], filters: ['code', 'style_id', 'is_template'], sort: { field: 'code', order: 'asc' } },
  rules: [uniqueInRows('points', 'pom_code'), (doc): RuleError[] => (Array.isArray(doc.points) && doc.points.length ? [] : [{ message: L('A chart needs at least one point of measure', '尺寸表至少要有一个度量部位') }])],
});

// Season planning, colour library, size ranges and trends (spec §1, §3 'style, colour, size and
// trend data'): plain engine entities with the generic screens (the trend list is a board).
import { defineEntity, type EntityDef } from '@seamline/core';
import { codeField, currencyField, dateField, descriptionField, nameField, referenceField, textField } from '../../masterdata/meta/fields';
import { uniqueInRows } from '../../masterdata/meta/rules';
import { entityHead, L, PRICE_BANDS } from './fields';


export const seasonEntity: EntityDef = defineEntity({
  ...entityHead('season', 'plm_season'),
  label: L('Season', '季节'),
  display: 'name',
  fields: [
    codeField({ label: L('Season code', '季节编码') }),
    nameField(L('Season name', '季节名称')),
    { name: 'year', type: 'integer', label: L('Year', '年份'), required: true, validators: [{ type: 'positiveInteger' }] },
    dateField('start_date', L('Start date', '开始日期')),
    dateField('end_date', L('End date', '结束日期')),
    { name: 'target_styles', type: 'integer', label: L('Target styles', '目标款数') },
    // Issue 30: money reads in its currency ('¥1,800,000.0000'); the season's governs its range plan too.
    { name: 'target_revenue', type: 'decimal', label: L('Target revenue', '目标销售额'), validators: [{ type: 'positiveNumber' }], currency: { field: 'currency' } },
    currencyField('currency', L('Currency', '币种'), { required: true }),
    descriptionField(L('Theme / notes', '主题/备注')),
  ],
  children: [
    {
      name: 'range_plan',
      label: L('Range plan', '波段企划'),
      fields: [
        textField('category', L('Category', '品类'), { required: true, maxLength: 50 }),
        { name: 'price_band', type: 'select', label: L('Price band', '价格带'), options: PRICE_BANDS, required: true },
        { name: 'target_styles', type: 'integer', label: L('Target styles', '目标款数') },
        { name: 'target_qty', type: 'decimal', label: L('Target quantity', '目标数量'), unit: { fixed: 'PCS' } },
        { name: 'target_price', type: 'decimal', label: L('Target retail price', '目标零售价'), validators: [{ type: 'positiveNumber' }], currency: { field: 'parent.currency' } },
      ],
    },
  ],
  list: { columns: ['code', 'name', 'year', 'start_date', 'end_date', 'target_styles', 'target_revenue'], filters: ['code', 'name', 'year'], sort: { field: 'code', order: 'desc' } },
  rules: [
    (doc) =>
      doc.start_date && doc.end_date && String(doc.start_date) > String(doc.end_date)
        ? [{ field: 'end_date', message: L('The end date is before the start date', '结束日期早于开始日期') }]
        : [],
  ],
});

export const colourEntity: EntityDef = defineEntity({
  ...entityHead('colour', 'plm_colour'),
  label: L('Colour', '颜色'),
  display: 'name_en',
  fields: [
    codeField({ label: L('Colour code', '颜色编码') }),
    textField('name_en', L('Name (English)', '英文名称'), { required: true, maxLength: 60 }),
    textField('name_zh', L('Name (Chinese)', '中文名称'), { required: true, maxLength: 60 }),
    textField('reference', L('Colour reference (e.g. Pantone)', '色号(如 Pantone)'), { maxLength: 40 }),
    {
      name: 'hex',
      type: 'string',
      label: L('Swatch (hex)', '色块(十六进制)'),
      required: true,
      upperCase: true,
      trim: true,
      maxLength: 7,
      validators: [{ type: 'regex', pattern: '^#[0-9A-Fa-f]{6}$', message: L('Write a colour as #RRGGBB', '颜色请写成 #RRGGBB') }],
    },
    { name: 'swatch', type: 'image', label: L('Swatch image', '色卡图片') },
  ],
  list: { columns: ['code', 'hex', 'name_en', 'name_zh', 'reference'], filters: ['code', 'name_en', 'name_zh', 'reference'], sort: { field: 'code', order: 'asc' } },
});

export const sizeEntity: EntityDef = defineEntity({
  ...entityHead('size', 'plm_size_range'),
  label: L('Size range', '尺码组'),
  display: 'name',
  fields: [
    codeField({ label: L('Size range code', '尺码组编码') }),
    nameField(L('Size range name', '尺码组名称')),
    textField('base_size', L('Base size', '基码'), { required: true, maxLength: 20, upperCase: true }),
  ],
  children: [{ name: 'sizes', label: L('Sizes (in order)', '尺码(按顺序)'), fields: [textField('size_code', L('Size', '尺码'), { required: true, maxLength: 20, upperCase: true })] }],
  list: { columns: ['code', 'name', 'base_size'], filters: ['code', 'name'], sort: { field: 'code', order: 'asc' } },
  rules: [
    uniqueInRows('sizes', 'size_code'),
    (doc) => {
      const sizes = Array.isArray(doc.sizes) ? (doc.sizes as Array<Record<string, unknown>>).map((s) => String(s.size_code ?? '').toUpperCase()) : [];
      const base = String(doc.base_size ?? '').toUpperCase();
      if (!sizes.length) return [{ message: L('A size range needs at least one size', '尺码组至少要有一个尺码') }];
      return base && !sizes.includes(base) ? [{ field: 'base_size', message: L('The base size must be one of the sizes', '基码必须是尺码之一') }] : [];
    },
  ],
});

export const trendEntity: EntityDef = defineEntity({
  ...entityHead('trend', 'plm_trend'),
  label: L('Trend', '流行趋势'),
  display: 'title',
  fields: [
    textField('title', L('Title', '标题'), { required: true, maxLength: 100 }),
    referenceField('season_id', L('Season', '季节'), 'season', 'name'),
    { name: 'image', type: 'image', label: L('Image', '图片'), required: true },
    textField('tags', L('Tags (comma separated)', '标签(逗号分隔)'), { maxLength: 200 }),
    textField('source', L('Source', '来源'), { maxLength: 200 }),
    descriptionField(L('Notes', '说明')),
  ],
  list: { columns: ['title', 'season_id', 'tags', 'source'], filters: ['title', 'tags', 'season_id'], sort: { field: 'title', order: 'asc' } },
});

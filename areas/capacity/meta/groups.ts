// Capacity groups (the brand's kinds of production: knit tops, denim bottoms …) and vendor
// settings (which groups a vendor serves, its share limits there, its lead time).
import { defineEntity, type EntityRule } from '@seamline/core';
import { numberRange, numberOf, uniqueInRows } from '../../masterdata/meta/rules';
import { ACTIVE_INACTIVE, AREA, BRAND_WRITE, L, PREFIX, percentField } from './fields';

export const capacityGroupEntity = defineEntity({
  name: 'capacity-group',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_capacity_group',
  label: L('Capacity group', '产能组'),
  route: { cata: 'plan', opt: 'capacity-group' },
  display: 'name',
  fields: [
    {
      name: 'code',
      type: 'string',
      label: L('Group code', '产能组编码'),
      required: true,
      unique: true,
      upperCase: true,
      trim: true,
      maxLength: 32,
      validators: [{ type: 'regex', pattern: '^[A-Z0-9_.-]+$', message: L('Letters, digits, _ . - only', '仅限字母、数字和 _ . -') }],
    },
    { name: 'name', type: 'string', label: L('Group name', '产能组名称'), required: true, trim: true, maxLength: 100 },
    { name: 'description', type: 'text', label: L('Description', '描述'), trim: true, maxLength: 500 },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: ACTIVE_INACTIVE, defaultValue: 'active', required: true },
  ],
  list: { columns: ['code', 'name', 'description', 'status'], filters: ['code', 'name', 'status'], sort: { field: 'code', order: 'asc' } },
  permissions: { write: BRAND_WRITE },
});

/** min share ≤ max share in each row. */
const minNotAboveMax: EntityRule = (doc) => {
  const rows = Array.isArray(doc.groups) ? (doc.groups as Record<string, unknown>[]) : [];
  return rows.flatMap((row, index) => {
    const min = numberOf(row?.min_share);
    const max = numberOf(row?.max_share);
    return min !== null && max !== null && Number(min) > Number(max)
      ? [{ field: 'max_share', child: { name: 'groups', index }, message: L('The maximum share must not be below the minimum share', '最大份额不能小于最小份额') }]
      : [];
  });
};

export const vendorSettingEntity = defineEntity({
  name: 'vendor-setting',
  area: AREA,
  prefix: PREFIX,
  table: 'cap_vendor_setting',
  label: L('Vendor setting', '供应商设置'),
  route: { cata: 'plan', opt: 'vendor-setting' },
  display: 'vendor_id',
  fields: [
    // Not unique: a vendor's newest active setting applies, older ones stay as its history.
    { name: 'vendor_id', type: 'reference', label: L('Vendor', '供应商'), required: true, ref: { entity: 'vendor', displayField: 'short_name' } },
    {
      name: 'lead_time_weeks',
      type: 'integer',
      label: L('Lead time (weeks)', '交货周期(周)'),
      defaultValue: 1,
      required: true,
      validators: [{ type: 'positiveNumber' }],
      hint: L('Weeks between production and the due week', '生产周与交货周之间的周数'),
    },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: ACTIVE_INACTIVE, defaultValue: 'active', required: true },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
    // The one that applies (the vendor's newest active setting): kept by the server on every save
    // so the list says which of a vendor's rows is in force and which are history (issue 23).
    { name: 'applies', type: 'boolean', label: L('Applies', '当前生效'), readOnly: true, defaultValue: false },
  ],
  children: [
    {
      name: 'groups',
      label: L('Capacity groups served', '服务的产能组'),
      fields: [
        { name: 'capacity_group_id', type: 'reference', label: L('Capacity group', '产能组'), required: true, ref: { entity: 'capacity-group', displayField: 'name' } },
        percentField('min_share', L('Minimum share (%)', '最小份额(%)'), { defaultValue: '0' }),
        percentField('max_share', L('Maximum share (%)', '最大份额(%)'), { defaultValue: '100' }),
      ],
    },
  ],
  list: { columns: ['vendor_id', 'applies', 'lead_time_weeks', 'status', 'updated_at'], filters: ['vendor_id', 'status', 'applies'], sort: { field: 'updated_at', order: 'desc' } },
  rules: [uniqueInRows('groups', 'capacity_group_id'), numberRange('min_share', 0, 100, 'groups'), numberRange('max_share', 0, 100, 'groups'), numberRange('lead_time_weeks', 0, 26), minNotAboveMax],
  permissions: { write: BRAND_WRITE },
});

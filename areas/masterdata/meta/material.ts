// Material (spec §3, MD-11..14): fabrics, trims and packaging with days of supply, groups, the
// one vendor or customer it comes from (MD-12: exactly one), prices with validity and vendor
// shares. Activation states 0 / 10 / 40 (new, active, disabled) with activate / disable.
import { defineEntity, entityHead, exactlyOneOf, labelOf, type FieldDef, type Label } from '@seamline/core';
import {
  ACTIVATION_TRANSITIONS,
  L,
  activationValues,
  codeField,
  currencyField,
  dateField,
  descriptionField,
  dictionary,
  nameField,
  referenceField,
  statusField,
  MD_HEAD,
} from './fields';
import { ascending, childTotalAtMost, dateOrder, noOverlap, numberRange, uniqueInRows } from './rules';

export const MATERIAL_STATUS = activationValues('material');

const dos = (name: string, label: Label): FieldDef => ({ name, type: 'decimal', label, validators: [{ type: 'positiveNumber' }], unit: { fixed: 'DAY' } });

export const materialEntity = defineEntity({
  ...entityHead(MD_HEAD, 'material', 'md_material', L('Material', '物料')),
  display: 'name',
  fields: [
    codeField({ label: L('Material code', '物料编码') }),
    nameField(L('Material name', '物料名称'), 200),
    descriptionField(L('Description / specification', '描述/规格')),
    { name: 'unit', type: 'select', label: L('Unit', '单位'), required: true, options: dictionary('UNIT') },
    dos('dos_min', L('DOS min (days)', '最小库存天数')),
    dos('dos_max', L('DOS max (days)', '最大库存天数')),
    dos('dos_target', L('DOS target (days)', '目标库存天数')),
    { name: 'groups', type: 'multiselect', label: L('Material groups', '物料组'), options: dictionary('MATERIAL_GROUP') },
    { name: 'type', type: 'select', label: L('Material type', '物料类型'), required: true, options: dictionary('MATERIAL_TYPE') },
    referenceField('vendor_id', L('Vendor', '供应商'), 'vendor', 'short_name', {
      hint: L('Fill in exactly one of vendor and customer', '供应商与客户二选一'),
    }),
    referenceField('customer_id', L('Customer (customer-supplied)', '客户(客供料)'), 'customer', 'name', {
      hint: L('Fill in exactly one of vendor and customer', '供应商与客户二选一'),
    }),
    statusField(MATERIAL_STATUS, '0'),
  ],
  children: [
    {
      name: 'prices',
      label: L('Prices', '价格'),
      fields: [
        { name: 'price', type: 'decimal', label: L('Unit price', '单价'), required: true, validators: [{ type: 'positiveNumber' }], currency: { field: 'currency' } },
        currencyField('currency', L('Currency', '币种'), { required: true }),
        dateField('valid_from', L('Valid from', '生效日期'), { required: true }),
        dateField('valid_to', L('Valid to', '失效日期')),
      ],
    },
    {
      name: 'shares',
      label: L('Vendor shares', '供应商配额'),
      fields: [
        referenceField('vendor_id', L('Vendor', '供应商'), 'vendor', 'short_name', { required: true }),
        { name: 'share_percent', type: 'decimal', label: L('Share (%)', '配额比例(%)'), required: true, unit: { fixed: 'PCT' } },
      ],
    },
  ],
  list: {
    // Status early: at 1440 px the last columns sit under the fixed actions column until scrolled (issue 13).
    columns: ['code', 'name', 'status', 'type', 'unit', 'vendor_id', 'customer_id'],
    filters: ['code', 'name', 'type', 'groups', 'vendor_id', 'status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'status', values: MATERIAL_STATUS },
  transitions: ACTIVATION_TRANSITIONS,
  numbering: { field: 'code', serial: 'MATERIAL' },
  rules: [
    exactlyOneOf('vendor_id', 'customer_id', labelOf('biz.materialVendorOrCustomer')),
    ascending(['dos_min', 'dos_target', 'dos_max']),
    dateOrder('valid_from', 'valid_to', 'prices'),
    noOverlap('prices', 'valid_from', 'valid_to', 'currency'),
    numberRange('share_percent', 0, 100, 'shares'),
    uniqueInRows('shares', 'vendor_id'),
    childTotalAtMost('shares', 'share_percent', 100),
  ],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
  authorizable: ['type', 'groups', 'unit', 'status', 'vendor_id', 'customer_id'],
});

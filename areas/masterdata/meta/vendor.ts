// Vendor (spec §3, MD-05..07, MD-14, MD-20): the supplier record of a company, its contacts and
// addresses, bank data, and the platform company it links to. Activation states 0 / 10 / 40
// (new, admitted, disabled) with activate / disable.
import { defineEntity, entityHead } from '@seamline/core';
import {
  ACTIVATION_TRANSITIONS,
  EXISTS_OPTIONS,
  L,
  SCALE_OPTIONS,
  activationValues,
  addressFields,
  bankBranchRule,
  bankFields,
  codeField,
  contactsChild,
  currencyField,
  dateField,
  dictionary,
  emailField,
  flagField,
  mobileField,
  nameField,
  phoneField,
  statusField,
  taxNumberField,
  textField,
  userField,
  MD_HEAD,
} from './fields';
import { mdLabel } from './messages';
import { dateOrder } from './rules';

export const VENDOR_STATUS = activationValues('vendor');

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const vendorEntity = defineEntity({
  ...entityHead(MD_HEAD, 'vendor', 'md_vendor', L('Vendor', '供应商')),
  display: 'short_name',
  fields: [
    codeField({ label: L('Vendor code', '供应商编码') }),
    nameField(L('Short name', '供应商简称'), 50, 'short_name'),
    nameField(L('Full name', '供应商全称'), 200, 'full_name'),
    { name: 'type', type: 'select', label: L('Vendor type', '供应商类型'), options: dictionary('VENDOR_TYPE') },
    { name: 'grade', type: 'select', label: L('Grade', '供应商等级'), options: dictionary('VENDOR_GRADE') },
    { name: 'scale', type: 'select', label: L('Company scale', '企业规模'), options: SCALE_OPTIONS },
    { name: 'category', type: 'select', label: L('Vendor category', '供应商类别'), options: dictionary('VENDOR_CATEGORY') },
    { name: 'business_scope', type: 'text', label: L('Business scope', '经营范围'), trim: true, maxLength: 1000 },
    userField('owner_id', L('Owner', '负责人')),
    taxNumberField('tin', L('Taxpayer ID (TIN)', '纳税人识别号')),
    dateField('valid_from', L('Valid from', '有效期起')),
    dateField('valid_to', L('Valid to', '有效期止')),
    statusField(VENDOR_STATUS, '0'),
    textField('supplier_client_id', L('Supplier company (platform)', '平台供应商公司'), {
      maxLength: 36,
      lowerCase: true,
      validators: [{ type: 'regex', pattern: UUID_PATTERN, message: mdLabel('md.uuid') }],
      hint: L(
        "The supplier's own company on the platform (pick it by name under the saved vendor); links RFQs, outsourced orders and notifications to it",
        '供应商在平台上的公司（保存后在下方按名称选择）；询价、外发订单和通知据此送达对方',
      ),
    }),
    {
      name: 'platform_link',
      type: 'select',
      label: L('Platform company', '平台公司'),
      options: EXISTS_OPTIONS,
      readOnly: true,
      hint: L('Set by the server: whether the linked platform company exists', '由系统设置：关联的平台公司是否存在'),
    },
    { name: 'payment_terms', type: 'select', label: L('Payment terms', '付款条件'), options: dictionary('PAYMENT_TERMS') },
    currencyField(),
    ...bankFields(),
  ],
  children: [
    contactsChild([
      emailField(),
      phoneField(),
      phoneField('fax', L('Fax', '传真')),
      mobileField(),
      flagField('is_primary', L('Primary contact', '主联系人')),
      userField('bound_user_id', L('Bound user', '绑定用户'), {
        hint: L('The platform account of this contact', '该联系人的平台账号'),
      }),
    ]),
    {
      name: 'addresses',
      label: L('Addresses', '地址'),
      fields: addressFields(),
    },
  ],
  list: {
    columns: ['code', 'short_name', 'full_name', 'category', 'grade', 'status', 'platform_link'],
    filters: ['code', 'short_name', 'full_name', 'category', 'grade', 'status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'status', values: VENDOR_STATUS },
  transitions: ACTIVATION_TRANSITIONS,
  numbering: { field: 'code', serial: 'VENDOR' },
  rules: [dateOrder('valid_from', 'valid_to'), bankBranchRule],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
  authorizable: ['category', 'grade', 'type', 'status', 'owner_id', 'currency'],
});

// Customer (spec §3, MD-08..10, MD-20): the customer record with bank data, contacts and
// delivery info; active or frozen (freeze / unfreeze) with a termination reason.
import { defineEntity, entityHead, type FieldDef, type Label } from '@seamline/core';
import {
  ACTIVE_FROZEN,
  FREEZE_TRANSITIONS,
  L,
  LANGUAGE_OPTIONS,
  SCALE_OPTIONS,
  bankBranchRule,
  bankFields,
  codeField,
  contactsChild,
  currencyField,
  dateField,
  descriptionField,
  dictionary,
  emailField,
  flagField,
  logoField,
  mobileField,
  nameField,
  phoneField,
  statusField,
  taxNumberField,
  textField,
  MD_HEAD,
} from './fields';
import { mdLabel } from './messages';

/** 统一社会信用代码: 18 characters of digits and capital letters except I, O, S, V, Z. */
export const USCC_PATTERN = '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$';

const dictSelect = (name: string, label: Label, type: string): FieldDef => ({
  name,
  type: 'select',
  label,
  options: dictionary(type),
});

export const customerEntity = defineEntity({
  ...entityHead(MD_HEAD, 'customer', 'md_customer', L('Customer', '客户')),
  display: 'name',
  fields: [
    codeField({ label: L('Customer code', '客户编码') }),
    nameField(L('Customer name', '客户名称'), 200),
    descriptionField(),
    dictSelect('level', L('Customer level', '客户等级'), 'CUSTOMER_LEVEL'),
    dictSelect('type', L('Customer type', '客户类型'), 'CUSTOMER_TYPE'),
    dictSelect('category', L('Customer category', '客户类别'), 'CUSTOMER_CATEGORY'),
    dictSelect('company_type', L('Company type', '企业类型'), 'COMPANY_TYPE'),
    dictSelect('industry', L('Industry', '行业'), 'INDUSTRY'),
    { name: 'scale', type: 'select', label: L('Company scale', '企业规模'), options: SCALE_OPTIONS },
    textField('unified_credit_code', L('Unified social credit code', '统一社会信用代码'), {
      maxLength: 18,
      upperCase: true,
      validators: [{ type: 'regex', pattern: USCC_PATTERN, message: mdLabel('md.usccFormat') }],
    }),
    taxNumberField('old_tax_number', L('Old tax number', '旧税号')),
    taxNumberField('new_tax_number', L('New tax number', '新税号')),
    dictSelect('payment_terms', L('Payment terms', '付款条件'), 'PAYMENT_TERMS'),
    currencyField('settlement_currency', L('Settlement currency', '结算币种')),
    textField('legal_person', L('Legal representative', '法定代表人'), { maxLength: 50 }),
    {
      name: 'registered_capital',
      type: 'decimal',
      // Recorded as Chinese business registers do, in units of 10,000 yuan (万元): the label names both.
      label: L('Registered capital (CNY 10,000)', '注册资本(万元)'),
      validators: [{ type: 'positiveNumber' }],
    },
    dateField('registered_date', L('Registration date', '注册日期')),
    logoField(),
    { name: 'print_language', type: 'select', label: L('Print language', '打印语言'), options: LANGUAGE_OPTIONS, defaultValue: 'zh' },
    statusField(ACTIVE_FROZEN, 'active'),
    {
      name: 'termination_reason',
      type: 'text',
      label: L('Termination reason', '终止合作原因'),
      trim: true,
      maxLength: 500,
      hint: L('Why cooperation ended; fill it in when freezing the customer', '终止合作的原因，冻结客户时填写'),
    },
    ...bankFields(),
  ],
  children: [
    contactsChild([
      mobileField(),
      phoneField(),
      emailField(),
      flagField('is_primary', L('Primary contact', '主联系人')),
    ]),
    {
      name: 'delivery',
      label: L('Delivery info', '收货信息'),
      primaryFlag: 'is_primary',
      fields: [
        textField('person', L('Consignee', '收货人'), { required: true, maxLength: 50 }),
        mobileField(),
        textField('address', L('Delivery address', '收货地址'), { required: true, maxLength: 200 }),
        textField('warehouse_code', L('Warehouse code', '仓库编码'), { maxLength: 32, upperCase: true, validators: [{ type: 'capitalEnglish' }] }),
        textField('warehouse_name', L('Warehouse name', '仓库名称'), { maxLength: 100 }),
        { name: 'pickup_mode', type: 'select', label: L('Pickup mode', '提货方式'), options: dictionary('PICKUP_MODE') },
        textField('default_plate', L('Default licence plate', '默认车牌'), { maxLength: 20, upperCase: true }),
        flagField('is_primary', L('Default delivery', '默认收货')),
        textField('note', L('Note', '备注'), { maxLength: 200 }),
      ],
    },
  ],
  list: {
    columns: ['code', 'name', 'level', 'type', 'settlement_currency', 'status'],
    filters: ['code', 'name', 'level', 'type', 'category', 'status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'status', values: ACTIVE_FROZEN },
  transitions: FREEZE_TRANSITIONS,
  numbering: { field: 'code', serial: 'CUSTOMER' },
  rules: [bankBranchRule],
  authorizable: ['level', 'type', 'category', 'industry', 'status', 'settlement_currency'],
});

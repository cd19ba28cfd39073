// Field builders and option lists shared by the master-data definitions, so that a code, an
// address, a contact, a bank account or an active/frozen status means the same everywhere.
import {
  CURRENCIES,
  LOGO_SIZES,
  domesticBankBranchCodeRule,
  statusColor,
  type ChildTableDef,
  type EntityRule,
  type FieldDef,
  type FieldOption,
  type Label,
  type StatusValue,
  type TransitionDef,
} from '@seamline/core';
import { mdLabel } from './messages';

export const L = (en: string, zh: string): Label => ({ en, zh });

export const AREA = 'masterdata';
export const PREFIX = 'mdapi';
export const CATA = 'md';
/** The head of every master-data definition (core entityHead): area, API prefix, route category. */
export const MD_HEAD = { area: AREA, prefix: PREFIX, cata: CATA };

// ---------------------------------------------------------------------------------------------
// Option lists

/** Core's currencies (spec §9); the code is shown because RMB and CNY share a Chinese name. */
export const CURRENCY_OPTIONS: FieldOption[] = CURRENCIES.map((c) => ({
  value: c.code,
  label: L(`${c.code} - ${c.label.en}`, `${c.code} - ${c.label.zh}`),
}));

/** The stored language values (spec: 'en' → English, otherwise Chinese). */
export const LANGUAGE_OPTIONS: FieldOption[] = [
  { value: 'zh', label: L('Chinese', '中文') },
  { value: 'en', label: L('English', '英文') },
];

/** Head-count bands; the same values the demo companies carry on the tenant table. */
export const SCALE_OPTIONS: FieldOption[] = [
  { value: '1-49', label: L('1-49 employees', '1-49人') },
  { value: '50-99', label: L('50-99 employees', '50-99人') },
  { value: '100-499', label: L('100-499 employees', '100-499人') },
  { value: '500-999', label: L('500-999 employees', '500-999人') },
  { value: '1000+', label: L('1000+ employees', '1000人以上') },
];

export const BANK_TYPE_OPTIONS: FieldOption[] = [
  { value: 'DOMESTIC', label: L('Domestic bank', '境内银行') },
  { value: 'FOREIGN', label: L('Foreign bank', '境外银行') },
];

export const dictionary = (type: string) => ({ dictionary: type });

// ---------------------------------------------------------------------------------------------
// Statuses (spec §4 'Status colour mappings')

/** Active or frozen (customer, company card, production line and its members): colours of the spec's 'active' / 'inactive'. */
export const ACTIVE_FROZEN: StatusValue[] = [
  { value: 'active', label: L('Active', '正常'), color: statusColor('active') },
  { value: 'frozen', label: L('Frozen', '冻结'), color: statusColor('inactive') },
];

/** Active or inactive (workshop): the spec's own 'active' / 'inactive' keys. */
export const ACTIVE_INACTIVE: StatusValue[] = [
  { value: 'active', label: L('Active', '启用'), color: statusColor('active') },
  { value: 'inactive', label: L('Inactive', '停用'), color: statusColor('inactive') },
];

/** Whether a linked platform record exists: the spec's 'exists' / 'not exists' keys. */
export const EXISTS_OPTIONS: FieldOption[] = [
  { value: 'exists', label: L('Exists', '已存在'), color: statusColor('exists') },
  { value: 'not exists', label: L('Not exists', '不存在'), color: statusColor('not exists') },
];

/**
 * Activation states 0 / 10 / 40 of vendor and material (spec §4), coloured by core
 * statusColor(value, group). Meanings (ours; the spec names only the numbers):
 * - vendor:   0 new (created, not yet admitted), 10 admitted (may be sourced from), 40 disabled;
 * - material: 0 new (being set up),              10 active (may be ordered),       40 disabled.
 */
export function activationValues(group: 'vendor' | 'material'): StatusValue[] {
  const ten = group === 'vendor' ? L('Admitted', '已准入') : L('Active', '已启用');
  return [
    { value: '0', label: L('New', '新建'), color: statusColor('0', group) },
    { value: '10', label: ten, color: statusColor('10', group) },
    { value: '40', label: L('Disabled', '已停用'), color: statusColor('40', group) },
  ];
}

export const FREEZE_TRANSITIONS: TransitionDef[] = [
  { action: 'freeze', label: L('Freeze', '冻结'), from: ['active'], to: 'frozen' },
  { action: 'unfreeze', label: L('Unfreeze', '解冻'), from: ['frozen'], to: 'active' },
];

export const ACTIVATION_TRANSITIONS: TransitionDef[] = [
  { action: 'activate', label: L('Activate', '启用'), from: ['0', '40'], to: '10' },
  { action: 'disable', label: L('Disable', '停用'), from: ['0', '10'], to: '40' },
];

/** The status column: set by transitions (read-only in forms) unless `editable`. */
export function statusField(values: StatusValue[], defaultValue: string, opts: { name?: string; label?: Label; editable?: boolean } = {}): FieldDef {
  return {
    name: opts.name ?? 'status',
    type: 'select',
    label: opts.label ?? L('Status', '状态'),
    options: values,
    defaultValue,
    ...(opts.editable ? { required: true } : { readOnly: true }),
  };
}

// ---------------------------------------------------------------------------------------------
// Common fields

/** A business code: required, unique within the company, capital English, upper-cased and trimmed. */
export function codeField(opts: { name?: string; label?: Label; maxLength?: number; unique?: boolean } = {}): FieldDef {
  return {
    name: opts.name ?? 'code',
    type: 'string',
    label: opts.label ?? L('Code', '编码'),
    required: true,
    unique: opts.unique ?? true,
    upperCase: true,
    trim: true,
    maxLength: opts.maxLength ?? 32,
    validators: [{ type: 'capitalEnglish' }],
  };
}

export function textField(name: string, label: Label, opts: Partial<FieldDef> = {}): FieldDef {
  return { name, type: 'string', label, trim: true, maxLength: 100, ...opts };
}

export function nameField(label: Label, maxLength = 100, name = 'name'): FieldDef {
  return textField(name, label, { required: true, maxLength });
}

export const descriptionField = (label: Label = L('Description', '描述')): FieldDef => ({
  name: 'description',
  type: 'text',
  label,
  trim: true,
  maxLength: 1000,
});

export const emailField = (name = 'email', label: Label = L('Email', '邮箱')): FieldDef =>
  textField(name, label, { lowerCase: true, validators: [{ type: 'email' }] });

export const mobileField = (name = 'mobile', label: Label = L('Mobile', '手机')): FieldDef =>
  textField(name, label, { maxLength: 11, validators: [{ type: 'mobile' }] });

/** A landline or fax number as typed ('0757-8000 2000', '+852 2345 6789'): no Chinese characters. */
export const phoneField = (name = 'phone', label: Label = L('Phone', '电话')): FieldDef =>
  textField(name, label, { maxLength: 30, validators: [{ type: 'noChinese' }] });

export const referenceField = (name: string, label: Label, entity: string, displayField: string, opts: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'reference',
  label,
  ref: { entity, displayField },
  ...opts,
});

/** A user of the platform (core's user entity), shown by full name. */
export const userField = (name: string, label: Label, opts: Partial<FieldDef> = {}): FieldDef =>
  referenceField(name, label, 'user', 'full_name', opts);

export const currencyField = (name = 'currency', label: Label = L('Currency', '币种'), opts: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'select',
  label,
  options: CURRENCY_OPTIONS,
  defaultValue: 'CNY',
  ...opts,
});

export const dateField = (name: string, label: Label, opts: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'date', label, ...opts });

export const flagField = (name: string, label: Label, defaultValue = false): FieldDef => ({ name, type: 'boolean', label, defaultValue });

/**
 * A party's contacts (customer, vendor): the person and job title every contact has, then the
 * party's own fields (they keep each screen's order); one row may be marked primary.
 */
export function contactsChild(fields: FieldDef[]): ChildTableDef {
  return {
    name: 'contacts',
    label: L('Contacts', '联系人'),
    primaryFlag: 'is_primary',
    fields: [
      textField('person', L('Contact person', '联系人'), { required: true, maxLength: 50 }),
      textField('title', L('Job title', '职务'), { maxLength: 50 }),
      ...fields,
    ],
  };
}

/** Country (dictionary COUNTRY), state / province, city, district, detailed address, postal code. */
export function addressFields(): FieldDef[] {
  return [
    { name: 'country', type: 'select', label: L('Country / region', '国家/地区'), options: dictionary('COUNTRY'), defaultValue: 'CN' },
    textField('state', L('State / province', '省/州'), { maxLength: 50 }),
    textField('city', L('City', '城市'), { maxLength: 50 }),
    textField('district', L('District', '区/县'), { maxLength: 50 }),
    textField('detail', L('Detailed address', '详细地址'), { maxLength: 200 }),
    textField('zip', L('Postal code', '邮政编码'), {
      maxLength: 10,
      upperCase: true,
      validators: [{ type: 'regex', pattern: '^[A-Z0-9][A-Z0-9 -]{1,9}$', message: mdLabel('md.zip') }],
    }),
  ];
}

/** The logo of a company or customer; the spec's suggested sizes as a hint, not enforced. */
export function logoField(): FieldDef {
  const sizes = LOGO_SIZES.map(([w, h]) => `${w}×${h}`);
  return {
    name: 'logo',
    type: 'image',
    label: L('Logo', '标志'),
    hint: L(`Suggested size ${sizes.join(' or ')} px`, `建议尺寸 ${sizes.join(' 或 ')} 像素`),
  };
}

/** A tax / registration number: letters and digits as printed on the certificate. */
export const taxNumberField = (name: string, label: Label): FieldDef =>
  textField(name, label, { maxLength: 30, upperCase: true, validators: [{ type: 'capitalEnglish' }] });

/** Bank data of a customer or vendor: type (domestic / foreign), bank, branch code, account. */
export function bankFields(): FieldDef[] {
  return [
    { name: 'bank_type', type: 'select', label: L('Bank type', '银行类型'), options: BANK_TYPE_OPTIONS, defaultValue: 'DOMESTIC' },
    textField('bank_name', L('Bank name', '开户银行'), { maxLength: 100 }),
    textField('bank_branch_code', L('Bank branch code', '联行号'), {
      maxLength: 20,
      validators: [{ type: 'noChinese' }],
      hint: L('Domestic banks: the 11-digit branch code', '境内银行：11 位数字联行号'),
    }),
    textField('bank_account', L('Bank account', '银行账号'), { maxLength: 40, validators: [{ type: 'noChinese' }] }),
  ];
}

/** MD-20: the branch code of a domestic bank is an 11-digit number; foreign banks are not checked. */
export const bankBranchRule: EntityRule = domesticBankBranchCodeRule({
  field: 'bank_branch_code',
  isDomestic: (row) => row.bank_type === 'DOMESTIC',
});

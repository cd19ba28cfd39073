// Client / company (spec §3, MD-02) with its company card (MD-03): the card has a version, is
// public or private, and is active or frozen (freeze / unfreeze).
import { defineEntity, entityHead, LICENCE_MIN_SIZE, type EntityRule, type FieldOption } from '@seamline/core';
import {
  ACTIVE_FROZEN,
  FREEZE_TRANSITIONS,
  L,
  LANGUAGE_OPTIONS,
  SCALE_OPTIONS,
  addressFields,
  codeField,
  currencyField,
  dictionary,
  emailField,
  logoField,
  mobileField,
  nameField,
  phoneField,
  statusField,
  taxNumberField,
  textField,
  MD_HEAD,
} from './fields';

/** The platform's company types (the same values as the tenant table's type). */
export const COMPANY_TYPE_OPTIONS: FieldOption[] = [
  { value: 'BRAND', label: L('Brand', '品牌商') },
  { value: 'GARMENT_SUPPLIER', label: L('Garment supplier', '成衣供应商') },
  { value: 'FABRIC_SUPPLIER', label: L('Fabric supplier', '面料供应商') },
  { value: 'TRIM_SUPPLIER', label: L('Trim supplier', '辅料供应商') },
  { value: 'FACTORY', label: L('Factory', '工厂') },
  { value: 'INSPECTION_COMPANY', label: L('Inspection company', '第三方检验公司') },
];

export const LICENSE_TYPE_OPTIONS: FieldOption[] = [
  { value: 'TRIAL', label: L('Trial', '试用版') },
  { value: 'STANDARD', label: L('Standard', '标准版') },
  { value: 'PRO', label: L('Professional', '专业版') },
  { value: 'ENTERPRISE', label: L('Enterprise', '企业版') },
];

export const CARD_VISIBILITY_OPTIONS: FieldOption[] = [
  { value: 'PUBLIC', label: L('Public', '公开'), color: 'blue' },
  { value: 'PRIVATE', label: L('Private', '私密'), color: 'default' },
];

/** What a company can do for partners, shown on its public card in discovery. */
export const CAPABILITY_OPTIONS: FieldOption[] = [
  { value: 'CUT_SEW', label: L('Cut and sew', '裁剪缝制') },
  { value: 'KNITTING', label: L('Knitting', '针织') },
  { value: 'WEAVING', label: L('Weaving', '梭织') },
  { value: 'DYEING', label: L('Dyeing', '染色') },
  { value: 'PRINTING', label: L('Printing', '印花') },
  { value: 'EMBROIDERY', label: L('Embroidery', '刺绣') },
  { value: 'WASHING', label: L('Washing', '水洗') },
  { value: 'TRIMS', label: L('Trims', '辅料') },
  { value: 'DESIGN', label: L('Design', '设计') },
  { value: 'SAMPLING', label: L('Sampling', '打样') },
];

/** The company card shows up to five cases, in slots 1 to 5 (spec §9, CON-22). */
export const CASE_SLOTS = [1, 2, 3, 4, 5] as const;

/** Each case slot at most once, and no more cases than slots. */
export const caseSlotsRule: EntityRule = (doc) => {
  const rows = Array.isArray(doc.cases) ? (doc.cases as Array<Record<string, unknown>>) : [];
  const errors: ReturnType<EntityRule> = [];
  if (rows.length > CASE_SLOTS.length) {
    errors.push({ message: L(`At most ${CASE_SLOTS.length} cases`, `最多 ${CASE_SLOTS.length} 个案例`) });
  }
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const slot = row?.slot === undefined || row?.slot === null ? '' : String(row.slot);
    if (slot && seen.has(slot)) errors.push({ field: 'slot', child: { name: 'cases', index }, message: L('This case slot is taken', '该案例位置已被占用') });
    seen.add(slot);
  });
  return errors;
};

export const companyEntity = defineEntity({
  ...entityHead(MD_HEAD, 'company', 'md_company', L('Company', '公司')),
  display: 'name',
  fields: [
    codeField({ label: L('Company code', '公司编码') }),
    nameField(L('Company name', '公司名称'), 200),
    { name: 'type', type: 'select', label: L('Company type', '公司类型'), required: true, options: COMPANY_TYPE_OPTIONS },
    { name: 'industry', type: 'select', label: L('Industry', '行业'), options: dictionary('INDUSTRY') },
    { name: 'license_type', type: 'select', label: L('License type', '授权版本'), options: LICENSE_TYPE_OPTIONS, defaultValue: 'STANDARD' },
    { name: 'scale', type: 'select', label: L('Company scale', '企业规模'), options: SCALE_OPTIONS },
    logoField(),
    taxNumberField('tax_number', L('Tax number', '税号')),
    taxNumberField('registration_number', L('Registration number', '工商注册号')),
    ...addressFields(),
    textField('contact_person', L('Contact person', '联系人'), { maxLength: 50 }),
    phoneField('contact_phone', L('Contact phone', '联系电话')),
    mobileField('contact_mobile', L('Contact mobile', '联系手机')),
    emailField('contact_email', L('Contact email', '联系邮箱')),
    currencyField('currency', L('Currency', '币种'), { required: true }),
    { name: 'language', type: 'select', label: L('Language', '语言'), options: LANGUAGE_OPTIONS, defaultValue: 'zh', required: true },
    // The company card.
    {
      name: 'card_version',
      type: 'integer',
      label: L('Card version', '名片版本'),
      readOnly: true,
      defaultValue: 1,
      hint: L('Counted up by the server each time the card is saved', '每次保存名片时由系统递增'),
    },
    {
      name: 'card_visibility',
      type: 'select',
      label: L('Card visibility', '名片可见性'),
      options: CARD_VISIBILITY_OPTIONS,
      defaultValue: 'PUBLIC',
      required: true,
    },
    statusField(ACTIVE_FROZEN, 'active', { name: 'card_status', label: L('Card status', '名片状态') }),
    { name: 'capabilities', type: 'multiselect', label: L('Capabilities', '能力'), options: CAPABILITY_OPTIONS },
    // The business licence (CON-21: at least 600×840 px; core licenceImageOk checks a measured image).
    {
      name: 'licence_image',
      type: 'image',
      label: L('Business licence', '营业执照'),
      hint: L(
        `At least ${LICENCE_MIN_SIZE.width}×${LICENCE_MIN_SIZE.height} px`,
        `至少 ${LICENCE_MIN_SIZE.width}×${LICENCE_MIN_SIZE.height} 像素`,
      ),
    },
  ],
  children: [
    {
      name: 'cases',
      label: L('Cases (slots 1–5)', '案例（位置 1–5）'),
      maxRows: CASE_SLOTS.length,
      fields: [
        {
          name: 'slot',
          type: 'select',
          label: L('Slot', '位置'),
          required: true,
          options: CASE_SLOTS.map((n) => ({ value: String(n), label: { en: String(n), zh: String(n) } })),
        },
        { name: 'title', type: 'string', label: L('Case', '案例'), required: true, maxLength: 100 },
        { name: 'image', type: 'image', label: L('Picture', '图片') },
        { name: 'description', type: 'text', label: L('Description', '描述'), maxLength: 500 },
      ],
    },
  ],
  rules: [caseSlotsRule],
  list: {
    columns: ['code', 'name', 'type', 'industry', 'card_visibility', 'card_version', 'card_status'],
    filters: ['code', 'name', 'type', 'card_visibility', 'card_status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'card_status', values: ACTIVE_FROZEN },
  transitions: FREEZE_TRANSITIONS,
  authorizable: ['type', 'industry', 'card_visibility', 'card_status'],
});

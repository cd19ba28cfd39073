// System dictionary (spec §3): the admin-maintained option lists that `{ dictionary: TYPE }`
// selects read. One row is one value of one type: (type_code, code) names it.
import { defineEntity, entityHead, type FieldOption } from '@seamline/core';
import { L, codeField, descriptionField, nameField, textField, MD_HEAD } from './fields';

export const DICTIONARY_CATEGORY_OPTIONS: FieldOption[] = [
  { value: 'SYSTEM', label: L('System', '系统') },
  { value: 'BUSINESS', label: L('Business', '业务') },
];

export const dictionaryEntity = defineEntity({
  ...entityHead(MD_HEAD, 'dictionary', 'md_dictionary', L('System dictionary', '系统字典')),
  // Configuration: a member without its menu reads nothing of it (CFG-28); pickers use mdapi/dictionary/options.
  readNeedsMenu: true,
  display: 'name',
  fields: [
    // Unique per type, not per company: the engine's `unique` is single-column (see the area docs).
    codeField({ label: L('Code', '编码'), unique: false }),
    codeField({ name: 'type_code', label: L('Type code', '类型编码'), unique: false }),
    nameField(L('Parameter name', '参数名称')),
    textField('name_en', L('Parameter name (English)', '参数名称(英文)')),
    descriptionField(L('Parameter description', '参数描述')),
    { name: 'category', type: 'select', label: L('Category', '类别'), options: DICTIONARY_CATEGORY_OPTIONS, defaultValue: 'BUSINESS' },
    { name: 'sort_no', type: 'integer', label: L('Sort order', '排序'), defaultValue: 0, validators: [{ type: 'naturalNumber' }] },
  ],
  list: {
    columns: ['type_code', 'code', 'name', 'name_en', 'category', 'sort_no'],
    filters: ['type_code', 'code', 'name', 'category'],
    sort: { field: 'type_code', order: 'asc' },
  },
});

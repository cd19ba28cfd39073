// Plant (spec §3, MD-04): a site of a company, with its address.
import { defineEntity, entityHead } from '@seamline/core';
import { L, addressFields, codeField, descriptionField, mobileField, nameField, phoneField, referenceField, textField, MD_HEAD } from './fields';

export const plantEntity = defineEntity({
  ...entityHead(MD_HEAD, 'plant', 'md_plant', L('Plant', '工厂')),
  display: 'name',
  fields: [
    codeField({ label: L('Plant code', '工厂编码') }),
    nameField(L('Plant name', '工厂名称')),
    descriptionField(),
    referenceField('company_id', L('Company', '所属公司'), 'company', 'name'),
    ...addressFields(),
    textField('contact_person', L('Contact person', '联系人'), { maxLength: 50 }),
    phoneField('contact_phone', L('Contact phone', '联系电话')),
    mobileField('contact_mobile', L('Contact mobile', '联系手机')),
  ],
  list: {
    columns: ['code', 'name', 'company_id', 'state', 'city', 'contact_person'],
    filters: ['code', 'name', 'company_id', 'city'],
    sort: { field: 'code', order: 'asc' },
  },
});

// Organization (spec §3, MD-04): a tree of departments; the top level leaves the parent empty.
import { defineEntity, entityHead } from '@seamline/core';
import { L, codeField, descriptionField, nameField, referenceField, MD_HEAD } from './fields';
import { notOwnParent } from './rules';

export const orgEntity = defineEntity({
  ...entityHead(MD_HEAD, 'org', 'md_org', L('Organization', '组织')),
  display: 'name',
  fields: [
    codeField({ label: L('Organization code', '组织编码') }),
    nameField(L('Organization name', '组织名称')),
    descriptionField(),
    referenceField('parent_id', L('Parent organization', '上级组织'), 'org', 'name', {
      hint: L('Leave empty for a top-level organization', '顶级组织请留空'),
    }),
  ],
  list: {
    columns: ['code', 'name', 'parent_id', 'description', 'updated_at'],
    filters: ['code', 'name', 'parent_id'],
    sort: { field: 'code', order: 'asc' },
  },
  tree: { parentField: 'parent_id' },
  rules: [notOwnParent('parent_id')],
});

// Position (spec §3, MD-04): code, name, description, the user holding it, work percent
// (0..100) and whether it is a manager position.
import { defineEntity, entityHead } from '@seamline/core';
import { L, codeField, descriptionField, flagField, nameField, referenceField, userField, MD_HEAD } from './fields';
import { numberRange } from './rules';

export const positionEntity = defineEntity({
  ...entityHead(MD_HEAD, 'position', 'md_position', L('Position', '岗位')),
  display: 'name',
  fields: [
    codeField({ label: L('Position code', '岗位编码') }),
    nameField(L('Position name', '岗位名称')),
    descriptionField(),
    referenceField('org_id', L('Organization', '所属组织'), 'org', 'name'),
    userField('user_id', L('User', '任职人员')),
    {
      name: 'work_percent',
      type: 'decimal',
      label: L('Work percent (%)', '工作占比(%)'),
      unit: { fixed: 'PCT' },
      hint: L("Share of the user's working time, 0-100", '占该人员工作时间的比例，0-100'),
    },
    flagField('is_manager', L('Manager position', '管理岗位')),
  ],
  list: {
    columns: ['code', 'name', 'org_id', 'user_id', 'work_percent', 'is_manager'],
    filters: ['code', 'name', 'org_id', 'user_id', 'is_manager'],
    sort: { field: 'code', order: 'asc' },
  },
  rules: [numberRange('work_percent', 0, 100)],
});

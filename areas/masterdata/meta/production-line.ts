// Production line (spec §3, §4, MD-18, MD-19): a sewing / cutting line of a workshop, active or
// frozen (freeze / unfreeze), with its members (each active or frozen) and its work-line
// capacity by validity period.
import { defineEntity, entityHead, type FieldDef, type Label } from '@seamline/core';
import {
  ACTIVE_FROZEN,
  FREEZE_TRANSITIONS,
  L,
  codeField,
  dateField,
  descriptionField,
  dictionary,
  nameField,
  referenceField,
  statusField,
  textField,
  userField,
  MD_HEAD,
} from './fields';
import { mdLabel } from './messages';
import { dateOrder, noOverlap, numberRange, sumAtMost, uniqueInRows } from './rules';

/**
 * Allowed processes: process codes separated by commas ('CUT,SEW'). The engine has no
 * multi-reference field type, and a multiselect's options come only from a fixed list or a
 * dictionary, so the codes are text; the server resolves them against the process entity.
 */
export const PROCESS_CODES_PATTERN = '^[A-Z0-9_.@-]+(\\s*,\\s*[A-Z0-9_.@-]+)*$';

const hours = (name: string, label: Label): FieldDef => ({
  name,
  type: 'decimal',
  label,
  required: true,
  validators: [{ type: 'positiveNumber' }],
  unit: { fixed: 'H' },
});

export const productionLineEntity = defineEntity({
  ...entityHead(MD_HEAD, 'production-line', 'md_production_line', L('Production line', '产线')),
  display: 'name',
  fields: [
    codeField({ label: L('Line code', '产线编码') }),
    nameField(L('Line name', '产线名称')),
    referenceField('workshop_id', L('Workshop', '所属车间'), 'workshop', 'name', { required: true }),
    descriptionField(),
    statusField(ACTIVE_FROZEN, 'active'),
  ],
  children: [
    {
      name: 'members',
      label: L('Line members', '产线成员'),
      fields: [
        textField('member_name', L('Member name', '成员姓名'), { required: true, maxLength: 50 }),
        textField('employee_no', L('Employee no.', '工号'), { maxLength: 32, upperCase: true, validators: [{ type: 'capitalEnglish' }] }),
        userField('user_id', L('Platform user', '平台用户'), {
          hint: L('Only for members who sign in to the platform', '仅限登录平台的成员'),
        }),
        { name: 'title', type: 'select', label: L('Role on the line', '岗位角色'), options: dictionary('LINE_ROLE') },
        { name: 'status', type: 'select', label: L('Status', '状态'), options: ACTIVE_FROZEN, defaultValue: 'active', required: true },
      ],
    },
    {
      name: 'capacity',
      label: L('Work-line capacity', '产线产能'),
      fields: [
        dateField('valid_from', L('Valid from', '生效日期'), { required: true }),
        dateField('valid_to', L('Valid to', '失效日期'), { required: true }),
        hours('morning_hours', L('Morning hours', '上午工时(小时)')),
        hours('afternoon_hours', L('Afternoon hours', '下午工时(小时)')),
        { name: 'capacity_type', type: 'select', label: L('Capacity type', '产能类型'), required: true, options: dictionary('CAPACITY_TYPE') },
        textField('allowed_processes', L('Allowed processes', '允许工序'), {
          maxLength: 500,
          upperCase: true,
          validators: [{ type: 'regex', pattern: PROCESS_CODES_PATTERN, message: mdLabel('md.processCodes') }],
          hint: L('Process codes separated by commas, e.g. CUT,SEW', '以英文逗号分隔的工序编码，例如 CUT,SEW'),
        }),
      ],
    },
  ],
  list: {
    columns: ['code', 'name', 'workshop_id', 'status', 'updated_at'],
    filters: ['code', 'name', 'workshop_id', 'status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'status', values: ACTIVE_FROZEN },
  transitions: FREEZE_TRANSITIONS,
  rules: [
    uniqueInRows('members', 'employee_no'),
    uniqueInRows('members', 'user_id'),
    dateOrder('valid_from', 'valid_to', 'capacity'),
    noOverlap('capacity', 'valid_from', 'valid_to', 'capacity_type'),
    numberRange('morning_hours', 0, 24, 'capacity'),
    numberRange('afternoon_hours', 0, 24, 'capacity'),
    sumAtMost(['morning_hours', 'afternoon_hours'], 24, 'capacity'),
  ],
  authorizable: ['workshop_id', 'status'],
});

// A data-authorization rule (CFG-11..13): on one menu, a member sees only the records whose field
// compares to the value ('in' takes a comma-separated list). The data-authorization screen draws
// its rules' table and the form that adds one from this definition; the records come from the
// admin routes (utilsapi/sys/data-rules/…), which check the menu, field and operator.
import { defineEntity } from '@seamline/core';
import { adminEntityHead, L } from './admin';

export const dataRuleEntity = defineEntity({
  ...adminEntityHead('data-rule', 'data_rule', L('Data rule', '数据规则')),
  display: 'field',
  fields: [
    { name: 'menu_code', type: 'string', label: L('Menu', '菜单'), required: true },
    { name: 'field', type: 'string', label: L('Field', '字段'), required: true },
    { name: 'operator', type: 'string', label: L('Operator', '运算符'), required: true },
    {
      name: 'value',
      type: 'string',
      label: L('Value', '值'),
      hint: L(
        'Pick one or more of the values in use (several make a list for "in"), or type one; "like" without % means contains.',
        '从已使用的值中选择一个或多个（多个值构成 "in" 的列表），也可直接输入；不含 % 的 "like" 表示包含。',
      ),
    },
  ],
  list: { columns: ['menu_code', 'field', 'operator', 'value'], filters: [] },
});

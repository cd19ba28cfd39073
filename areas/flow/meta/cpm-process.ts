// Process definition (spec §3 'Process', §5): a flow's code, name, comment and tag with its nodes.
// Named `cpm-process` because master data's `process` is the factory's production processes.
import { APPROVE_TYPES, AUTHORITY_TYPES, defineEntity, entityHead, flowRule, REJECT_TYPES, SIGN_TYPES, type Label } from '@seamline/core';

const L = (en: string, zh: string): Label => ({ en, zh });

export const FLOW_AREA = 'flow';
/** The designer's API prefix (spec §7: superdesignapi under crossapi). */
export const DESIGN_PREFIX = 'crossapi/superdesignapi';

export const cpmProcessEntity = defineEntity({
  ...entityHead({ area: FLOW_AREA, prefix: DESIGN_PREFIX, cata: 'sys' }, 'cpm-process', 'cpm_process', L('Process definition', '流程定义')),
  display: 'name',
  fields: [
    {
      name: 'code',
      type: 'string',
      label: L('Process code', '流程编码'),
      required: true,
      unique: true,
      maxLength: 64,
      trim: true,
      upperCase: true,
      validators: [{ type: 'capitalEnglish' }],
    },
    { name: 'name', type: 'string', label: L('Process name', '流程名称'), required: true, maxLength: 200 },
    { name: 'comment', type: 'text', label: L('Comment', '备注') },
    { name: 'tag', type: 'string', label: L('Tag', '标签'), maxLength: 100 },
    // Only an active flow may be bound to a document type (flow-binding); running documents keep theirs.
    { name: 'active', type: 'boolean', label: L('Active', '启用'), defaultValue: true },
  ],
  children: [
    {
      name: 'nodes',
      label: L('Nodes', '节点'),
      fields: [
        { name: 'node_seq', type: 'integer', label: L('Sequence', '序号'), required: true },
        { name: 'status_code', type: 'string', label: L('Status code', '状态编码'), required: true, maxLength: 64, trim: true },
        { name: 'text', type: 'string', label: L('Status text', '状态文本'), required: true, maxLength: 200 },
        { name: 'color', type: 'string', label: L('Colour', '颜色'), maxLength: 32 },
        { name: 'approve_type', type: 'select', label: L('Approve type', '审批类型'), options: APPROVE_TYPES, defaultValue: 'MANUAL' },
        { name: 'reject_type', type: 'select', label: L('Reject type', '驳回类型'), options: REJECT_TYPES, defaultValue: 'PREVIOUS' },
        { name: 'steps', type: 'json', label: L('Steps', '步骤') },
        { name: 'launch_action', type: 'string', label: L('Launch action', '发起动作'), maxLength: 64, trim: true },
        { name: 'launch_text', type: 'string', label: L('Launch action text', '发起动作文本'), maxLength: 200 },
        // A new node is appended last, and the last node must be an end: it starts as one.
        { name: 'is_end', type: 'boolean', label: L('End node', '结束节点'), defaultValue: true },
        { name: 'sign_type', type: 'select', label: L('Sign type', '会签方式'), options: SIGN_TYPES, defaultValue: 'OR' },
        { name: 'authority', type: 'select', label: L('Authority', '审批权限'), options: AUTHORITY_TYPES, defaultValue: 'INITIATOR' },
        { name: 'positions', type: 'json', label: L('Positions', '岗位') },
        { name: 'roles', type: 'json', label: L('Roles', '角色') },
        { name: 'users', type: 'json', label: L('Users', '人员') },
        { name: 'pre_rules', type: 'json', label: L('Rules before approval', '审批前规则') },
      ],
    },
  ],
  list: {
    columns: ['code', 'name', 'tag', 'active', 'comment', 'updated_at'],
    filters: ['code', 'name', 'tag'],
    sort: { field: 'code', order: 'asc' },
  },
  rules: [flowRule],
});

// Project types (spec §3, §5 CFG-15): bind a flow and one of its node statuses. The check that
// the status exists under the flow reads the flow's nodes, so it is a server hook
// (areas/flow/server/projectType.ts); the web offers only the chosen flow's statuses.
import { defineEntity, entityHead, type Label } from '@seamline/core';
import { DESIGN_PREFIX, FLOW_AREA } from './cpm-process';

const L = (en: string, zh: string): Label => ({ en, zh });

export const projectTypeEntity = defineEntity({
  ...entityHead({ area: FLOW_AREA, prefix: DESIGN_PREFIX, cata: 'sys' }, 'project-type', 'cpm_project_type', L('Project type', '项目类型')),
  // Configuration: a member without the SYS_PROJECT_TYPE menu reads nothing of it (CFG-28).
  readNeedsMenu: true,
  display: 'name',
  fields: [
    { name: 'code', type: 'string', label: L('Code', '编码'), required: true, unique: true, maxLength: 64, trim: true },
    { name: 'name', type: 'string', label: L('Name', '名称'), required: true, maxLength: 200 },
    { name: 'flow', type: 'string', label: L('Approval flow', '审批流程'), maxLength: 64, hint: L('A process code', '流程编码') },
    { name: 'node_status', type: 'string', label: L('Node status', '节点状态'), maxLength: 64 },
    { name: 'comment', type: 'text', label: L('Comment', '备注') },
  ],
  list: {
    columns: ['code', 'name', 'flow', 'node_status', 'updated_at'],
    filters: ['code', 'name', 'flow'],
    sort: { field: 'code', order: 'asc' },
  },
});

// The approval flow (spec §3 'Process', §4 'Approval flow', §6 'Approval-node authority'):
// the shapes shared by the designer (web), the designer API and the runtime (server).
import type { Label } from '../entity/types';

export type SignType = 'AND' | 'OR';
export type RejectType = 'PREVIOUS' | 'CHOSEN' | 'FIRST';
export type ApproveType = 'MANUAL' | 'AUTO';
export type AuthorityType =
  | 'INITIATOR'
  | 'POSITIONS'
  | 'INITIATOR_POSITIONS'
  | 'ROLES'
  | 'INITIATOR_ROLES'
  | 'FIXED_POSITIONS'
  | 'REPORTING_MANAGER';

/** A rule checked before APPROVE at a node (dmn-bus/push-before): false → refused with message. */
export interface PreRule {
  expression: string;
  message: Label;
}

export interface FlowNode {
  node_seq: number | string | null;
  status_code: string | null;
  text?: string | null;
  color?: string | null;
  approve_type?: ApproveType | null;
  reject_type?: RejectType | null;
  steps?: string[] | null;
  launch_action?: string | null;
  launch_text?: string | null;
  is_end?: boolean | null;
  sign_type?: SignType | null;
  authority?: AuthorityType | null;
  positions?: string[] | null;
  roles?: string[] | null;
  users?: string[] | null;
  pre_rules?: PreRule[] | null;
}

export interface FlowProcess {
  code?: string | null;
  name?: string | null;
  comment?: string | null;
  tag?: string | null;
  nodes?: FlowNode[] | null;
}

export interface Option<T extends string> {
  value: T;
  label: Label;
}

const L = (en: string, zh: string): Label => ({ en, zh });

export const SIGN_TYPES: Option<SignType>[] = [
  { value: 'AND', label: L('And (countersign: every approver)', '会签（所有审批人）') },
  { value: 'OR', label: L('Or (any one approver)', '或签（任一审批人）') },
];

export const REJECT_TYPES: Option<RejectType>[] = [
  { value: 'PREVIOUS', label: L('Return to previous approver', '退回上一审批人') },
  { value: 'CHOSEN', label: L('Return to a chosen node', '退回指定节点') },
  { value: 'FIRST', label: L('Return to the first node', '退回第一个节点') },
];

export const APPROVE_TYPES: Option<ApproveType>[] = [
  { value: 'MANUAL', label: L('Approvers decide', '人工审批') },
  { value: 'AUTO', label: L('Passes automatically', '自动通过') },
];

/** Spec §6: exactly these seven (FLOW-13). */
export const AUTHORITY_TYPES: Option<AuthorityType>[] = [
  { value: 'INITIATOR', label: L('Initiator', '发起人') },
  { value: 'POSITIONS', label: L('Other positions', '其他岗位') },
  { value: 'INITIATOR_POSITIONS', label: L('Initiator plus positions', '发起人+岗位') },
  { value: 'ROLES', label: L('Other roles', '其他角色') },
  { value: 'INITIATOR_ROLES', label: L('Initiator plus roles', '发起人+角色') },
  { value: 'FIXED_POSITIONS', label: L('Fixed positions', '固定岗位') },
  { value: 'REPORTING_MANAGER', label: L('Reporting manager', '汇报上级') },
];

/** Authorities that name positions / roles. */
export const POSITION_AUTHORITIES: readonly AuthorityType[] = ['POSITIONS', 'INITIATOR_POSITIONS', 'FIXED_POSITIONS'];
export const ROLE_AUTHORITIES: readonly AuthorityType[] = ['ROLES', 'INITIATOR_ROLES'];
export const INITIATOR_AUTHORITIES: readonly AuthorityType[] = ['INITIATOR', 'INITIATOR_POSITIONS', 'INITIATOR_ROLES'];

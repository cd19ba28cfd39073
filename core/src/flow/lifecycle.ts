// The document lifecycle of spec §4 'Document lifecycle labels' for any entity that runs through
// an approval flow. Start, Submit, Archive, Cancel and the document's Rollback (the initiator takes
// a submitted or cancelled document back to Ongoing) are the entity's own transitions; Approve,
// Return and an approver's Rollback to an earlier node go through the approval runtime (cpm-bus),
// which moves the status.
import type { Label, StatusValue, TransitionDef } from '../entity/types';

export const DOC_STATUSES = ['DRAFT', 'ONGOING', 'FOR_APPROVAL', 'APPROVED', 'ARCHIVED', 'CANCELLED'] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];
export const DOC_ACTIONS = ['START', 'SUBMIT', 'APPROVE', 'RETURN', 'ARCHIVE', 'CANCEL', 'ROLLBACK'] as const;
export type DocAction = (typeof DOC_ACTIONS)[number];

const L = (en: string, zh: string): Label => ({ en, zh });

export const DOC_STATUS_LABELS: Record<DocStatus, Label> = {
  DRAFT: L('Draft', '草稿'),
  ONGOING: L('Ongoing', '进行中'),
  FOR_APPROVAL: L('For Approval', '待审批'),
  APPROVED: L('Approved', '已审批'),
  ARCHIVED: L('Archived', '已归档'),
  CANCELLED: L('Cancelled', '已取消'),
};

export const DOC_STATUS_COLORS: Record<DocStatus, string> = {
  DRAFT: 'default',
  ONGOING: 'blue',
  FOR_APPROVAL: 'orange',
  APPROVED: 'green',
  ARCHIVED: 'purple',
  CANCELLED: 'red',
};

export const DOC_ACTION_LABELS: Record<DocAction, Label> = {
  START: L('Start', '开始'),
  SUBMIT: L('Submit', '提交'),
  APPROVE: L('Approve', '审批通过'),
  RETURN: L('Return', '退回'),
  ARCHIVE: L('Archive', '归档'),
  CANCEL: L('Cancel', '取消'),
  ROLLBACK: L('Rollback', '回退'),
};

/** Which action is valid in which status (DOC-03). Approve/Return/Rollback need an approver too. */
const VALID_FROM: Record<DocAction, readonly DocStatus[]> = {
  START: ['DRAFT'],
  SUBMIT: ['DRAFT', 'ONGOING'],
  APPROVE: ['FOR_APPROVAL'],
  RETURN: ['FOR_APPROVAL'],
  ROLLBACK: ['FOR_APPROVAL', 'CANCELLED'],
  ARCHIVE: ['APPROVED'],
  CANCEL: ['DRAFT', 'ONGOING'],
};

/** The actions valid in a status, in the spec's order. */
export function documentActions(status: string | null | undefined): DocAction[] {
  return DOC_ACTIONS.filter((a) => (VALID_FROM[a] as readonly string[]).includes(status ?? 'DRAFT'));
}

/** DOC-05: under approval and in the final states a document cannot be changed or deleted. */
export function isReadOnlyStatus(status: unknown): boolean {
  return status === 'FOR_APPROVAL' || status === 'APPROVED' || status === 'ARCHIVED' || status === 'CANCELLED';
}

export function docStatusLabel(status: string, lang: unknown): string {
  const l = DOC_STATUS_LABELS[status as DocStatus];
  return l ? (lang === 'en' ? l.en : l.zh) : status;
}

export function docActionLabel(action: string, lang: unknown): string {
  const l = DOC_ACTION_LABELS[action.toUpperCase() as DocAction];
  return l ? (lang === 'en' ? l.en : l.zh) : action;
}

/** The entity's own transitions (wire names lower case: POST P/ENTITY/start …). */
const OWN: DocAction[] = ['START', 'CANCEL', 'SUBMIT', 'ROLLBACK', 'ARCHIVE'];
const TO: Partial<Record<DocAction, DocStatus>> = {
  START: 'ONGOING',
  CANCEL: 'CANCELLED',
  SUBMIT: 'FOR_APPROVAL',
  ROLLBACK: 'ONGOING',
  ARCHIVE: 'ARCHIVED',
};

/**
 * Spread into a definition that declares `flow`: the status field must be named `status`
 * (`lifecycleStatusField()` gives it), values and the five own transitions.
 */
export function flowLifecycle(): { status: { field: string; values: StatusValue[] }; transitions: TransitionDef[] } {
  return {
    status: {
      field: 'status',
      values: DOC_STATUSES.map((s) => ({ value: s, label: DOC_STATUS_LABELS[s], color: DOC_STATUS_COLORS[s] })),
    },
    transitions: OWN.map((a) => ({ action: a.toLowerCase(), label: DOC_ACTION_LABELS[a], from: [...VALID_FROM[a]], to: TO[a]! })),
  };
}

/** The read-only `status` select field of a flow document, default Draft. */
export function lifecycleStatusField() {
  return {
    name: 'status',
    type: 'select' as const,
    label: L('Status', '状态'),
    readOnly: true,
    defaultValue: 'DRAFT',
    options: DOC_STATUSES.map((s) => ({ value: s, label: DOC_STATUS_LABELS[s], color: DOC_STATUS_COLORS[s] })),
  };
}

// The exception ticket's fixed vocabulary (spec §3 'Exception ticket', §9 'Ticket statuses').
import { type FieldOption, type Label, type StatusValue } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });

export const TICKET_PREFIX = 'vfapi';
export const TICKET_CATA = 'collab';
export const TICKET_MENU = 'COLLAB_TICKET';
/** The document type of a ticket's attachments and voice notes (collab attachments, shared by both companies). */
export const TICKET_ATTACHMENTS = 'tk-ticket';
export const TICKET_MODULE = 'TICKET';

/** Spec §9: 0 in progress, 50 closing, 100 closed. */
export const TICKET_STATUS = { IN_PROGRESS: 0, CLOSING: 50, CLOSED: 100 } as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

export const TICKET_STATUSES: StatusValue[] = [
  { value: '0', label: L('In progress', '处理中'), color: 'processing' },
  { value: '50', label: L('Closing', '关闭中'), color: 'orange' },
  { value: '100', label: L('Closed', '已关闭'), color: 'default' },
];

export function statusLabel(status: number): Label {
  return TICKET_STATUSES.find((s) => s.value === String(status))?.label ?? L(String(status), String(status));
}

/** Penalty result: single choice. */
export const PENALTY_RESULT_OPTIONS: FieldOption[] = [
  { value: 'NONE', label: L('No penalty', '不处罚') },
  { value: 'WARNING', label: L('Warning', '警告') },
  { value: 'DEDUCTION', label: L('Deduction', '扣款') },
  { value: 'SUSPENSION', label: L('Suspend orders', '暂停下单') },
];

/** Historical and other reference reasons: multiple choice. */
export const REASON_OPTIONS: FieldOption[] = [
  { value: 'HISTORICAL_REPEAT', label: L('Repeated historical issue', '历史重复问题') },
  { value: 'HISTORICAL_SUPPLIER', label: L('Supplier history', '供应商历史表现') },
  { value: 'CONTRACT', label: L('Contract terms', '合同条款') },
  { value: 'QUALITY_STANDARD', label: L('Quality standard', '质量标准') },
  { value: 'CUSTOMER_COMPLAINT', label: L('Customer complaint', '客户投诉') },
  { value: 'OTHER', label: L('Other', '其他') },
];

export const DEDUCTION_TYPE_OPTIONS: FieldOption[] = [
  { value: 'CASH', label: L('Cash', '现金') },
  { value: 'PAYMENT_OFFSET', label: L('Offset against payment', '货款抵扣') },
  { value: 'CREDIT_NOTE', label: L('Credit note', '红字发票') },
];

export const CATEGORY_LEVEL_OPTIONS: FieldOption[] = [
  { value: 'LOW', label: L('Low', '低'), color: 'default' },
  { value: 'MEDIUM', label: L('Medium', '中'), color: 'blue' },
  { value: 'HIGH', label: L('High', '高'), color: 'orange' },
  { value: 'CRITICAL', label: L('Critical', '紧急'), color: 'red' },
];

export const CATEGORY_ATTRIBUTE_OPTIONS: FieldOption[] = [
  { value: 'QUALITY', label: L('Quality', '质量') },
  { value: 'DELIVERY', label: L('Delivery', '交期') },
  { value: 'COST', label: L('Cost', '成本') },
  { value: 'COMPLIANCE', label: L('Compliance', '合规') },
  { value: 'SAFETY', label: L('Safety', '安全') },
];

export const optionLabel = (options: FieldOption[], value: string | null | undefined): Label | null =>
  options.find((o) => o.value === value)?.label ?? null;

/** Default window in which an author may delete a comment (TICKET_COMMENT_DELETE_DAYS). */
export const DEFAULT_COMMENT_DELETE_DAYS = 3;

// Shared pieces of the capacity definitions: prefix, labels, the allocation states (spec §4
// 'Capacity allocation', the capacity colour states 0/10/20/30/40/100 of core CAPACITY_COLORS)
// and the allocation version states.
import { CAPACITY_COLORS, type FieldDef, type Label, type StatusValue } from '@seamline/core';
import { WEEK_PATTERN } from './weeks';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const AREA = 'capacity';
export const PREFIX = 'scmapi';

/**
 * Allocation line states. A demand line with nothing allocated is 'not received'; a planned
 * quantity in a draft version is 'pending'; publishing makes it 'allocated' (the supplier sees it);
 * the supplier's confirmation 'submitted'; a confirmed order allocation 'daily-allocated';
 * archiving the version closes its lines.
 */
export const ALLOC = { NOT_RECEIVED: '0', PENDING: '10', ALLOCATED: '20', SUBMITTED: '30', DAILY: '40', CLOSED: '100' } as const;
export type AllocState = (typeof ALLOC)[keyof typeof ALLOC];

export const ALLOC_STATES: StatusValue[] = [
  { value: ALLOC.NOT_RECEIVED, label: L('Not received', '未接收'), color: CAPACITY_COLORS['0'] },
  { value: ALLOC.PENDING, label: L('Pending', '待分配'), color: CAPACITY_COLORS['10'] },
  { value: ALLOC.ALLOCATED, label: L('Allocated', '已分配'), color: CAPACITY_COLORS['20'] },
  { value: ALLOC.SUBMITTED, label: L('Submitted', '已提交'), color: CAPACITY_COLORS['30'] },
  { value: ALLOC.DAILY, label: L('Daily-allocated', '已日分配'), color: CAPACITY_COLORS['40'] },
  { value: ALLOC.CLOSED, label: L('Closed', '已关闭'), color: CAPACITY_COLORS['100'] },
];

/** The only moves of an allocation line (a table, not if-chains); anything else is refused. */
export const ALLOC_MOVES: Record<string, readonly string[]> = {
  [ALLOC.PENDING]: [ALLOC.ALLOCATED],
  [ALLOC.ALLOCATED]: [ALLOC.SUBMITTED, ALLOC.CLOSED],
  [ALLOC.SUBMITTED]: [ALLOC.DAILY, ALLOC.CLOSED],
  [ALLOC.DAILY]: [ALLOC.CLOSED],
};

export function canMove(from: string, to: string): boolean {
  return (ALLOC_MOVES[from] ?? []).includes(to);
}

export const VERSION = { DRAFT: 'draft', PUBLISHED: 'published', ARCHIVED: 'archived' } as const;
export const VERSION_STATES: StatusValue[] = [
  { value: VERSION.DRAFT, label: L('Draft', '草稿'), color: 'default' },
  { value: VERSION.PUBLISHED, label: L('Published', '已发布'), color: 'green' },
  { value: VERSION.ARCHIVED, label: L('Archived', '已归档'), color: 'purple' },
];

export const ACTIVE_INACTIVE: StatusValue[] = [
  { value: 'active', label: L('Active', '启用'), color: 'green' },
  { value: 'inactive', label: L('Inactive', '停用'), color: 'red' },
];

export const weekField = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'string',
  label,
  maxLength: 8,
  trim: true,
  upperCase: true,
  validators: [{ type: 'regex', pattern: WEEK_PATTERN, message: L('An ISO week such as 2026-W49', '请输入 ISO 周，例如 2026-W49') }],
  hint: L('ISO week, e.g. 2026-W49', 'ISO 周，例如 2026-W49'),
  ...extra,
});

/** A percentage 0..100 with at most 4 places, shown '75%'. */
export const percentField = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'decimal',
  label,
  validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }],
  unit: { fixed: 'PCT' },
  ...extra,
});

/** Standard minutes: shown '4,080 min' / '4,080 分钟', places only where there are some (issue 30). */
export const minutesField = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'decimal',
  label,
  validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }],
  unit: { fixed: 'MIN' },
  ...extra,
});

export const BRAND_WRITE = { any: ['ADMIN', 'BUYER'] };

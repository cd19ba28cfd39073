// Sourcing project stages (spec §4 'Sourcing') and the publishing-stage checks of spec §8.
// A project carries three stage fields plus the RFI and inquiry (RFQ) states; every action is one
// row of PROJECT_ACTIONS: where it may start, what it sets, and which §8 checks it must pass.
// The checks always run in the spec's order and the first that fails refuses the action.

export const INFO_STAGE = { NOT_PREPARED: '0', PREPARING: '10', DELIVERED: '20' } as const;
export const PUBLISH_STAGE = { NOT_PUBLISHED: '0', PUBLISHING: '10', ENDED: '20' } as const;
export const EVAL_STAGE = { NOT_STARTED: '0', EVALUATING: '10', ENDED: '20' } as const;
/** The information request: not opened yet, open for fill-in, closed. */
export const RFI_STATUS = { NONE: 'none', OPEN: 'open', CLOSED: 'closed' } as const;
/** The inquiry (RFQ): not opened yet, quoting, closed (takes no new quotations). */
export const INQUIRY_STATUS = { NONE: 'none', QUOTING: 'quoting', CLOSED: 'closed' } as const;
export const ITEM_STATUS = { INACTIVE: 'inactive', ACTIVE: 'active' } as const;

export interface ProjectStages {
  info_stage: string;
  rfi_status: string;
  publish_stage: string;
  inquiry_status: string;
  eval_stage: string;
}

/** What the checks look at, gathered by the server in the action's transaction. */
export interface PublishingFacts extends ProjectStages {
  contact_person?: string | null;
  contact_phone?: string | null;
  /** Statuses of the project's RFQ items. */
  itemStatuses: string[];
  /** Posted (or later) quotations of the project. */
  postedQuotations: number;
  /** Whether the company has an active access-evaluation config. */
  evalConfigActive: boolean;
  /** Draft quotations suppliers have started but not posted. */
  unfinishedQuotations: number;
}

/** Spec §8 'Publishing-stage checks', in the spec's order; each names its message key. */
export const PUBLISHING_CHECKS = [
  { key: 'contact', message: 'publish.contactMissing', passes: (f: PublishingFacts) => filled(f.contact_person) && filled(f.contact_phone) },
  { key: 'rfiClosed', message: 'publish.rfiNotClosed', passes: (f: PublishingFacts) => f.rfi_status !== RFI_STATUS.OPEN },
  {
    key: 'itemsActive',
    message: 'publish.rfqItemsNotActive',
    passes: (f: PublishingFacts) => f.itemStatuses.length > 0 && f.itemStatuses.every((s) => s === ITEM_STATUS.ACTIVE),
  },
  { key: 'quotations', message: 'publish.noQuotations', passes: (f: PublishingFacts) => f.postedQuotations > 0 },
  { key: 'rfqClosed', message: 'publish.rfqNotClosed', passes: (f: PublishingFacts) => f.inquiry_status === INQUIRY_STATUS.CLOSED },
  { key: 'configActive', message: 'publish.evalConfigNotActive', passes: (f: PublishingFacts) => f.evalConfigActive },
  { key: 'evalClosed', message: 'publish.evalNotClosed', passes: (f: PublishingFacts) => f.eval_stage === EVAL_STAGE.ENDED },
  { key: 'unfinished', message: 'publish.unfinishedQuotations', passes: (f: PublishingFacts) => f.unfinishedQuotations === 0 },
] as const;

export type CheckKey = (typeof PUBLISHING_CHECKS)[number]['key'];

function filled(v: string | null | undefined): boolean {
  return typeof v === 'string' && v.trim() !== '';
}

export interface ProjectAction {
  action: string;
  label: { en: string; zh: string };
  /** Stage values the action starts from (every named field must match one of its values). */
  from: Partial<Record<keyof ProjectStages, string[]>>;
  set: Partial<ProjectStages>;
  checks: CheckKey[];
}

export const PROJECT_ACTIONS: readonly ProjectAction[] = [
  {
    action: 'start-preparing',
    label: { en: 'Start preparing (open RFI)', zh: '开始准备(发出 RFI)' },
    from: { info_stage: [INFO_STAGE.NOT_PREPARED] },
    set: { info_stage: INFO_STAGE.PREPARING, rfi_status: RFI_STATUS.OPEN },
    checks: ['contact'],
  },
  {
    action: 'close-rfi',
    label: { en: 'Close RFI', zh: '关闭 RFI' },
    from: { rfi_status: [RFI_STATUS.OPEN] },
    set: { rfi_status: RFI_STATUS.CLOSED },
    checks: [],
  },
  {
    action: 'deliver-info',
    label: { en: 'Deliver info', zh: '信息交付' },
    from: { info_stage: [INFO_STAGE.PREPARING] },
    set: { info_stage: INFO_STAGE.DELIVERED },
    checks: ['contact', 'rfiClosed'],
  },
  {
    action: 'publish',
    label: { en: 'Publish RFQ', zh: '发布询价' },
    from: { publish_stage: [PUBLISH_STAGE.NOT_PUBLISHED] },
    set: { publish_stage: PUBLISH_STAGE.PUBLISHING, inquiry_status: INQUIRY_STATUS.QUOTING },
    checks: ['contact', 'rfiClosed', 'itemsActive'],
  },
  {
    action: 'close-inquiry',
    label: { en: 'Close RFQ', zh: '关闭询价' },
    from: { inquiry_status: [INQUIRY_STATUS.QUOTING] },
    set: { inquiry_status: INQUIRY_STATUS.CLOSED },
    checks: ['unfinished'],
  },
  {
    action: 'start-evaluation',
    label: { en: 'Start evaluation', zh: '开始评估' },
    from: { publish_stage: [PUBLISH_STAGE.PUBLISHING], eval_stage: [EVAL_STAGE.NOT_STARTED] },
    set: { eval_stage: EVAL_STAGE.EVALUATING },
    checks: ['quotations', 'rfqClosed', 'configActive'],
  },
  {
    action: 'end-evaluation',
    label: { en: 'Close evaluation', zh: '结束评估' },
    from: { eval_stage: [EVAL_STAGE.EVALUATING] },
    set: { eval_stage: EVAL_STAGE.ENDED },
    checks: [],
  },
  {
    action: 'end-publishing',
    label: { en: 'End project', zh: '结束项目' },
    from: { publish_stage: [PUBLISH_STAGE.PUBLISHING] },
    set: { publish_stage: PUBLISH_STAGE.ENDED },
    checks: ['rfqClosed', 'evalClosed'],
  },
];

/** Awarding a quotation (select) needs the evaluation closed (spec §8, SRC-19). */
export const AWARD: Pick<ProjectAction, 'checks'> = { checks: ['evalClosed'] };

export const projectAction = (name: string): ProjectAction | undefined => PROJECT_ACTIONS.find((a) => a.action === name);

/** May the action start from these stages? */
export function actionAllowed(action: ProjectAction, stages: ProjectStages): boolean {
  return Object.entries(action.from).every(([field, values]) => (values as string[]).includes(stages[field as keyof ProjectStages]));
}

/** The message key of the first §8 check the action fails, in the spec's order; null when all pass. */
export function firstFailedCheck(action: Pick<ProjectAction, 'checks'>, facts: PublishingFacts): string | null {
  for (const check of PUBLISHING_CHECKS) {
    if (action.checks.includes(check.key) && !check.passes(facts)) return check.message;
  }
  return null;
}

/** Actions the project may take now (state only; the checks run when one is taken). */
export const availableActions = (stages: ProjectStages): string[] =>
  PROJECT_ACTIONS.filter((a) => actionAllowed(a, stages)).map((a) => a.action);

// --- Documents between the two companies (spec §4) -------------------------------------------

export interface DocTransition {
  action: string;
  from: string[];
  to: string;
  /** Which company takes it: the brand that owns the project or the supplier that answers. */
  side: 'brand' | 'supplier';
}

export const INVITATION_STATUS = {
  DRAFT: 'draft',
  POSTED: 'posted',
  SHORTLISTED: 'shortlisted',
  SELECTED: 'selected',
  CLOSED: 'closed',
  STOPPED: 'stopped',
} as const;

export const INVITATION_TRANSITIONS: readonly DocTransition[] = [
  { action: 'post', from: ['draft'], to: 'posted', side: 'brand' },
  { action: 'shortlist', from: ['posted'], to: 'shortlisted', side: 'brand' },
  { action: 'select', from: ['posted', 'shortlisted'], to: 'selected', side: 'brand' },
  { action: 'close', from: ['posted', 'shortlisted'], to: 'closed', side: 'brand' },
  { action: 'stop', from: ['draft', 'posted', 'shortlisted'], to: 'stopped', side: 'brand' },
];

/** RFI record: 'draft' is the supplier's own unsent fill-in (never shown to the brand). */
export const RFI_RECORD_STATUS = { DRAFT: 'draft', SUBMITTED: 'submitted', SHORTLISTED: 'shortlisted', ELIMINATED: 'eliminated' } as const;

export const RFI_RECORD_TRANSITIONS: readonly DocTransition[] = [
  { action: 'submit', from: ['draft'], to: 'submitted', side: 'supplier' },
  { action: 'shortlist', from: ['submitted'], to: 'shortlisted', side: 'brand' },
  { action: 'eliminate', from: ['submitted'], to: 'eliminated', side: 'brand' },
];

export const QUOTATION_STATUS = { DRAFT: 'draft', POSTED: 'posted', SELECTED: 'selected', UNSELECTED: 'unselected', STOPPED: 'stopped' } as const;

export const QUOTATION_TRANSITIONS: readonly DocTransition[] = [
  { action: 'post', from: ['draft'], to: 'posted', side: 'supplier' },
  { action: 'select', from: ['posted'], to: 'selected', side: 'brand' },
  { action: 'unselect', from: ['posted'], to: 'unselected', side: 'brand' },
  { action: 'stop', from: ['posted'], to: 'stopped', side: 'brand' },
];

export function docTransition(table: readonly DocTransition[], action: string): DocTransition | undefined {
  return table.find((t) => t.action === action);
}

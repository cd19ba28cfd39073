// What every stage of the sourcing work uses: the two sides' menus, the project as the caller may
// see it, the publishing facts, the audit trail and the notifications to the other company.
import type { PublishingFacts } from '@seamline/core';
import {
  and, asc, BizError, client, eq, forbidden, type HttpError, isUuid, notFound, notify, sql, type AuthedContext, type Session, type Tx,
  auditLog, recordId, sqlRows,
} from '@seamline/server/api';
import { srmt, type SrmMessageKey } from '../../meta/messages';
import { srm_project, srm_project_items, srm_project_rfi_questions, srmInvitation } from '../schema';

/** Menus that open the brand's and the supplier's side (route permission). */
export const BRAND_MENUS = ['SRM_RFQ', 'SRM_RFI_RECORD'];
export const SUPPLIER_MENUS = ['SRM_SOURCING_INBOX', 'SRM_RFI_REQUEST', 'SRM_MY_QUOTATIONS'];

export type Row = Record<string, unknown>;
/** The stored project as this module reads it (engine tables are typed loosely). */
export interface Project {
  id: string;
  client_id: string;
  version: number;
  code: string | null;
  name: string | null;
  description: string | null;
  project_type: string | null;
  priority: string | null;
  duration: number | null;
  time_stamp: string | null;
  is_public: boolean | null;
  tags: string[] | null;
  contact_person: string | null;
  contact_phone: string | null;
  currency: string | null;
  applicant_id: string | null;
  created_by: string | null;
  info_stage: string;
  rfi_status: string;
  publish_stage: string;
  inquiry_status: string;
  eval_stage: string;
}
interface ItemRow {
  id: string;
  seq: number;
  name: string | null;
  description: string | null;
  expected_price: string | null;
  currency: string | null;
  unit: string | null;
  quantity: string | null;
  reference_material: string | null;
  plan_start: string | null;
  plan_end: string | null;
  status: string | null;
}
interface QuestionRow {
  id: string;
  question: string | null;
  required: boolean | null;
}
export const projectItems = async (tx: Tx, projectId: string) =>
  (await tx.select().from(srm_project_items).where(eq(srm_project_items.parent_id, projectId)).orderBy(asc(srm_project_items.seq))) as unknown as ItemRow[];
export const projectQuestions = async (tx: Tx, projectId: string) =>
  (await tx.select().from(srm_project_rfi_questions).where(eq(srm_project_rfi_questions.parent_id, projectId)).orderBy(asc(srm_project_rfi_questions.seq))) as unknown as QuestionRow[];

export const bad = (_ctx: AuthedContext, key: SrmMessageKey) => new BizError(key);


// --- the project ------------------------------------------------------------------------------

/** A project the caller may see (own, invited or public); else 404. */
export async function visibleProject(tx: Tx, id: unknown): Promise<Project> {
  const [p] = (await tx.select().from(srm_project).where(eq(srm_project.id, recordId(id)))) as unknown as Project[];
  if (!p) throw notFound();
  return p;
}

/** The caller's own project (the brand side); a project of another company answers 403. */
export async function ownProject(tx: Tx, ctx: AuthedContext, id: unknown): Promise<Project> {
  const p = await visibleProject(tx, id);
  if (p.client_id !== ctx.session.clientId) throw forbidden('srm.brandOnly');
  return p;
}

/** Only a supplier company answering another company's project may fill in and quote (spec §6). */
export async function asSupplier(tx: Tx, ctx: AuthedContext, project: Project): Promise<void> {
  if (project.client_id === ctx.session.clientId) throw forbiddenMsg(ctx, 'srm.supplierOnly');
  const [me] = await tx.select({ roles: client.roles }).from(client).where(eq(client.id, ctx.session.clientId));
  if (!me?.roles.includes('SUPPLIER')) throw forbiddenMsg(ctx, 'srm.supplierOnly');
  const [inv] = await tx
    .select({ status: srmInvitation.status })
    .from(srmInvitation)
    .where(and(eq(srmInvitation.projectId, project.id), eq(srmInvitation.supplierClientId, ctx.session.clientId)));
  if (inv?.status === 'stopped') throw bad(ctx, 'srm.invitationStopped');
}

export const forbiddenMsg = (_ctx: AuthedContext, key: SrmMessageKey): HttpError => forbidden(key);

export async function publishingFacts(tx: Tx, p: Project): Promise<PublishingFacts> {
  const items = await projectItems(tx, p.id);
  const [posted] = await sqlRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from srm_quotation where project_id = ${p.id} and brand_client_id = ${p.client_id} and status <> 'draft'`,
  );
  const [active] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from srm_eval_config where client_id = ${p.client_id} and status = '10'`);
  const [unfinished] = await sqlRows<{ n: number }>(tx, sql`select srm_unfinished_quotations(${p.id}) as n`);
  return {
    info_stage: p.info_stage ?? '0',
    rfi_status: p.rfi_status ?? 'none',
    publish_stage: p.publish_stage ?? '0',
    inquiry_status: p.inquiry_status ?? 'none',
    eval_stage: p.eval_stage ?? '0',
    contact_person: p.contact_person,
    contact_phone: p.contact_phone,
    itemStatuses: items.map((i) => i.status ?? 'inactive'),
    postedQuotations: Number(posted?.n ?? 0),
    evalConfigActive: Number(active?.n ?? 0) > 0,
    unfinishedQuotations: Number(unfinished?.n ?? 0),
  };
}

export const stagesOf = (p: Project) => ({
  info_stage: p.info_stage ?? '0',
  rfi_status: p.rfi_status ?? 'none',
  publish_stage: p.publish_stage ?? '0',
  inquiry_status: p.inquiry_status ?? 'none',
  eval_stage: p.eval_stage ?? '0',
});

/** Who acts: the caller, or the last approver when an approved step is carried out. */
export type Who = Pick<Session, 'userId' | 'clientId'>;

export async function audit(tx: Tx, session: Who, entity: string, recordId: string, action: string, changes: Row[]): Promise<void> {
  await tx.insert(auditLog).values({ clientId: session.clientId, entity, recordId, action, userId: session.userId, changes });
}

// --- notifications ----------------------------------------------------------------------------

export const both = (key: SrmMessageKey, params: Record<string, string>) => ({ en: srmt('en', key, params), zh: srmt('zh', key, params) });

export async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await tx.select({ name: client.name }).from(client).where(eq(client.id, id));
  return c?.name ?? '';
}

/** Tells the other company: its administrators plus the named users (e.g. the document's author). */
export async function tell(
  tx: Tx,
  session: Who,
  toClientId: string,
  extraUsers: Array<string | null | undefined>,
  content: { en: string; zh: string },
  opts: { relatedKey: string; url: string; menuId: string; subarea: string },
): Promise<void> {
  const admins = await sqlRows<{ id: string }>(tx, sql`select srm_counterpart_admins(${toClientId}) as id`);
  const toUserIds = [...new Set([...admins.map((a) => a.id), ...extraUsers.filter((u): u is string => isUuid(u))])];
  await notify(tx, { userId: session.userId, clientId: session.clientId }, {
    type: 'MSG',
    toUserIds,
    toClientId,
    module: 'SRM',
    functionSubarea: opts.subarea,
    relatedKey: opts.relatedKey,
    content,
    url: opts.url,
    menuId: opts.menuId,
  });
}

export const supplierUrl = (projectId: string) => `/srm/page/sourcing-answer?id=${projectId}`;
export const brandUrl = (projectId: string) => `/srm/page/rfq?id=${projectId}`;

/** The engine entity the flow runtime knows the project by. */
export const PROJECT_ENTITY = 'sourcing-project';

export const text = (v: unknown, max: number): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s.slice(0, max);
};

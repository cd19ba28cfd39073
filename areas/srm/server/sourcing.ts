// The sourcing work between two companies (srmapi). The brand owns the project, its items and its
// invitations; a supplier owns its RFI record and quotation. Every query runs in the caller's
// tenant transaction: row-level security (migration 0019_srm_rls) decides what of the other
// company is visible, and these handlers add the business rules (who may act, in which state).
// docs/sourcing.md lists the endpoints and the visibility rules.
import {
  AWARD,
  CURRENCIES,
  INQUIRY_STATUS,
  QUOTATION_STATUS,
  RFI_STATUS,
  actionAllowed,
  availableActions,
  compareDec,
  docTransition,
  firstFailedCheck,
  INVITATION_TRANSITIONS,
  isDecimal,
  isLevel,
  PROJECT_ACTIONS,
  QUOTATION_TRANSITIONS,
  RFI_RECORD_TRANSITIONS,
  roundDec,
  t,
  tierProblems,
  validateValue,
  type FieldErrors,
  type ProjectAction,
  type PublishingFacts,
  type TierPrice,
} from '@seamline/core';
import {
  and,
  asc,
  BizError,
  client,
  conflict,
  dataObject,
  desc,
  eq,
  forbidden,
  type HttpError,
  inArray,
  isUuid,
  ne,
  notFound,
  notify,
  sql,
  ValidationError,
  type Api,
  type AuthedContext,
  type Session,
  type Tx,
} from '@seamline/server/api';
import { registryOf } from '../../../server/src/engine';
import { auditLog } from '../../../server/src/engine/platformTables';
import type { Registry } from '../../../server/src/engine/registry';
import { actorOf, projectTypeFlow, registerFlowAction, runningAction, startActionApproval } from '../../flow/server';
import { md_vendor } from '../../masterdata/server/schema';
import { srmt, quotationStateLabel, rfiStateLabel, type SrmMessageKey } from '../meta/messages';
import {
  srm_project,
  srm_project_items,
  srm_project_rfi_questions,
  srm_supplier_eval,
  srm_admission_eval,
  srmInvitation,
  srmQuotation,
  srmQuotationLine,
  srmQuotationTier,
  srmRfiRecord,
} from './schema';

/** Menus that open the brand's and the supplier's side (route permission). */
export const BRAND_MENUS = ['SRM_RFQ', 'SRM_RFI_RECORD'];
export const SUPPLIER_MENUS = ['SRM_SOURCING_INBOX', 'SRM_RFI_REQUEST', 'SRM_MY_QUOTATIONS'];

type Row = Record<string, unknown>;
/** The stored project as this module reads it (engine tables are typed loosely). */
interface Project {
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
const projectItems = async (tx: Tx, projectId: string) =>
  (await tx.select().from(srm_project_items).where(eq(srm_project_items.parent_id, projectId)).orderBy(asc(srm_project_items.seq))) as unknown as ItemRow[];
const projectQuestions = async (tx: Tx, projectId: string) =>
  (await tx.select().from(srm_project_rfi_questions).where(eq(srm_project_rfi_questions.parent_id, projectId)).orderBy(asc(srm_project_rfi_questions.seq))) as unknown as QuestionRow[];

const bad = (_ctx: AuthedContext, key: SrmMessageKey) => new BizError(key);
const idOf = (v: unknown): string => {
  if (!isUuid(v)) throw notFound();
  return v;
};
const versionOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw conflict();
  return n;
};

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await tx.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

// --- the project ------------------------------------------------------------------------------

/** A project the caller may see (own, invited or public); else 404. */
async function visibleProject(tx: Tx, id: unknown): Promise<Project> {
  const [p] = (await tx.select().from(srm_project).where(eq(srm_project.id, idOf(id)))) as unknown as Project[];
  if (!p) throw notFound();
  return p;
}

/** The caller's own project (the brand side); a project of another company answers 403. */
async function ownProject(tx: Tx, ctx: AuthedContext, id: unknown): Promise<Project> {
  const p = await visibleProject(tx, id);
  if (p.client_id !== ctx.session.clientId) throw forbidden('srm.brandOnly');
  return p;
}

/** Only a supplier company answering another company's project may fill in and quote (spec §6). */
async function asSupplier(tx: Tx, ctx: AuthedContext, project: Project): Promise<void> {
  if (project.client_id === ctx.session.clientId) throw forbiddenMsg(ctx, 'srm.supplierOnly');
  const [me] = await tx.select({ roles: client.roles }).from(client).where(eq(client.id, ctx.session.clientId));
  if (!me?.roles.includes('SUPPLIER')) throw forbiddenMsg(ctx, 'srm.supplierOnly');
  const [inv] = await tx
    .select({ status: srmInvitation.status })
    .from(srmInvitation)
    .where(and(eq(srmInvitation.projectId, project.id), eq(srmInvitation.supplierClientId, ctx.session.clientId)));
  if (inv?.status === 'stopped') throw bad(ctx, 'srm.invitationStopped');
}

const forbiddenMsg = (_ctx: AuthedContext, key: SrmMessageKey): HttpError => forbidden(key);

async function publishingFacts(tx: Tx, p: Project): Promise<PublishingFacts> {
  const items = await projectItems(tx, p.id);
  const [posted] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from srm_quotation where project_id = ${p.id} and brand_client_id = ${p.client_id} and status <> 'draft'`,
  );
  const [active] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from srm_eval_config where client_id = ${p.client_id} and status = '10'`);
  const [unfinished] = await rows<{ n: number }>(tx, sql`select srm_unfinished_quotations(${p.id}) as n`);
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

const stagesOf = (p: Project) => ({
  info_stage: p.info_stage ?? '0',
  rfi_status: p.rfi_status ?? 'none',
  publish_stage: p.publish_stage ?? '0',
  inquiry_status: p.inquiry_status ?? 'none',
  eval_stage: p.eval_stage ?? '0',
});

/** Who acts: the caller, or the last approver when an approved step is carried out. */
type Who = Pick<Session, 'userId' | 'clientId'>;

async function audit(tx: Tx, session: Who, entity: string, recordId: string, action: string, changes: Row[]): Promise<void> {
  await tx.insert(auditLog).values({ clientId: session.clientId, entity, recordId, action, userId: session.userId, changes });
}

// --- notifications ----------------------------------------------------------------------------

const both = (key: SrmMessageKey, params: Record<string, string>) => ({ en: srmt('en', key, params), zh: srmt('zh', key, params) });

async function companyName(tx: Tx, id: string): Promise<string> {
  const [c] = await tx.select({ name: client.name }).from(client).where(eq(client.id, id));
  return c?.name ?? '';
}

/** Tells the other company: its administrators plus the named users (e.g. the document's author). */
async function tell(
  tx: Tx,
  session: Who,
  toClientId: string,
  extraUsers: Array<string | null | undefined>,
  content: { en: string; zh: string },
  opts: { relatedKey: string; url: string; menuId: string; subarea: string },
): Promise<void> {
  const admins = await rows<{ id: string }>(tx, sql`select srm_counterpart_admins(${toClientId}) as id`);
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

const supplierUrl = (projectId: string) => `/srm/page/sourcing-answer?id=${projectId}`;
const brandUrl = (projectId: string) => `/srm/page/rfq?id=${projectId}`;

// --- the project actions (spec §4 stages, §8 checks) ---------------------------------------------

// --- approval of publishing and award (docs/sourcing.md 'Approval') -----------------------------

/** The engine entity the flow runtime knows the project by. */
const PROJECT_ENTITY = 'sourcing-project';

/** The process the project's type binds, or null: then publishing and award happen at once. */
async function boundFlow(tx: Tx, p: Project): Promise<string | null> {
  const code = (p.project_type ?? '').trim();
  if (!code) return null;
  return (await projectTypeFlow(tx, p.client_id, code))?.flow ?? null;
}

/** Puts a step through the bound flow instead of doing it: the flow runtime calls the registered handler when approved. */
async function startApproval(tx: Tx, ctx: AuthedContext, registry: Registry, p: Project, flow: string, action: 'publish' | 'select', payload: unknown) {
  const title = [p.code, p.name].filter(Boolean).join(' ');
  await startActionApproval(tx, registry, { entity: PROJECT_ENTITY, recordId: p.id, action, payload, title, url: brandUrl(p.id) }, flow, actorOf(ctx.session, ctx.lang));
  await audit(tx, ctx.session, 'sourcing-project', p.id, `${action}-submitted`, []);
}

/** The project locked, so two steps on one project take turns. */
async function lockProject(tx: Tx, p: Project): Promise<void> {
  await tx.execute(sql`select 1 from srm_project where id = ${p.id} for update`);
}

async function projectActionRoute(ctx: AuthedContext, action: ProjectAction, registry: Registry) {
  const data = dataObject(ctx.body);
  return ctx.tenant(async (tx) => {
    const p = await ownProject(tx, ctx, data.id);
    await lockProject(tx, p);
    if (p.version !== versionOf(data.version)) throw conflict();
    const flow = action.action === 'publish' ? await boundFlow(tx, p) : null;
    if (flow) {
      await checkProjectAction(tx, p, action);
      await startApproval(tx, ctx, registry, p, flow, 'publish', null);
    } else {
      await applyProjectAction(tx, ctx.session, p, action);
    }
    return brandWorkspace(tx, ctx, p.id);
  });
}

/** The stage and the §8 checks of an action, in the spec's order: the first failure refuses it. */
async function checkProjectAction(tx: Tx, p: Project, action: ProjectAction): Promise<void> {
  if (!actionAllowed(action, stagesOf(p))) throw new BizError('engine.badState');
  const failed = firstFailedCheck(action, await publishingFacts(tx, p));
  if (failed) throw new BizError(failed);
}

/** Checks and takes a project action (the project is locked). */
async function applyProjectAction(tx: Tx, who: Who, p: Project, action: ProjectAction): Promise<void> {
  await checkProjectAction(tx, p, action);
  const changes = Object.entries(action.set).map(([field, to]) => ({ field, old: (p as unknown as Row)[field], new: to }));
  await tx
    .update(srm_project)
    .set({ ...action.set, version: p.version + 1, updated_by: who.userId, updated_at: new Date() })
    .where(eq(srm_project.id, p.id));
  await audit(tx, who, 'sourcing-project', p.id, action.action, changes);
  await afterProjectAction(tx, who, p, action);
}

/** Posting drafts and telling the suppliers what happened. */
async function afterProjectAction(tx: Tx, who: Who, p: Project, action: ProjectAction): Promise<void> {
  const brand = await companyName(tx, p.client_id);
  const params = { brand, code: p.code ?? '', name: p.name ?? '' };
  let key: SrmMessageKey | null = null;
  if (action.action === 'start-preparing') key = 'srm.notify.rfiOpen';
  if (action.action === 'publish') key = 'srm.notify.published';
  if (action.action === 'close-inquiry') key = 'srm.notify.inquiryClosed';
  if (action.action === 'start-preparing' || action.action === 'publish') {
    await tx
      .update(srmInvitation)
      .set({ status: 'posted', postedAt: new Date(), version: sql`${srmInvitation.version} + 1`, updatedBy: who.userId, updatedAt: new Date() })
      .where(and(eq(srmInvitation.projectId, p.id), eq(srmInvitation.status, 'draft')));
  }
  if (action.action === 'end-publishing') {
    // Invitations that were not awarded are closed with the project.
    await tx
      .update(srmInvitation)
      .set({ status: 'closed', version: sql`${srmInvitation.version} + 1`, updatedBy: who.userId, updatedAt: new Date() })
      .where(and(eq(srmInvitation.projectId, p.id), inArray(srmInvitation.status, ['posted', 'shortlisted'])));
  }
  if (!key) return;
  const invited = await tx
    .select({ supplier: srmInvitation.supplierClientId })
    .from(srmInvitation)
    .where(and(eq(srmInvitation.projectId, p.id), inArray(srmInvitation.status, ['posted', 'shortlisted'])));
  for (const inv of invited) {
    await tell(tx, who, inv.supplier, [], both(key, params), {
      relatedKey: p.id,
      url: supplierUrl(p.id),
      menuId: 'SRM_SOURCING_INBOX',
      subarea: 'PROJECT',
    });
  }
}

// --- the brand's workspace ---------------------------------------------------------------------

async function brandWorkspace(tx: Tx, ctx: AuthedContext, projectId: string) {
  const p = await ownProject(tx, ctx, projectId);
  const facts = await publishingFacts(tx, p);
  const invitations = await tx
    .select({
      id: srmInvitation.id,
      version: srmInvitation.version,
      vendor_id: srmInvitation.vendorId,
      supplier_client_id: srmInvitation.supplierClientId,
      supplier_name: client.name,
      status: srmInvitation.status,
      posted_at: srmInvitation.postedAt,
    })
    .from(srmInvitation)
    .innerJoin(client, eq(client.id, srmInvitation.supplierClientId))
    .where(eq(srmInvitation.projectId, p.id))
    .orderBy(asc(srmInvitation.createdAt));
  const rfi = await tx
    .select({
      id: srmRfiRecord.id,
      version: srmRfiRecord.version,
      supplier_client_id: srmRfiRecord.clientId,
      supplier_name: client.name,
      status: srmRfiRecord.status,
      answers: srmRfiRecord.answers,
      capacity: srmRfiRecord.capacity,
      certifications: srmRfiRecord.certifications,
      main_customers: srmRfiRecord.mainCustomers,
      remarks: srmRfiRecord.remarks,
      submitted_at: srmRfiRecord.submittedAt,
    })
    .from(srmRfiRecord)
    .innerJoin(client, eq(client.id, srmRfiRecord.clientId))
    .where(eq(srmRfiRecord.projectId, p.id))
    .orderBy(asc(srmRfiRecord.submittedAt));
  // A step awaiting approval is not offered again until the flow ends.
  const approval = await runningAction(tx, p.client_id, PROJECT_ENTITY, p.id);
  return {
    project: p,
    approval,
    actions: availableActions(stagesOf(p)).filter((a) => a !== approval?.action),
    facts: { posted_quotations: facts.postedQuotations, unfinished_quotations: facts.unfinishedQuotations, eval_config_active: facts.evalConfigActive },
    invitations,
    rfi_records: rfi,
  };
}

// --- comparison ------------------------------------------------------------------------------

/** The supplier's latest evaluation score at the brand: its last confirmed periodic total, else its admission result. */
async function supplierScores(tx: Tx, brandId: string, supplierIds: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!supplierIds.length) return out;
  const vendors = await tx
    .select({ id: md_vendor.id, supplier: md_vendor.supplier_client_id })
    .from(md_vendor)
    .where(and(eq(md_vendor.client_id, brandId), inArray(md_vendor.supplier_client_id, supplierIds)));
  for (const v of vendors) {
    const [periodic] = await tx
      .select({ score: srm_supplier_eval.total_score, grade: srm_supplier_eval.grade })
      .from(srm_supplier_eval)
      .where(and(eq(srm_supplier_eval.vendor_id, v.id), eq(srm_supplier_eval.status, '20')))
      .orderBy(desc(srm_supplier_eval.eval_date))
      .limit(1);
    const [admission] = periodic
      ? []
      : await tx
          .select({ score: srm_admission_eval.result_score })
          .from(srm_admission_eval)
          .where(and(eq(srm_admission_eval.vendor_id, v.id), eq(srm_admission_eval.status, '20')))
          .orderBy(desc(srm_admission_eval.updated_at))
          .limit(1);
    if (v.supplier) out.set(v.supplier as string, ((periodic?.score ?? admission?.score) as string | null) ?? null);
  }
  return out;
}

async function comparison(tx: Tx, ctx: AuthedContext, projectId: unknown) {
  const p = await ownProject(tx, ctx, projectId);
  const items = await projectItems(tx, p.id);
  // RLS shows the brand only posted (or decided) quotations.
  const quotes = await tx
    .select({
      id: srmQuotation.id,
      version: srmQuotation.version,
      supplier_client_id: srmQuotation.clientId,
      supplier_name: client.name,
      status: srmQuotation.status,
      currency: srmQuotation.currency,
      remarks: srmQuotation.remarks,
      posted_at: srmQuotation.postedAt,
    })
    .from(srmQuotation)
    .innerJoin(client, eq(client.id, srmQuotation.clientId))
    .where(and(eq(srmQuotation.projectId, p.id), eq(srmQuotation.brandClientId, p.client_id)))
    .orderBy(asc(srmQuotation.postedAt));
  const lines = await loadLines(tx, quotes.map((q) => q.id));
  const scores = await supplierScores(tx, p.client_id, quotes.map((q) => q.supplier_client_id));
  return {
    project: { id: p.id, code: p.code, name: p.name, version: p.version, eval_stage: p.eval_stage, publish_stage: p.publish_stage, inquiry_status: p.inquiry_status },
    approval: await runningAction(tx, p.client_id, PROJECT_ENTITY, p.id),
    quotations: quotes.map((q) => ({ ...q, evaluation_score: scores.get(q.supplier_client_id) ?? null })),
    items: items.map((it) => {
      const offers = quotes
        .map((q) => {
          const line = lines.find((l) => l.quotation_id === q.id && l.item_id === it.id);
          return line ? { ...line, supplier_name: q.supplier_name } : null;
        })
        .filter((o): o is NonNullable<typeof o> => o !== null);
      const best = offers.reduce<string | null>((m, o) => (m === null || compareDec(o.unit_price, m) < 0 ? o.unit_price : m), null);
      return {
        id: it.id,
        name: it.name,
        unit: it.unit,
        quantity: it.quantity,
        expected_price: it.expected_price,
        currency: it.currency,
        status: it.status,
        best_price: best,
        offers,
      };
    }),
  };
}

interface LineOut {
  id: string;
  quotation_id: string;
  item_id: string;
  unit_price: string;
  lead_time_days: number | null;
  moq: string | null;
  remarks: string | null;
  tiers: Array<{ level: number; min_qty: string; unit_price: string }>;
}

async function loadLines(tx: Tx, quotationIds: string[]): Promise<LineOut[]> {
  if (!quotationIds.length) return [];
  const lines = await tx.select().from(srmQuotationLine).where(inArray(srmQuotationLine.quotationId, quotationIds));
  const tiers = lines.length
    ? await tx
        .select()
        .from(srmQuotationTier)
        .where(inArray(srmQuotationTier.lineId, lines.map((l) => l.id)))
        .orderBy(asc(srmQuotationTier.level))
    : [];
  return lines.map((l) => ({
    id: l.id,
    quotation_id: l.quotationId,
    item_id: l.itemId,
    unit_price: l.unitPrice,
    lead_time_days: l.leadTimeDays,
    moq: l.moq,
    remarks: l.remarks,
    tiers: tiers.filter((tr) => tr.lineId === l.id).map((tr) => ({ level: tr.level, min_qty: tr.minQty, unit_price: tr.unitPrice })),
  }));
}

// --- supplier side: inbox, RFI fill-in, quotation --------------------------------------------------

async function supplierView(tx: Tx, ctx: AuthedContext, projectId: unknown) {
  const p = await visibleProject(tx, projectId);
  if (p.client_id === ctx.session.clientId) throw forbiddenMsg(ctx, 'srm.supplierOnly');
  const me = ctx.session.clientId;
  const items = (await projectItems(tx, p.id)).filter((i) => i.status === 'active');
  const questions = await projectQuestions(tx, p.id);
  const [inv] = await tx.select().from(srmInvitation).where(and(eq(srmInvitation.projectId, p.id), eq(srmInvitation.supplierClientId, me)));
  const [rfi] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.projectId, p.id), eq(srmRfiRecord.clientId, me)));
  const [quote] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.projectId, p.id), eq(srmQuotation.clientId, me)));
  const [myCompany] = await tx.select({ roles: client.roles }).from(client).where(eq(client.id, me));
  const brand = await companyName(tx, p.client_id);
  const canAnswer = !!myCompany?.roles.includes('SUPPLIER') && inv?.status !== 'stopped';
  return {
    project: {
      id: p.id,
      code: p.code,
      name: p.name,
      description: p.description,
      project_type: p.project_type,
      priority: p.priority,
      duration: p.duration,
      time_stamp: p.time_stamp,
      is_public: p.is_public,
      tags: p.tags,
      contact_person: p.contact_person,
      contact_phone: p.contact_phone,
      currency: p.currency,
      info_stage: p.info_stage,
      rfi_status: p.rfi_status,
      publish_stage: p.publish_stage,
      inquiry_status: p.inquiry_status,
      eval_stage: p.eval_stage,
      brand_client_id: p.client_id,
      brand_name: brand,
    },
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      description: i.description,
      expected_price: i.expected_price,
      currency: i.currency,
      unit: i.unit,
      quantity: i.quantity,
      reference_material: i.reference_material,
      plan_start: i.plan_start,
      plan_end: i.plan_end,
    })),
    questions: questions.map((q) => ({ id: q.id, question: q.question, required: q.required })),
    invitation: inv ? { id: inv.id, status: inv.status } : null,
    rfi_record: rfi ?? null,
    quotation: quote ? { ...quote, lines: await loadLines(tx, [quote.id]) } : null,
    can: {
      fill_in: canAnswer && p.rfi_status === RFI_STATUS.OPEN && (!rfi || rfi.status === 'draft'),
      quote: canAnswer && p.inquiry_status === INQUIRY_STATUS.QUOTING && (!quote || quote.status === 'draft'),
    },
  };
}

const text = (v: unknown, max: number): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s.slice(0, max);
};

async function saveRfi(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const p = await visibleProject(tx, data.project_id);
  await asSupplier(tx, ctx, p);
  if (p.rfi_status !== RFI_STATUS.OPEN) throw bad(ctx, 'srm.rfiNotOpen');
  const questions = await projectQuestions(tx, p.id);
  const given = Array.isArray(data.answers) ? (data.answers as Row[]) : [];
  const answers = questions.map((q) => ({ question_id: q.id, answer: text(given.find((a) => a.question_id === q.id)?.answer, 2000) ?? '' }));
  const values = {
    answers,
    capacity: text(data.capacity, 2000),
    certifications: text(data.certifications, 2000),
    mainCustomers: text(data.main_customers, 2000),
    remarks: text(data.remarks, 2000),
  };
  const [mine] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.projectId, p.id), eq(srmRfiRecord.clientId, ctx.session.clientId)));
  if (!mine) {
    const [row] = await tx
      .insert(srmRfiRecord)
      .values({ ...values, clientId: ctx.session.clientId, brandClientId: p.client_id, projectId: p.id, createdBy: ctx.session.userId, updatedBy: ctx.session.userId })
      .returning();
    return row;
  }
  if (mine.status !== 'draft') throw bad(ctx, 'srm.rfiSubmitted');
  if (mine.version !== versionOf(data.version)) throw conflict();
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ ...values, version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, mine.id))
    .returning();
  return row;
}

async function submitRfi(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [mine] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.id, idOf(data.id)), eq(srmRfiRecord.clientId, ctx.session.clientId)));
  if (!mine) throw notFound();
  const p = await visibleProject(tx, mine.projectId);
  await asSupplier(tx, ctx, p);
  if (mine.version !== versionOf(data.version)) throw conflict();
  const tr = docTransition(RFI_RECORD_TRANSITIONS, 'submit')!;
  if (!tr.from.includes(mine.status)) throw new BizError('engine.badState');
  if (p.rfi_status !== RFI_STATUS.OPEN) throw bad(ctx, 'srm.rfiNotOpen');
  const questions = await projectQuestions(tx, p.id);
  const answers = (mine.answers as Array<{ question_id: string; answer: string }>) ?? [];
  const errors: string[] = [];
  for (const q of questions) if (q.required && !answers.find((a) => a.question_id === q.id && a.answer)) errors.push(q.question ?? '');
  if (errors.length) throw new ValidationError({ answers: errors.map((q) => `${t(ctx.lang, 'val.required')}: ${q}`) });
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ status: tr.to, submittedAt: new Date(), version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, mine.id))
    .returning();
  const supplier = await companyName(tx, ctx.session.clientId);
  await tell(tx, ctx.session, p.client_id, [p.created_by, p.applicant_id], both('srm.notify.rfiSubmitted', { supplier, code: p.code ?? '', name: p.name ?? '' }), {
    relatedKey: p.id,
    url: brandUrl(p.id),
    menuId: 'SRM_RFI_RECORD',
    subarea: 'RFI',
  });
  return row;
}

/** The brand shortlists (approves) or eliminates (rejects) a submitted RFI record. */
async function decideRfi(tx: Tx, ctx: AuthedContext, action: 'shortlist' | 'eliminate') {
  const data = dataObject(ctx.body);
  // RLS shows the brand only submitted (or decided) records of its own projects.
  const [rec] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.id, idOf(data.id)), eq(srmRfiRecord.brandClientId, ctx.session.clientId)));
  if (!rec) throw notFound();
  const p = await ownProject(tx, ctx, rec.projectId);
  if (rec.version !== versionOf(data.version)) throw conflict();
  const tr = docTransition(RFI_RECORD_TRANSITIONS, action)!;
  if (!tr.from.includes(rec.status)) throw new BizError('engine.badState');
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ status: tr.to, version: rec.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, rec.id))
    .returning();
  const label = rfiStateLabel(tr.to);
  await tell(
    tx,
    ctx.session,
    rec.clientId,
    [rec.createdBy],
    {
      en: srmt('en', 'srm.notify.rfiDecided', { code: p.code ?? '', name: p.name ?? '', status: label.en }),
      zh: srmt('zh', 'srm.notify.rfiDecided', { code: p.code ?? '', name: p.name ?? '', status: label.zh }),
    },
    { relatedKey: p.id, url: supplierUrl(p.id), menuId: 'SRM_RFI_REQUEST', subarea: 'RFI' },
  );
  return row;
}

/** 11000 errors of a posted quotation body; the lines to write when it is clean. */
function checkQuotationLines(ctx: AuthedContext, posted: unknown, activeItems: Set<string>) {
  const lines = Array.isArray(posted) ? (posted as Row[]) : [];
  const errors: Array<Record<string, string[]> | null> = [];
  const out: Array<{ itemId: string; unitPrice: string; leadTimeDays: number | null; moq: string | null; remarks: string | null; tiers: TierPrice[] }> = [];
  const seen = new Set<string>();
  const decimal = (v: unknown, field: string, e: Record<string, string[]>, required: boolean): string | null => {
    const s = v === undefined || v === null ? '' : String(v).trim();
    if (s === '') {
      if (required) (e[field] ??= []).push(t(ctx.lang, 'val.required'));
      return null;
    }
    const r = validateValue(s, [{ type: 'positiveNumber' }, { type: 'maxDecimals4' }], ctx.lang);
    if (r.hasError || !isDecimal(s)) {
      (e[field] ??= []).push(r.errorMsg || t(ctx.lang, 'val.positiveNumber'));
      return null;
    }
    return roundDec(s);
  };
  for (const line of lines) {
    const e: Record<string, string[]> = {};
    const itemId = String(line.item_id ?? '');
    if (!activeItems.has(itemId) || seen.has(itemId)) (e.item_id ??= []).push(srmt(ctx.lang, 'srm.unknownItem'));
    seen.add(itemId);
    const unitPrice = decimal(line.unit_price, 'unit_price', e, true);
    const moq = decimal(line.moq, 'moq', e, false);
    const lead = line.lead_time_days === undefined || line.lead_time_days === null || line.lead_time_days === '' ? null : Number(line.lead_time_days);
    if (lead !== null && (!Number.isInteger(lead) || lead < 0)) (e.lead_time_days ??= []).push(t(ctx.lang, 'val.naturalNumber'));
    const tiers = Array.isArray(line.tiers) ? (line.tiers as Row[]) : [];
    const tierOut: TierPrice[] = [];
    for (const key of tierProblems(tiers.map((tr) => ({ level: tr.level as number, min_qty: String(tr.min_qty ?? ''), unit_price: String(tr.unit_price ?? '') })))) {
      (e.tiers ??= []).push(srmt(ctx.lang, key as SrmMessageKey));
    }
    for (const tr of tiers) {
      const te: Record<string, string[]> = {};
      const minQty = decimal(tr.min_qty, 'min_qty', te, true);
      const price = decimal(tr.unit_price, 'unit_price', te, true);
      if (Object.keys(te).length) (e.tiers ??= []).push(...Object.values(te).flat());
      else if (isLevel(tr.level)) tierOut.push({ level: Number(tr.level), min_qty: minQty!, unit_price: price! });
    }
    errors.push(Object.keys(e).length ? e : null);
    if (!Object.keys(e).length) out.push({ itemId, unitPrice: unitPrice!, leadTimeDays: lead, moq, remarks: text(line.remarks, 500), tiers: tierOut });
  }
  return { errors, out, hasErrors: errors.some((e) => e !== null) };
}

async function saveQuotation(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const p = await visibleProject(tx, data.project_id);
  await asSupplier(tx, ctx, p);
  if (p.inquiry_status !== INQUIRY_STATUS.QUOTING) throw bad(ctx, 'srm.inquiryClosed');
  const items = (await projectItems(tx, p.id)).filter((i) => i.status === 'active');
  const checked = checkQuotationLines(ctx, data.lines, new Set(items.map((i) => i.id)));
  if (checked.hasErrors) throw new ValidationError({ lines: checked.errors } as FieldErrors);
  const currency = text(data.currency, 8) ?? p.currency ?? 'CNY';
  // Any currency of the platform (an item's expected price may be in another than the project's).
  if (!CURRENCIES.some((c) => c.code === currency)) throw new ValidationError({ currency: [srmt(ctx.lang, 'srm.unknownCurrency')] });
  const header = { currency, remarks: text(data.remarks, 1000), validUntil: text(data.valid_until, 10) };
  const [mine] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.projectId, p.id), eq(srmQuotation.clientId, ctx.session.clientId)));
  let id: string;
  if (!mine) {
    const [row] = await tx
      .insert(srmQuotation)
      .values({ ...header, clientId: ctx.session.clientId, brandClientId: p.client_id, projectId: p.id, createdBy: ctx.session.userId, updatedBy: ctx.session.userId })
      .returning({ id: srmQuotation.id });
    id = row.id;
  } else {
    if (mine.status !== QUOTATION_STATUS.DRAFT) throw bad(ctx, 'srm.quotationPosted');
    if (mine.version !== versionOf(data.version)) throw conflict();
    id = mine.id;
    await tx.update(srmQuotation).set({ ...header, version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() }).where(eq(srmQuotation.id, id));
    await tx.delete(srmQuotationLine).where(eq(srmQuotationLine.quotationId, id));
  }
  for (const line of checked.out) {
    const [l] = await tx
      .insert(srmQuotationLine)
      .values({
        clientId: ctx.session.clientId,
        brandClientId: p.client_id,
        quotationId: id,
        itemId: line.itemId,
        unitPrice: line.unitPrice,
        leadTimeDays: line.leadTimeDays,
        moq: line.moq,
        remarks: line.remarks,
      })
      .returning({ id: srmQuotationLine.id });
    if (line.tiers.length) {
      await tx.insert(srmQuotationTier).values(
        line.tiers.map((tr) => ({ clientId: ctx.session.clientId, brandClientId: p.client_id, lineId: l.id, level: Number(tr.level), minQty: tr.min_qty, unitPrice: tr.unit_price })),
      );
    }
  }
  return quotationView(tx, ctx, id);
}

async function quotationView(tx: Tx, ctx: AuthedContext, id: unknown) {
  // Own quotations, or (for the brand) posted ones of its projects: RLS hides everything else,
  // so a competitor's id is simply not found.
  const [q] = await tx
    .select({
      id: srmQuotation.id,
      version: srmQuotation.version,
      client_id: srmQuotation.clientId,
      brand_client_id: srmQuotation.brandClientId,
      project_id: srmQuotation.projectId,
      status: srmQuotation.status,
      currency: srmQuotation.currency,
      valid_until: srmQuotation.validUntil,
      remarks: srmQuotation.remarks,
      posted_at: srmQuotation.postedAt,
      decided_at: srmQuotation.decidedAt,
      supplier_name: client.name,
    })
    .from(srmQuotation)
    .innerJoin(client, eq(client.id, srmQuotation.clientId))
    .where(eq(srmQuotation.id, idOf(id)));
  if (!q) throw notFound();
  const me = ctx.session.clientId;
  if (q.client_id !== me && q.brand_client_id !== me) throw notFound();
  const [p] = (await tx.select({ code: srm_project.code, name: srm_project.name }).from(srm_project).where(eq(srm_project.id, q.project_id))) as Array<{
    code: string | null;
    name: string | null;
  }>;
  return { ...q, project_code: p?.code ?? null, project_name: p?.name ?? null, lines: await loadLines(tx, [q.id]) };
}

async function postQuotation(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [mine] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, idOf(data.id)), eq(srmQuotation.clientId, ctx.session.clientId)));
  if (!mine) throw notFound();
  const p = await visibleProject(tx, mine.projectId);
  await asSupplier(tx, ctx, p);
  if (mine.version !== versionOf(data.version)) throw conflict();
  const tr = docTransition(QUOTATION_TRANSITIONS, 'post')!;
  if (!tr.from.includes(mine.status)) throw bad(ctx, 'srm.quotationPosted');
  if (p.inquiry_status !== INQUIRY_STATUS.QUOTING) throw bad(ctx, 'srm.inquiryClosed');
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from srm_quotation_line where quotation_id = ${mine.id}`);
  if (Number(n) === 0) throw bad(ctx, 'srm.priceRequired');
  await tx
    .update(srmQuotation)
    .set({ status: tr.to, postedAt: new Date(), version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmQuotation.id, mine.id));
  const supplier = await companyName(tx, ctx.session.clientId);
  await tell(tx, ctx.session, p.client_id, [p.created_by, p.applicant_id], both('srm.notify.quoted', { supplier, code: p.code ?? '', name: p.name ?? '' }), {
    relatedKey: p.id,
    url: brandUrl(p.id),
    menuId: 'SRM_RFQ',
    subarea: 'QUOTATION',
  });
  return quotationView(tx, ctx, mine.id);
}

/** The brand awards one posted quotation: it is selected, every other posted one unselected. */
async function selectQuotation(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const [q] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, idOf(data.id)), eq(srmQuotation.brandClientId, ctx.session.clientId)));
  if (!q) throw notFound();
  const p = await ownProject(tx, ctx, q.projectId);
  await lockProject(tx, p);
  if (q.version !== versionOf(data.version)) throw conflict();
  const flow = await boundFlow(tx, p);
  if (flow) {
    await checkAward(tx, q, p);
    await startApproval(tx, ctx, registry, p, flow, 'select', { quotation_id: q.id });
  } else {
    await award(tx, ctx.session, q, p);
  }
  return comparison(tx, ctx, p.id);
}

type Quotation = typeof srmQuotation.$inferSelect;

async function checkAward(tx: Tx, q: Quotation, p: Project): Promise<void> {
  const tr = docTransition(QUOTATION_TRANSITIONS, 'select')!;
  if (!tr.from.includes(q.status) || p.publish_stage !== '10') throw new BizError('engine.badState');
  const failed = firstFailedCheck(AWARD, await publishingFacts(tx, p));
  if (failed) throw new BizError(failed);
}

/** Checks and makes the award (the project is locked). */
async function award(tx: Tx, who: Who, q: Quotation, p: Project): Promise<void> {
  await checkAward(tx, q, p);
  const now = new Date();
  await tx.update(srmQuotation).set({ status: 'selected', decidedAt: now, version: q.version + 1, updatedBy: who.userId, updatedAt: now }).where(eq(srmQuotation.id, q.id));
  const losers = await tx
    .update(srmQuotation)
    .set({ status: 'unselected', decidedAt: now, version: sql`${srmQuotation.version} + 1`, updatedBy: who.userId, updatedAt: now })
    .where(and(eq(srmQuotation.projectId, p.id), eq(srmQuotation.brandClientId, p.client_id), eq(srmQuotation.status, 'posted'), ne(srmQuotation.id, q.id)))
    .returning({ supplier: srmQuotation.clientId, author: srmQuotation.createdBy });
  await tx
    .update(srmInvitation)
    .set({ status: 'selected', version: sql`${srmInvitation.version} + 1`, updatedBy: who.userId, updatedAt: now })
    .where(and(eq(srmInvitation.projectId, p.id), eq(srmInvitation.supplierClientId, q.clientId), inArray(srmInvitation.status, ['posted', 'shortlisted'])));
  await audit(tx, who, 'sourcing-project', p.id, 'select-quotation', [{ field: 'selected_quotation', old: null, new: q.id }]);
  const params = { code: p.code ?? '', name: p.name ?? '' };
  const decided = (status: string) => {
    const l = quotationStateLabel(status);
    return { en: srmt('en', 'srm.notify.quotationDecided', { ...params, status: l.en }), zh: srmt('zh', 'srm.notify.quotationDecided', { ...params, status: l.zh }) };
  };
  const opts = { relatedKey: p.id, url: supplierUrl(p.id), menuId: 'SRM_MY_QUOTATIONS', subarea: 'QUOTATION' };
  await tell(tx, who, q.clientId, [q.createdBy], decided('selected'), opts);
  for (const l of losers) await tell(tx, who, l.supplier, [l.author], decided('unselected'), opts);
}

async function stopQuotation(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [q] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, idOf(data.id)), eq(srmQuotation.brandClientId, ctx.session.clientId)));
  if (!q) throw notFound();
  await ownProject(tx, ctx, q.projectId);
  if (q.version !== versionOf(data.version)) throw conflict();
  const tr = docTransition(QUOTATION_TRANSITIONS, 'stop')!;
  if (!tr.from.includes(q.status)) throw new BizError('engine.badState');
  await tx.update(srmQuotation).set({ status: tr.to, decidedAt: new Date(), version: q.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() }).where(eq(srmQuotation.id, q.id));
  return quotationView(tx, ctx, q.id);
}

// --- invitations ------------------------------------------------------------------------------

async function inviteVendors(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const p = await ownProject(tx, ctx, data.project_id);
  const ids = (Array.isArray(data.vendor_ids) ? data.vendor_ids : [data.vendor_ids]).filter(isUuid) as string[];
  if (!ids.length) throw new ValidationError({ vendor_ids: [t(ctx.lang, 'val.required')] });
  const vendors = (await tx
    .select({ id: md_vendor.id, supplier: md_vendor.supplier_client_id })
    .from(md_vendor)
    .where(and(eq(md_vendor.client_id, ctx.session.clientId), inArray(md_vendor.id, ids)))) as Array<{ id: string; supplier: string | null }>;
  if (vendors.length !== ids.length) throw notFound();
  const supplierIds = vendors.map((v) => v.supplier as string | null).filter(isUuid) as string[];
  const onPlatform = supplierIds.length ? new Set((await tx.select({ id: client.id }).from(client).where(inArray(client.id, supplierIds))).map((c) => c.id)) : new Set<string>();
  const errors: string[] = [];
  for (const v of vendors) {
    if (!isUuid(v.supplier) || !onPlatform.has(v.supplier) || v.supplier === ctx.session.clientId) errors.push(srmt(ctx.lang, 'srm.vendorNotOnPlatform'));
  }
  if (errors.length) throw new BizError(errors[0]);
  const existing = await tx
    .select({ supplier: srmInvitation.supplierClientId })
    .from(srmInvitation)
    .where(and(eq(srmInvitation.projectId, p.id), inArray(srmInvitation.supplierClientId, supplierIds)));
  if (existing.length) throw bad(ctx, 'srm.alreadyInvited');
  // A project already under way posts the invitation at once; otherwise it waits as a draft.
  const started = p.info_stage !== '0' || p.publish_stage !== '0';
  const now = new Date();
  const inserted = await tx
    .insert(srmInvitation)
    .values(
      vendors.map((v) => ({
        clientId: ctx.session.clientId,
        projectId: p.id,
        vendorId: v.id,
        supplierClientId: v.supplier as string,
        status: started ? 'posted' : 'draft',
        postedAt: started ? now : null,
        createdBy: ctx.session.userId,
        updatedBy: ctx.session.userId,
      })),
    )
    .returning();
  if (started) {
    const brand = await companyName(tx, p.client_id);
    for (const inv of inserted) {
      await tell(tx, ctx.session, inv.supplierClientId, [], both('srm.notify.invited', { brand, code: p.code ?? '', name: p.name ?? '' }), {
        relatedKey: p.id,
        url: supplierUrl(p.id),
        menuId: 'SRM_SOURCING_INBOX',
        subarea: 'INVITATION',
      });
    }
  }
  return brandWorkspace(tx, ctx, p.id);
}

async function invitationAction(tx: Tx, ctx: AuthedContext, action: string) {
  const data = dataObject(ctx.body);
  const [inv] = await tx.select().from(srmInvitation).where(and(eq(srmInvitation.id, idOf(data.id)), eq(srmInvitation.clientId, ctx.session.clientId)));
  if (!inv) throw notFound();
  const p = await ownProject(tx, ctx, inv.projectId);
  if (inv.version !== versionOf(data.version)) throw conflict();
  const tr = docTransition(INVITATION_TRANSITIONS, action)!;
  if (!tr.from.includes(inv.status)) throw new BizError('engine.badState');
  await tx
    .update(srmInvitation)
    .set({ status: tr.to, postedAt: tr.to === 'posted' ? new Date() : inv.postedAt, version: inv.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmInvitation.id, inv.id));
  const brand = await companyName(tx, p.client_id);
  const params = { brand, code: p.code ?? '', name: p.name ?? '' };
  const key: SrmMessageKey | null = action === 'post' ? 'srm.notify.invited' : action === 'stop' ? 'srm.notify.stopped' : null;
  if (key) {
    await tell(tx, ctx.session, inv.supplierClientId, [], both(key, params), {
      relatedKey: p.id,
      url: supplierUrl(p.id),
      menuId: 'SRM_SOURCING_INBOX',
      subarea: 'INVITATION',
    });
  }
  if (action === 'stop') {
    // A posted quotation of a stopped supplier is stopped too (its drafts can no longer be posted).
    await tx
      .update(srmQuotation)
      .set({ status: 'stopped', decidedAt: new Date(), version: sql`${srmQuotation.version} + 1`, updatedBy: ctx.session.userId, updatedAt: new Date() })
      .where(and(eq(srmQuotation.projectId, p.id), eq(srmQuotation.clientId, inv.supplierClientId), eq(srmQuotation.status, 'posted')));
  }
  return brandWorkspace(tx, ctx, p.id);
}

/** Vendors of the brand linked to a platform company and not yet invited to the project. */
async function invitationCandidates(tx: Tx, ctx: AuthedContext) {
  const p = await ownProject(tx, ctx, ctx.query.project_id);
  const invited = new Set(
    (await tx.select({ s: srmInvitation.supplierClientId }).from(srmInvitation).where(eq(srmInvitation.projectId, p.id))).map((r) => r.s),
  );
  const vendors = await tx
    .select({ id: md_vendor.id, code: md_vendor.code, short_name: md_vendor.short_name, supplier_client_id: md_vendor.supplier_client_id, company: client.name })
    .from(md_vendor)
    .innerJoin(client, sql`${client.id}::text = ${md_vendor.supplier_client_id}`)
    .where(eq(md_vendor.client_id, ctx.session.clientId))
    .orderBy(asc(md_vendor.code));
  return vendors.filter((v) => !invited.has(v.supplier_client_id as string) && v.supplier_client_id !== ctx.session.clientId);
}

// --- lists ------------------------------------------------------------------------------------

interface PageReq {
  page: number;
  size: number;
}
function pageOf(ctx: AuthedContext): PageReq {
  let p: Row = {};
  try {
    p = typeof ctx.query.p === 'string' && ctx.query.p ? (JSON.parse(ctx.query.p) as Row) : {};
  } catch {
    throw new BizError('http.badRequest');
  }
  const page = Math.max(1, Number(p.page) || 1);
  const size = Math.min(200, Math.max(1, Number(p.size) || 20));
  return { page, size };
}
function filtersOf(ctx: AuthedContext): Row {
  try {
    return typeof ctx.query.q === 'string' && ctx.query.q ? (JSON.parse(ctx.query.q) as Row) : {};
  } catch {
    throw new BizError('http.badRequest');
  }
}
const likeText = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Projects of other companies the caller can see (invited or public), with its own answers' states. */
async function inboxPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [sql`p.client_id <> ${me}`];
  if (q.mode === 'rfi') conds.push(sql`p.rfi_status <> 'none'`);
  if (q.mode === 'rfq') conds.push(sql`p.publish_stage <> '0'`);
  if (q.name) conds.push(sql`(p.name ilike ${likeText(q.name)} or p.code ilike ${likeText(q.name)})`);
  const where = sql.join(conds, sql` and `);
  const list = await rows<Row>(
    tx,
    sql`select p.id, p.code, p.name, p.priority, p.is_public, p.time_stamp::text as time_stamp, p.info_stage, p.rfi_status, p.publish_stage,
               p.inquiry_status, p.eval_stage, p.contact_person, c.name as brand_name,
               i.status as invitation_status, r.status as rfi_record_status, qt.status as quotation_status
          from srm_project p
          join client c on c.id = p.client_id
          left join srm_invitation i on i.project_id = p.id and i.supplier_client_id = ${me}
          left join srm_rfi_record r on r.project_id = p.id and r.client_id = ${me}
          left join srm_quotation qt on qt.project_id = p.id and qt.client_id = ${me}
         where ${where}
         order by p.time_stamp desc nulls last, p.id
         limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from srm_project p where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

/** Quotations: the caller's own (side 'mine') or those received for its projects (side 'received'). */
async function quotationPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [q.side === 'received' ? sql`qt.brand_client_id = ${me}` : sql`qt.client_id = ${me}`];
  if (q.project_id && isUuid(q.project_id)) conds.push(sql`qt.project_id = ${q.project_id}`);
  if (typeof q.status === 'string' && q.status) conds.push(sql`qt.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const list = await rows<Row>(
    tx,
    sql`select qt.id, qt.version, qt.project_id, qt.status, qt.currency, qt.posted_at::text as posted_at, qt.decided_at::text as decided_at,
               p.code as project_code, p.name as project_name, brand.name as brand_name, supplier.name as supplier_name,
               (select count(*)::int from srm_quotation_line l where l.quotation_id = qt.id) as line_count
          from srm_quotation qt
          left join srm_project p on p.id = qt.project_id
          join client brand on brand.id = qt.brand_client_id
          join client supplier on supplier.id = qt.client_id
         where ${where}
         order by qt.updated_at desc, qt.id
         limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from srm_quotation qt where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

/** RFI records: received for the caller's projects (brand) or its own (supplier, side 'mine'). */
async function rfiPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [q.side === 'mine' ? sql`r.client_id = ${me}` : sql`r.brand_client_id = ${me}`];
  if (q.project_id && isUuid(q.project_id)) conds.push(sql`r.project_id = ${q.project_id}`);
  if (typeof q.status === 'string' && q.status) conds.push(sql`r.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const list = await rows<Row>(
    tx,
    sql`select r.id, r.version, r.project_id, r.status, r.submitted_at::text as submitted_at, r.answers, r.capacity, r.certifications,
               r.main_customers, r.remarks, p.code as project_code, p.name as project_name, supplier.name as supplier_name, brand.name as brand_name
          from srm_rfi_record r
          left join srm_project p on p.id = r.project_id
          join client supplier on supplier.id = r.client_id
          join client brand on brand.id = r.brand_client_id
         where ${where}
         order by r.updated_at desc, r.id
         limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from srm_rfi_record r where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

// --- routes -----------------------------------------------------------------------------------

export function sourcingRoutes(api: Api): void {
  const brand = { auth: true as const, menu: BRAND_MENUS };
  const supplier = { auth: true as const, menu: SUPPLIER_MENUS };
  const any = { auth: true as const, menu: [...BRAND_MENUS, ...SUPPLIER_MENUS] };
  const registry = registryOf(api);

  for (const action of PROJECT_ACTIONS) {
    api.post(`srmapi/sourcing-project/${action.action}`, brand, (ctx) => projectActionRoute(ctx, action, registry));
  }
  registerApprovedSteps();
  api.get('srmapi/sourcing-project/workspace', brand, (ctx) => ctx.tenant((tx) => brandWorkspace(tx, ctx, String(ctx.query.id ?? ''))));

  api.get('srmapi/invitation/candidates', brand, (ctx) => ctx.tenant((tx) => invitationCandidates(tx, ctx)));
  api.post('srmapi/invitation/create', brand, (ctx) => ctx.tenant((tx) => inviteVendors(tx, ctx)));
  for (const action of ['post', 'shortlist', 'close', 'stop']) {
    api.post(`srmapi/invitation/${action}`, brand, (ctx) => ctx.tenant((tx) => invitationAction(tx, ctx, action)));
  }

  api.get('srmapi/sourcing-inbox/page-list', supplier, (ctx) => ctx.tenant((tx) => inboxPage(tx, ctx)));
  api.get('srmapi/sourcing-inbox/view', any, (ctx) => ctx.tenant((tx) => supplierView(tx, ctx, ctx.query.id)));

  api.get('srmapi/rfi-record/page-list', any, (ctx) => ctx.tenant((tx) => rfiPage(tx, ctx)));
  api.post('srmapi/rfi-record/save', any, (ctx) => ctx.tenant((tx) => saveRfi(tx, ctx)));
  api.post('srmapi/rfi-record/submit', any, (ctx) => ctx.tenant((tx) => submitRfi(tx, ctx)));
  api.post('srmapi/rfi-record/shortlist', brand, (ctx) => ctx.tenant((tx) => decideRfi(tx, ctx, 'shortlist')));
  api.post('srmapi/rfi-record/eliminate', brand, (ctx) => ctx.tenant((tx) => decideRfi(tx, ctx, 'eliminate')));

  api.get('srmapi/quotation/page-list', any, (ctx) => ctx.tenant((tx) => quotationPage(tx, ctx)));
  api.get('srmapi/quotation/view', any, (ctx) => ctx.tenant((tx) => quotationView(tx, ctx, ctx.query.id)));
  api.post('srmapi/quotation/save', any, (ctx) => ctx.tenant((tx) => saveQuotation(tx, ctx)));
  api.post('srmapi/quotation/post', any, (ctx) => ctx.tenant((tx) => postQuotation(tx, ctx)));
  api.get('srmapi/quotation/compare', brand, (ctx) => ctx.tenant((tx) => comparison(tx, ctx, ctx.query.project_id)));
  api.post('srmapi/quotation/select', brand, (ctx) => ctx.tenant((tx) => selectQuotation(tx, ctx, registry)));
  api.post('srmapi/quotation/stop', brand, (ctx) => ctx.tenant((tx) => stopQuotation(tx, ctx)));
}


/**
 * What publishing and award do once their approval's last node approves: the same step as without
 * a flow, its checks run again now (the project may have changed while it waited). The flow runtime
 * runs this in the approver's transaction (the brand's company) and records a refusal.
 */
function registerApprovedSteps(): void {
  const publish = PROJECT_ACTIONS.find((a) => a.action === 'publish')!;
  registerFlowAction(PROJECT_ENTITY, 'publish', async (tx, { clientId, recordId, actor }) => {
    const [p] = (await tx.select().from(srm_project).where(and(eq(srm_project.id, recordId), eq(srm_project.client_id, clientId)))) as unknown as Project[];
    if (!p) throw new BizError('engine.badState');
    await lockProject(tx, p);
    await applyProjectAction(tx, actor, p, publish);
  });
  registerFlowAction(PROJECT_ENTITY, 'select', async (tx, { clientId, recordId, payload, actor }) => {
    const quotationId = (payload as { quotation_id?: string } | null)?.quotation_id;
    const [p] = (await tx.select().from(srm_project).where(and(eq(srm_project.id, recordId), eq(srm_project.client_id, clientId)))) as unknown as Project[];
    const [q] = quotationId ? await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, quotationId), eq(srmQuotation.brandClientId, clientId))) : [];
    if (!p || !q || q.projectId !== p.id) throw new BizError('engine.badState');
    await lockProject(tx, p);
    await award(tx, actor, q, p);
  });
}

// The sourcing work between two companies (srmapi). The brand owns the project, its items and its
// invitations; a supplier owns its RFI record and quotation. Every query runs in the caller's
// tenant transaction: row-level security (migration 0019_srm_rls) decides what of the other
// company is visible, and these handlers add the business rules (who may act, in which state).
// docs/sourcing.md lists the endpoints and the visibility rules. This file is the routes; the work of
// each stage is in ./sourcing/: project (actions, approval, workspace), invitations, rfi, quotations
// (and award), comparison, lists (each side's views and lists), common (what they share).
import { PROJECT_ACTIONS } from '@seamline/core';
import { R, S, and, BizError, eq, type Api, type JsonSchema, registryOf } from '@seamline/server/api';
import { registerFlowAction } from '../../flow/server';
import { srm_project, srmQuotation } from './schema';
import { BRAND_MENUS, PROJECT_ENTITY, type Project, SUPPLIER_MENUS } from './sourcing/common';
import { comparison } from './sourcing/comparison';
import { invitationAction, invitationCandidates, inviteVendors } from './sourcing/invitations';
import { inboxPage, quotationPage, rfiPage, supplierView } from './sourcing/lists';
import { applyProjectAction, brandWorkspace, lockProject, projectActionRoute } from './sourcing/project';
import { award, postQuotation, quotationView, saveQuotation, selectQuotation, stopQuotation } from './sourcing/quotations';
import { decideRfi, saveRfi, submitRfi } from './sourcing/rfi';

// --- routes -----------------------------------------------------------------------------------

// Issue 28: the lists' rows named field by field, so the OpenAPI test checks the real answers.
/** A time as PostgreSQL writes it as text ('2026-11-28 09:30:00.123+00'), or null before it happened. */
const pgTime = (description: string) => S.nullable(S.string(description));
/** A row of a supplier's paper on a project (quotation, RFI record): what both lists carry, plus its own fields. */
const supplierPaperPage = (own: Record<string, JsonSchema>, ownRequired: readonly string[] = []) =>
  S.page(
    S.object(
      {
        id: S.uuid(),
        version: S.integer(),
        project_id: S.nullable(S.uuid()),
        status: S.string(),
        project_code: S.nullable(S.string()),
        project_name: S.nullable(S.string()),
        brand_name: S.string(),
        supplier_name: S.string(),
        ...own,
      },
      ['id', 'version', 'status', 'brand_name', 'supplier_name', ...ownRequired],
    ),
  );
const QUOTATION_PAGE = supplierPaperPage(
  {
    currency: S.nullable(S.string()),
    posted_at: pgTime('When the supplier posted it'),
    decided_at: pgTime('When the brand chose or declined it'),
    line_count: S.integer(),
  },
  ['line_count'],
);
/** A sourcing request addressed to the caller: the brand's project and the caller's own papers on it. */
const INBOX_PAGE = S.page(
  S.object(
    {
      id: S.uuid(), code: S.string(), name: S.string(), priority: S.nullable(S.string()), is_public: S.nullable(S.boolean()),
      time_stamp: pgTime('When the brand last changed it'), info_stage: S.nullable(S.string()), rfi_status: S.nullable(S.string()),
      publish_stage: S.nullable(S.string()), inquiry_status: S.nullable(S.string()), eval_stage: S.nullable(S.string()),
      contact_person: S.nullable(S.string()), brand_name: S.string(),
      invitation_status: S.nullable(S.string('My invitation, if invited')), rfi_record_status: S.nullable(S.string('My RFI record, if any')),
      quotation_status: S.nullable(S.string('My quotation, if any')),
    },
    ['id', 'code', 'name', 'brand_name', 'invitation_status', 'rfi_record_status', 'quotation_status'],
  ),
);
/** A supplier's answer to each RFI question of the project. */
const RFI_ANSWERS = S.list(S.object({ question_id: S.uuid(), answer: S.string() }, ['question_id', 'answer']), 'One answer per RFI question');
const RFI_PAGE = supplierPaperPage({
  submitted_at: pgTime('When the supplier submitted it'),
  answers: S.nullable(RFI_ANSWERS),
  capacity: S.nullable(S.string()),
  certifications: S.nullable(S.string()),
  main_customers: S.nullable(S.string()),
  remarks: S.nullable(S.string()),
});

export function sourcingRoutes(api: Api): void {
  const brand = { auth: true as const, menu: BRAND_MENUS };
  const supplier = { auth: true as const, menu: SUPPLIER_MENUS };
  const any = { auth: true as const, menu: [...BRAND_MENUS, ...SUPPLIER_MENUS] };
  const registry = registryOf(api);

  for (const action of PROJECT_ACTIONS) {
    api.post(`srmapi/sourcing-project/${action.action}`, { ...brand, params: ['id'], schema: R.onDoc(`${action.label.en}: a sourcing project's next stage`) }, (ctx) => projectActionRoute(ctx, action, registry));
  }
  registerApprovedSteps();
  api.get('srmapi/sourcing-project/workspace', { ...brand, params: ['id'], schema: R.byId("A sourcing project's workspace: invitations, RFI records, quotations") }, (ctx) => ctx.tenant((tx) => brandWorkspace(tx, ctx, String(ctx.query.id ?? ''))));

  api.get('srmapi/invitation/candidates', { ...brand, params: ['project_id'], schema: R.get('Vendors a project may invite', { query: { project_id: S.uuid() } }) }, (ctx) => ctx.tenant((tx) => invitationCandidates(tx, ctx)));
  api.post('srmapi/invitation/create', { ...brand, params: ['project_id'], schema: R.save('Invite vendors to a sourcing project', S.object({ project_id: S.uuid(), vendor_ids: S.list(S.uuid()) }, ['project_id', 'vendor_ids'])) }, (ctx) => ctx.tenant((tx) => inviteVendors(tx, ctx)));
  for (const action of ['post', 'shortlist', 'close', 'stop']) {
    api.post(`srmapi/invitation/${action}`, { ...brand, params: ['id'], schema: R.onDoc(`${action[0].toUpperCase()}${action.slice(1)} an invitation`) }, (ctx) => ctx.tenant((tx) => invitationAction(tx, ctx, action)));
  }

  api.get('srmapi/sourcing-inbox/page-list', { ...supplier, schema: R.get('Sourcing requests addressed to my company', { query: { q: S.jsonText(S.object({ project_id: S.uuid(), status: S.string(), name: S.string(), side: S.string(), mode: S.string() })), p: S.paging() }, response: INBOX_PAGE }) }, (ctx) => ctx.tenant((tx) => inboxPage(tx, ctx)));
  api.get('srmapi/sourcing-inbox/view', { ...any, params: ['id'], schema: R.byId('One sourcing request addressed to my company') }, (ctx) => ctx.tenant((tx) => supplierView(tx, ctx, ctx.query.id)));

  api.get('srmapi/rfi-record/page-list', { ...any, schema: R.get('RFI records (the brand\'s or mine as supplier)', { query: { q: S.jsonText(S.object({ project_id: S.uuid(), status: S.string(), name: S.string(), side: S.string(), mode: S.string() })), p: S.paging() }, response: RFI_PAGE }) }, (ctx) => ctx.tenant((tx) => rfiPage(tx, ctx)));
  api.post('srmapi/rfi-record/save', { ...any, params: ['project_id'], schema: R.save('Save my RFI answers', S.object({ id: S.uuid(), version: S.integer(), project_id: S.uuid(), answers: RFI_ANSWERS, capacity: S.string(), certifications: S.string(), main_customers: S.string(), remarks: S.string() })) }, (ctx) => ctx.tenant((tx) => saveRfi(tx, ctx)));
  api.post('srmapi/rfi-record/submit', { ...any, params: ['id'], schema: R.onDoc('Submit my RFI answers') }, (ctx) => ctx.tenant((tx) => submitRfi(tx, ctx)));
  api.post('srmapi/rfi-record/shortlist', { ...brand, params: ['id'], schema: R.onDoc('Shortlist a vendor on its RFI') }, (ctx) => ctx.tenant((tx) => decideRfi(tx, ctx, 'shortlist')));
  api.post('srmapi/rfi-record/eliminate', { ...brand, params: ['id'], schema: R.onDoc('Eliminate a vendor on its RFI') }, (ctx) => ctx.tenant((tx) => decideRfi(tx, ctx, 'eliminate')));

  api.get('srmapi/quotation/page-list', { ...any, schema: R.get('Quotations (received, or mine as supplier)', { query: { q: S.jsonText(S.object({ project_id: S.uuid(), status: S.string(), name: S.string(), side: S.string(), mode: S.string() })), p: S.paging() }, response: QUOTATION_PAGE }) }, (ctx) => ctx.tenant((tx) => quotationPage(tx, ctx)));
  api.get('srmapi/quotation/view', { ...any, params: ['id'], schema: R.byId('One quotation with its lines') }, (ctx) => ctx.tenant((tx) => quotationView(tx, ctx, ctx.query.id)));
  api.post('srmapi/quotation/save', { ...any, params: ['project_id'], schema: R.save('Save my quotation', S.object({ id: S.uuid(), version: S.integer(), project_id: S.uuid(), currency: S.string(), valid_until: S.date(), remarks: S.string(), lines: S.list(S.map({}, 'A quoted line; prices as exact decimals')) })) }, (ctx) => ctx.tenant((tx) => saveQuotation(tx, ctx)));
  api.post('srmapi/quotation/post', { ...any, params: ['id'], schema: R.onDoc('Send my quotation to the brand') }, (ctx) => ctx.tenant((tx) => postQuotation(tx, ctx)));
  api.get('srmapi/quotation/compare', { ...brand, params: ['project_id'], schema: R.get("A project's quotations side by side", { query: { project_id: S.uuid() } }) }, (ctx) => ctx.tenant((tx) => comparison(tx, ctx, ctx.query.project_id)));
  api.post('srmapi/quotation/select', { ...brand, params: ['id'], schema: R.onDoc('Select the winning quotation') }, (ctx) => ctx.tenant((tx) => selectQuotation(tx, ctx, registry)));
  api.post('srmapi/quotation/stop', { ...brand, params: ['id'], schema: R.onDoc('Stop a quotation') }, (ctx) => ctx.tenant((tx) => stopQuotation(tx, ctx)));
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

// The project's own stages (spec §4 stages, §8 checks): its actions, publishing and award through
// the bound approval flow (docs/sourcing.md 'Approval'), and the brand's workspace.
import { actionAllowed, availableActions, firstFailedCheck, type ProjectAction } from '@seamline/core';
import {
  and, asc, BizError, client, conflict, dataObject, eq, inArray, sql, type AuthedContext, type Tx, type Registry, recordId, expectedVersion,
} from '@seamline/server/api';
import { actorOf, projectTypeFlow, runningAction, startActionApproval } from '../../../flow/server';
import type { SrmMessageKey } from '../../meta/messages';
import { srm_project, srmInvitation, srmRfiRecord } from '../schema';
import {
  PROJECT_ENTITY, type Project, type Row, type Who, audit, both, brandUrl, companyName, ownProject, publishingFacts, stagesOf, supplierUrl,
  tell,
} from './common';

// --- approval of publishing and award (docs/sourcing.md 'Approval') -----------------------------

/** The process the project's type binds, or null: then publishing and award happen at once. */
export async function boundFlow(tx: Tx, p: Project): Promise<string | null> {
  const code = (p.project_type ?? '').trim();
  if (!code) return null;
  return (await projectTypeFlow(tx, p.client_id, code))?.flow ?? null;
}

/** Puts a step through the bound flow instead of doing it: the flow runtime calls the registered handler when approved. */
export async function startApproval(tx: Tx, ctx: AuthedContext, registry: Registry, p: Project, flow: string, action: 'publish' | 'select', payload: unknown) {
  const title = [p.code, p.name].filter(Boolean).join(' ');
  await startActionApproval(tx, registry, { entity: PROJECT_ENTITY, recordId: p.id, action, payload, title, url: brandUrl(p.id) }, flow, actorOf(ctx.session, ctx.lang));
  await audit(tx, ctx.session, 'sourcing-project', p.id, `${action}-submitted`, []);
}

/** The project locked, so two steps on one project take turns. */
export async function lockProject(tx: Tx, p: Project): Promise<void> {
  await tx.execute(sql`select 1 from srm_project where id = ${p.id} for update`);
}

export async function projectActionRoute(ctx: AuthedContext, action: ProjectAction, registry: Registry) {
  const data = dataObject(ctx.body);
  return ctx.tenant(async (tx) => {
    const p = await ownProject(tx, ctx, data.id);
    await lockProject(tx, p);
    if (p.version !== expectedVersion(data.version)) throw conflict();
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
export async function applyProjectAction(tx: Tx, who: Who, p: Project, action: ProjectAction): Promise<void> {
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

export async function brandWorkspace(tx: Tx, ctx: AuthedContext, projectId: string) {
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

// The invitation stage: the brand invites vendors linked to platform companies, posts, shortlists,
// closes or stops their invitations.
import { docTransition, INVITATION_TRANSITIONS, t } from '@seamline/core';
import {
  and, asc, BizError, client, conflict, dataObject, eq, inArray, isUuid, notFound, sql, ValidationError, type AuthedContext, type Tx, recordId,
  expectedVersion,
} from '@seamline/server/api';
import { md_vendor } from '../../../masterdata/server/schema';
import { srmt, type SrmMessageKey } from '../../meta/messages';
import { srmInvitation, srmQuotation } from '../schema';
import { bad, both, companyName, ownProject, supplierUrl, tell } from './common';
import { brandWorkspace } from './project';

// --- invitations ------------------------------------------------------------------------------

export async function inviteVendors(tx: Tx, ctx: AuthedContext) {
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

export async function invitationAction(tx: Tx, ctx: AuthedContext, action: string) {
  const data = dataObject(ctx.body);
  const [inv] = await tx.select().from(srmInvitation).where(and(eq(srmInvitation.id, recordId(data.id)), eq(srmInvitation.clientId, ctx.session.clientId)));
  if (!inv) throw notFound();
  const p = await ownProject(tx, ctx, inv.projectId);
  if (inv.version !== expectedVersion(data.version)) throw conflict();
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
export async function invitationCandidates(tx: Tx, ctx: AuthedContext) {
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

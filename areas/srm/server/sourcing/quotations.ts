// The quotation stage: the supplier saves and posts its quotation (lines and price tiers), the brand
// awards one or stops it.
import {
  AWARD, CURRENCIES, INQUIRY_STATUS, QUOTATION_STATUS, docTransition, firstFailedCheck, isDecimal, isLevel, QUOTATION_TRANSITIONS, roundDec, t,
  tierProblems, validateValue, type FieldErrors, type TierPrice,
} from '@seamline/core';
import {
  and, BizError, client, conflict, dataObject, eq, inArray, ne, notFound, sql, ValidationError, type AuthedContext, type Tx, type Registry,
  recordId, expectedVersion, sqlRows,
} from '@seamline/server/api';
import { srmt, quotationStateLabel, type SrmMessageKey } from '../../meta/messages';
import { srm_project, srmInvitation, srmQuotation, srmQuotationLine, srmQuotationTier } from '../schema';
import {
  type Project, type Row, type Who, asSupplier, audit, bad, both, brandUrl, companyName, ownProject, projectItems, publishingFacts,
  supplierUrl, tell, text, visibleProject,
} from './common';
import { comparison, loadLines } from './comparison';
import { boundFlow, lockProject, startApproval } from './project';

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

export async function saveQuotation(tx: Tx, ctx: AuthedContext) {
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
    if (mine.version !== expectedVersion(data.version)) throw conflict();
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

export async function quotationView(tx: Tx, ctx: AuthedContext, id: unknown) {
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
    .where(eq(srmQuotation.id, recordId(id)));
  if (!q) throw notFound();
  const me = ctx.session.clientId;
  if (q.client_id !== me && q.brand_client_id !== me) throw notFound();
  const [p] = (await tx.select({ code: srm_project.code, name: srm_project.name }).from(srm_project).where(eq(srm_project.id, q.project_id))) as Array<{
    code: string | null;
    name: string | null;
  }>;
  return { ...q, project_code: p?.code ?? null, project_name: p?.name ?? null, lines: await loadLines(tx, [q.id]) };
}

export async function postQuotation(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [mine] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, recordId(data.id)), eq(srmQuotation.clientId, ctx.session.clientId)));
  if (!mine) throw notFound();
  const p = await visibleProject(tx, mine.projectId);
  await asSupplier(tx, ctx, p);
  if (mine.version !== expectedVersion(data.version)) throw conflict();
  const tr = docTransition(QUOTATION_TRANSITIONS, 'post')!;
  if (!tr.from.includes(mine.status)) throw bad(ctx, 'srm.quotationPosted');
  if (p.inquiry_status !== INQUIRY_STATUS.QUOTING) throw bad(ctx, 'srm.inquiryClosed');
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from srm_quotation_line where quotation_id = ${mine.id}`);
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
export async function selectQuotation(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const [q] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, recordId(data.id)), eq(srmQuotation.brandClientId, ctx.session.clientId)));
  if (!q) throw notFound();
  const p = await ownProject(tx, ctx, q.projectId);
  await lockProject(tx, p);
  if (q.version !== expectedVersion(data.version)) throw conflict();
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
export async function award(tx: Tx, who: Who, q: Quotation, p: Project): Promise<void> {
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

export async function stopQuotation(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [q] = await tx.select().from(srmQuotation).where(and(eq(srmQuotation.id, recordId(data.id)), eq(srmQuotation.brandClientId, ctx.session.clientId)));
  if (!q) throw notFound();
  await ownProject(tx, ctx, q.projectId);
  if (q.version !== expectedVersion(data.version)) throw conflict();
  const tr = docTransition(QUOTATION_TRANSITIONS, 'stop')!;
  if (!tr.from.includes(q.status)) throw new BizError('engine.badState');
  await tx.update(srmQuotation).set({ status: tr.to, decidedAt: new Date(), version: q.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() }).where(eq(srmQuotation.id, q.id));
  return quotationView(tx, ctx, q.id);
}

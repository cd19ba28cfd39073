// What each side sees: the supplier's view of a project, its inbox, and the quotation and RFI lists.
import { INQUIRY_STATUS, RFI_STATUS } from '@seamline/core';
import { and, BizError, client, eq, isUuid, pageParams, sql, type AuthedContext, type Tx, sqlRows } from '@seamline/server/api';
import { srmInvitation, srmQuotation, srmRfiRecord } from '../schema';
import { type Row, companyName, forbiddenMsg, projectItems, projectQuestions, visibleProject } from './common';
import { loadLines } from './comparison';

// --- the supplier's view of a project -------------------------------------------------------------

export async function supplierView(tx: Tx, ctx: AuthedContext, projectId: unknown) {
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

// --- lists ------------------------------------------------------------------------------------

interface PageReq {
  page: number;
  size: number;
}
const pageOf = (ctx: AuthedContext): PageReq => pageParams(ctx.query, { maxSize: 200 });
function filtersOf(ctx: AuthedContext): Row {
  try {
    return typeof ctx.query.q === 'string' && ctx.query.q ? (JSON.parse(ctx.query.q) as Row) : {};
  } catch {
    throw new BizError('http.badRequest');
  }
}
const likeText = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Projects of other companies the caller can see (invited or public), with its own answers' states. */
export async function inboxPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [sql`p.client_id <> ${me}`];
  if (q.mode === 'rfi') conds.push(sql`p.rfi_status <> 'none'`);
  if (q.mode === 'rfq') conds.push(sql`p.publish_stage <> '0'`);
  if (q.name) conds.push(sql`(p.name ilike ${likeText(q.name)} or p.code ilike ${likeText(q.name)})`);
  const where = sql.join(conds, sql` and `);
  const list = await sqlRows<Row>(
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
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from srm_project p where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

/** Quotations: the caller's own (side 'mine') or those received for its projects (side 'received'). */
export async function quotationPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [q.side === 'received' ? sql`qt.brand_client_id = ${me}` : sql`qt.client_id = ${me}`];
  if (q.project_id && isUuid(q.project_id)) conds.push(sql`qt.project_id = ${q.project_id}`);
  if (typeof q.status === 'string' && q.status) conds.push(sql`qt.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const list = await sqlRows<Row>(
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
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from srm_quotation qt where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

/** RFI records: received for the caller's projects (brand) or its own (supplier, side 'mine'). */
export async function rfiPage(tx: Tx, ctx: AuthedContext) {
  const { page, size } = pageOf(ctx);
  const q = filtersOf(ctx);
  const me = ctx.session.clientId;
  const conds = [q.side === 'mine' ? sql`r.client_id = ${me}` : sql`r.brand_client_id = ${me}`];
  if (q.project_id && isUuid(q.project_id)) conds.push(sql`r.project_id = ${q.project_id}`);
  if (typeof q.status === 'string' && q.status) conds.push(sql`r.status = ${q.status}`);
  const where = sql.join(conds, sql` and `);
  const list = await sqlRows<Row>(
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
  const [{ n }] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from srm_rfi_record r where ${where}`);
  return { rows: list, total: Number(n), page, size };
}

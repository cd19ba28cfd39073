// Comparison of the posted quotations of a project, with each supplier's evaluation score.
import { compareDec } from '@seamline/core';
import { and, asc, client, desc, eq, inArray, type AuthedContext, type Tx } from '@seamline/server/api';
import { runningAction } from '../../../flow/server';
import { md_vendor } from '../../../masterdata/server/schema';
import { srm_supplier_eval, srm_admission_eval, srmQuotation, srmQuotationLine, srmQuotationTier } from '../schema';
import { PROJECT_ENTITY, ownProject, projectItems } from './common';

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

export async function comparison(tx: Tx, ctx: AuthedContext, projectId: unknown) {
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

export async function loadLines(tx: Tx, quotationIds: string[]): Promise<LineOut[]> {
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

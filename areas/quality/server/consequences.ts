// What an inspection result sets off (issue 25; docs/quality.md 'The exception ticket', 'Vendor
// KPI'): a failure opens an exception ticket of the brand against the factory, carrying the defects,
// their photos and the penalty / deduction the brand preset on the booking (QF-03); every result
// feeds the vendor's KPI of its month (QF-07).
//
// A ticket is its opener's row (the brand's), and the failing `finish` runs in the inspector's
// tenant (an inspection company, or the factory itself), which may not write the brand's rows. So
// the ticket is opened in a transaction of the brand's own tenant: at once when the brand is the
// inspector, otherwise right after the inspector's step commits. Opening is idempotent (the
// inspection names its ticket, under a row lock), and every later brand step on the failed
// inspection (re-inspection, override) opens it too if the first attempt was lost (a crash between
// the two commits).
import { compareDec, divDec, mulDec, roundDec, t } from '@seamline/core';
import { asc, eq, sql, type Db, type Row, type Tx } from '@seamline/server/api';
import { refreshVendorKpis, type KpiSource } from '../../capacity/server';
import { openTicketFor } from '../../ticket/server';
import { defectLabel, DEFECT_CLASS_OPTIONS, INSPECTION_TYPES } from '../meta';
import { qc_inspection, qc_inspection_defects } from './schema';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const label = (options: { value: string; label: { en: string; zh: string } }[], v: unknown, lang: 'en' | 'zh') =>
  options.find((o) => o.value === v)?.label[lang] ?? String(v ?? '');

/** The ticket's text, in both languages (the two companies may read different ones). */
function describe(row: Row, defects: Row[]): { title: string; description: string } {
  const lines = (lang: 'en' | 'zh') => {
    const head = t(lang, 'quality.ticket.head', {
      code: String(row.code),
      type: label(INSPECTION_TYPES, row.inspection_type, lang),
      order: String(row.order_code),
      critical: Number(row.critical_count ?? 0),
      major: Number(row.major_count ?? 0),
      minor: Number(row.minor_count ?? 0),
      sampled: Number(row.sampled_qty ?? 0),
    });
    const list = defects.map((d) => {
      const name = defectLabel(row.catalogue, d.defect_code)?.[lang] ?? String(d.defect_code);
      return `- ${label(DEFECT_CLASS_OPTIONS, d.defect_class, lang)} · ${d.defect_code} ${name} × ${d.qty}${d.note ? ` (${d.note})` : ''}`;
    });
    return [head, ...list].join('\n');
  };
  const description = `${lines('en')}\n\n${lines('zh')}`;
  // The ticket's description holds at most 2 000 characters: a long list is cut, the photos stay whole.
  return {
    title: t('en', 'quality.ticket.title', { code: String(row.code), order: String(row.order_code) }) + ' / ' + t('zh', 'quality.ticket.title', { code: String(row.code), order: String(row.order_code) }),
    description: description.length > 2000 ? `${description.slice(0, 1997)}...` : description,
  };
}

/** Storage keys of the defects' photos ('/files/<key>' as the image upload answers). */
const photoKeys = (defects: Row[]): string[] =>
  [...new Set(defects.flatMap((d) => (Array.isArray(d.photos) ? (d.photos as string[]) : [])).map((p) => p.replace(/^\/files\//, '')))].slice(0, 9);

/**
 * In the BRAND's tenant: opens the failed inspection's exception ticket unless it has one.
 * Returns the ticket's id (new or existing), or null when the inspection is not failed.
 */
export async function ensureFailureTicket(tx: Tx, inspectionId: string): Promise<string | null> {
  const [row] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, inspectionId)).for('update')) as Row[];
  if (!row || row.result !== 'FAIL') return null;
  if (row.ticket_id) return String(row.ticket_id);
  const defects = (await tx.select().from(qc_inspection_defects).where(eq(qc_inspection_defects.parent_id, inspectionId)).orderBy(asc(qc_inspection_defects.seq))) as Row[];
  const { title, description } = describe(row, defects);
  const opener = { clientId: String(row.client_id), userId: String(row.created_by) };
  const ticket = await openTicketFor(
    tx,
    opener,
    'en',
    { title, description, design_no: String(row.order_code).slice(0, 50), tags: ['QC', String(row.code).slice(0, 30)], counterpart_client_id: row.factory_client_id, is_public: true },
    {
      penalty_result: (row.penalty_result as string | null) ?? null,
      deduction_amount: (row.deduction_amount as string | null) ?? null,
      deduction_ratio: (row.deduction_ratio as string | null) ?? null,
      deduction_type: (row.deduction_type as string | null) ?? null,
      comment: t('en', 'quality.ticket.photos', { code: String(row.code) }) + ' / ' + t('zh', 'quality.ticket.photos', { code: String(row.code) }),
      photos: photoKeys(defects),
    },
  );
  // The brand's own row (the party guard lets the owner write it). Not a new version: the link is no
  // party's edit, and a party holding the failed inspection's version must still be able to act on
  // it; the screens refetch on the QC_CHANGED sent once it is open.
  await tx.execute(sql`update ${qc_inspection} set ticket_id = ${ticket.id}, ticket_code = ${ticket.code} where id = ${inspectionId}`);
  return ticket.id;
}

/**
 * In the BRAND's tenant, once an inspection has its result: a failure's ticket (above) and the
 * vendor KPI of the inspection's month computed again (QF-07). Idempotent.
 */
export async function brandConsequences(tx: Tx, inspectionId: string): Promise<string | null> {
  const ticketId = await ensureFailureTicket(tx, inspectionId);
  const [row] = (await tx.select().from(qc_inspection).where(eq(qc_inspection.id, inspectionId))) as Row[];
  if (row?.result && row.factory_client_id && row.inspection_date) {
    const day = row.inspection_date instanceof Date ? row.inspection_date.toISOString().slice(0, 10) : String(row.inspection_date).slice(0, 10);
    await refreshVendorKpis(tx, String(row.client_id), String(row.factory_client_id), day);
  }
  return ticketId;
}

/** After the inspector's commit: the brand's tenant draws the consequences (a failure is logged; the brand's next step retries). */
export function brandConsequencesLater(db: Db, brandId: string, inspectionId: string, after?: (ticketId: string | null) => void): void {
  void db.withTenant(brandId, (tx) => brandConsequences(tx, inspectionId)).then(
    (id) => after?.(id),
    (err) => console.error(`quality: the consequences of inspection ${inspectionId} (ticket, vendor KPI) could not be drawn`, err),
  );
}

/**
 * The quality figures of a vendor's period for its KPI (capacity's registry): first-pass yield of
 * the final inspections (passed at the first attempt, a brand's override still counts as failed),
 * defects per 100 pieces inspected over every finished inspection, their number. The quality rate
 * the KPI score weighs becomes the first-pass yield when there was a final inspection.
 */
export const qualityKpiSource: KpiSource = async (tx, q) => {
  if (!q.supplierClientId) return null;
  const [r] = rowsOf<{ finals: number; passed: number; n: number; defects: string; sampled: string }>(
    await tx.execute(sql`select count(*) filter (where inspection_type = 'FINAL')::int as finals,
        count(*) filter (where inspection_type = 'FINAL' and result = 'PASS')::int as passed,
        count(*)::int as n,
        coalesce(sum(coalesce(critical_count, 0) + coalesce(major_count, 0) + coalesce(minor_count, 0)), 0)::text as defects,
        coalesce(sum(sampled_qty), 0)::text as sampled
      from ${qc_inspection}
      where client_id = ${q.clientId} and factory_client_id = ${q.supplierClientId} and result in ('PASS', 'FAIL')
        and inspection_date >= ${q.from}::date and inspection_date < ${q.to}::date`),
  );
  if (!r || r.n === 0) return null;
  const fpy = r.finals > 0 ? roundDec(divDec(mulDec(String(r.passed), '100'), String(r.finals), 8) ?? '0', 4) : null;
  const per100 = compareDec(r.sampled, '0') > 0 ? roundDec(divDec(mulDec(r.defects, '100'), r.sampled, 8) ?? '0', 4) : null;
  return { first_pass_yield: fpy, quality_rate: fpy, defects_per_100: per100, inspections: r.n };
};

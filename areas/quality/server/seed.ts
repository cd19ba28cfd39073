// Demo data of the quality area: on the orders Demo Brand Co. placed on Demo Garment Factory, a
// final inspection passed by the inspection company, a final inspection the factory inspected
// itself that failed (the order's shipment is blocked), and a pre-final one booked by the brand's
// QA. Plans come from ./inspections.ts (sampling.ts), verdicts from the recorded defects.
// Idempotent: nothing is written when the brand already has inspections.
import { verdict, type ClassPlans } from '../meta';
import { client, eq, inArray, sql, type Tx } from '@seamline/server/api';
import { plansFor } from './inspections';
import { qc_inspection, qc_inspection_defects, qc_inspection_lines, qc_inspection_readings } from './schema';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

interface DemoInspection {
  order: string;
  code: string;
  type: string;
  party: 'BRAND' | 'FACTORY' | 'COMPANY';
  days: number;
  status: 'BOOKED' | 'DONE';
  defects?: { code: string; cls: 'critical' | 'major' | 'minor'; qty: number; note: string }[];
  comment?: string;
}

const DEMO: DemoInspection[] = [
  {
    order: 'SO-2026-001', code: 'QC-DEMO-001', type: 'FINAL', party: 'COMPANY', days: -2, status: 'DONE',
    defects: [
      { code: 'STAIN', cls: 'major', qty: 2, note: 'Oil spot on left front / 左前片油渍' },
      { code: 'THREAD', cls: 'minor', qty: 3, note: 'Untrimmed threads at hem / 下摆线头' },
    ],
    comment: 'Within AQL; packing as approved. / 在AQL范围内，包装符合确认样。',
  },
  {
    order: 'SO-2026-002', code: 'QC-DEMO-002', type: 'FINAL', party: 'FACTORY', days: -1, status: 'DONE',
    defects: [
      { code: 'SEAM-OPEN', cls: 'major', qty: 4, note: 'Side seam open / 侧缝开线' },
      { code: 'SHADE', cls: 'major', qty: 3, note: 'Sleeve shading vs body / 袖子与大身色差' },
      { code: 'LABEL', cls: 'minor', qty: 2, note: 'Care label crooked / 洗水唛歪斜' },
    ],
    comment: 'Major defects over the rejection number. / 严重缺陷超过拒收数。',
  },
  { order: 'SO-2026-003', code: 'QC-DEMO-003', type: 'PRE_FINAL', party: 'BRAND', days: 7, status: 'BOOKED' },
];

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedQuality(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, code: client.code, name: client.name }).from(client).where(inArray(client.code, ['DEMO_BRAND', 'DEMO_GARMENT', 'DEMO_INSPECT']));
  const id = (code: string) => companies.find((c) => c.code === code);
  const brand = id('DEMO_BRAND');
  const factory = id('DEMO_GARMENT');
  const inspect = id('DEMO_INSPECT');
  if (!brand || !factory || !inspect) return;
  const [any] = await tx.select({ id: qc_inspection.id }).from(qc_inspection).where(eq(qc_inspection.client_id, brand.id)).limit(1);
  if (any) return;
  for (const d of DEMO) {
    const [order] = rowsOf<{ id: string }>(await tx.execute(sql`select id from ord_customer_order where client_id = ${factory.id} and buyer_client_id = ${brand.id} and code = ${d.order}`));
    if (!order) continue;
    const lines = rowsOf<{ style_code: string; colour: string; size: string; qty: string }>(
      await tx.execute(sql`select style_code, colour, size, round(qty)::text as qty from ord_customer_order_lines where parent_id = ${order.id} order by seq`),
    );
    const lot = lines.reduce((n, l) => n + Number(l.qty), 0);
    const { plans, sampleSize, codeLetter } = plansFor(lot, { level: 'II', aql_critical: '0', aql_major: '2.5', aql_minor: '4.0' }, 'en');
    const inspector = d.party === 'BRAND' ? brand : d.party === 'FACTORY' ? factory : inspect;
    const counts = { critical: 0, major: 0, minor: 0 };
    for (const x of d.defects ?? []) counts[x.cls] += x.qty;
    const v = d.status === 'DONE' ? verdict(plans as ClassPlans, counts) : null;
    const [row] = await tx
      .insert(qc_inspection)
      .values({
        client_id: brand.id, code: d.code, inspection_type: d.type, customer_order_id: order.id, order_code: d.order,
        factory_client_id: factory.id, factory_name: factory.name, brand_name: brand.name, inspector_party: d.party,
        inspector_client_id: inspector.id, inspector_name: inspector.name, inspection_date: day(d.days), level: 'II',
        aql_critical: '0', aql_major: '2.5', aql_minor: '4.0', lot_size: String(lot), code_letter: codeLetter, sample_size: sampleSize, plans,
        sampled_qty: v ? sampleSize : 0, critical_count: counts.critical, major_count: counts.major, minor_count: counts.minor,
        result: v ? (v.pass ? 'PASS' : 'FAIL') : null, comment: d.comment ?? null,
        status: v ? (v.pass ? 'PASSED' : 'FAILED') : 'BOOKED', version: 1,
      } as never)
      .returning({ id: qc_inspection.id });
    const parent = row!.id;
    await tx.insert(qc_inspection_lines).values(lines.map((l, seq) => ({ client_id: brand.id, parent_id: parent, seq, ...l })) as never);
    if (d.defects?.length) {
      await tx.insert(qc_inspection_defects).values(
        d.defects.map((x, seq) => ({ client_id: brand.id, parent_id: parent, seq, defect_code: x.code, defect_class: x.cls, qty: x.qty, photos: [], note: x.note })) as never,
      );
    }
    if (v) {
      // Chest width (cm) of three pieces of size M, spec 52 ± 1: the third is out of tolerance.
      const measured = ['52.3000', '51.6000', '53.4000'];
      await tx.insert(qc_inspection_readings).values(
        measured.map((m, seq) => ({
          client_id: brand.id, parent_id: parent, seq, point: 'Chest width / 胸宽', size: 'M', piece: seq + 1, spec: '52.0000', tolerance: '1.0000', measured: m,
          out_of_tolerance: Math.abs(Number(m) - 52) > 1,
        })) as never,
      );
    }
  }
}

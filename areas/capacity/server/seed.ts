// Demo capacity data at Demo Brand Co.: three capacity groups, vendor settings for the demo
// factory and mill (both on the platform), KPIs, six weeks of capacity filled by the factory and
// the mill for the brand (from next week on, so the demo never goes stale), demand over those
// weeks, and version 1 of the allocation published (run by the engine). Idempotent: nothing is
// added once the brand has a capacity group. Plain inserts (no engine round trip) keep it fast.
import { client, eq, inArray, sql, type Tx } from '@seamline/server/api';
import { solveAllocation } from '../meta/allocation';
import { ALLOC, VERSION } from '../meta/fields';
import { addWeeks, weekOf } from '../meta/weeks';
import { insertLines, loadInput, namesOf } from './allocation';
import { capacityFigures, kpiScore, rows } from './hooks';
import { cap_capacity_group, cap_demand, cap_demand_allocation, cap_vendor_capacity, cap_vendor_kpi, cap_vendor_setting, cap_vendor_setting_groups } from './schema';

const BRAND = 'Demo Brand Co.';
const FACTORY = 'Demo Garment Factory';
const MILL = 'Demo Fabric Mill';

const GROUPS = [
  { code: 'KNIT-TOP', name: '针织上衣', description: 'T 恤、POLO 衫与卫衣（单面与双面针织）' },
  { code: 'WOVEN-SHIRT', name: '梭织衬衫', description: '府绸与牛津纺衬衫' },
  { code: 'DENIM', name: '牛仔下装', description: '牛仔裤与牛仔短裤' },
];

/** Vendor code → lead time and groups served (min/max share %). */
const SETTINGS = [
  { vendor: 'V1001', lead: 1, groups: [{ code: 'KNIT-TOP', min: '0', max: '80' }, { code: 'WOVEN-SHIRT', min: '0', max: '100' }] },
  { vendor: 'V1002', lead: 1, groups: [{ code: 'KNIT-TOP', min: '10', max: '60' }] },
];

const KPIS = [
  { vendor: 'V1001', period: '2026-10', on_time_rate: '92', quality_rate: '96', price_score: '80' },
  { vendor: 'V1002', period: '2026-10', on_time_rate: '85', quality_rate: '90', price_score: '88' },
];

/** Supplier company → group → operators per week (the same six weeks). */
const CAPACITY = [
  { company: FACTORY, group: 'KNIT-TOP', operators: 40, booked: '20000', smv: '12' },
  { company: FACTORY, group: 'WOVEN-SHIRT', operators: 30, booked: '10000', smv: '22' },
  { company: MILL, group: 'KNIT-TOP', operators: 20, booked: '0', smv: '12' },
];

/** Demand: style, group, pieces, SMV, due week as an offset from next week. */
const DEMAND = [
  { no: 'DM-0001', style: 'KT-1001', group: 'KNIT-TOP', qty: 4000, smv: '11.5', due: 2 },
  { no: 'DM-0002', style: 'KT-1002', group: 'KNIT-TOP', qty: 3000, smv: '13.2', due: 3 },
  { no: 'DM-0003', style: 'KT-1003', group: 'KNIT-TOP', qty: 5000, smv: '12', due: 5 },
  { no: 'DM-0004', style: 'WS-2001', group: 'WOVEN-SHIRT', qty: 1500, smv: '24.5', due: 3 },
  { no: 'DM-0005', style: 'WS-2002', group: 'WOVEN-SHIRT', qty: 2000, smv: '21', due: 5 },
  { no: 'DM-0006', style: 'KT-1004', group: 'KNIT-TOP', qty: 2500, smv: '10.8', due: 6 },
];

export async function seedCapacity(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name }).from(client).where(inArray(client.name, [BRAND, FACTORY, MILL]));
  const id = (name: string) => companies.find((c) => c.name === name)?.id;
  const brand = id(BRAND);
  if (!brand) return;
  if ((await tx.select({ id: cap_capacity_group.id }).from(cap_capacity_group).where(eq(cap_capacity_group.client_id, brand)).limit(1)).length) return;

  const groups = (await tx
    .insert(cap_capacity_group)
    .values(GROUPS.map((g) => ({ client_id: brand, ...g, status: 'active' })))
    .returning({ id: cap_capacity_group.id, code: cap_capacity_group.code })) as Array<{ id: string; code: string }>;
  const groupId = (code: string) => groups.find((g) => g.code === code)!.id;
  const vendors = await rows<{ id: string; code: string }>(tx, sql`select id, code from md_vendor where client_id = ${brand} and code in ('V1001', 'V1002')`);
  const vendorId = (code: string) => vendors.find((v) => v.code === code)?.id;

  for (const s of SETTINGS) {
    const v = vendorId(s.vendor);
    if (!v) continue;
    const [row] = (await tx
      .insert(cap_vendor_setting)
      .values({ client_id: brand, vendor_id: v, lead_time_weeks: s.lead, status: 'active', applies: true })
      .returning({ id: cap_vendor_setting.id })) as Array<{ id: string }>;
    await tx.insert(cap_vendor_setting_groups).values(
      s.groups.map((g, seq) => ({ client_id: brand, parent_id: row.id, seq, capacity_group_id: groupId(g.code), min_share: g.min, max_share: g.max })),
    );
  }
  for (const k of KPIS) {
    const v = vendorId(k.vendor);
    if (!v) continue;
    const { vendor: _code, ...values } = k;
    await tx.insert(cap_vendor_kpi).values({ client_id: brand, vendor_id: v, ...values, total_score: kpiScore(values) });
  }

  const first = addWeeks(weekOf(new Date()), 1);
  const weeks = [0, 1, 2, 3, 4, 5].map((n) => addWeeks(first, n));
  const capacityRows = CAPACITY.flatMap((c) => {
    const supplier = id(c.company);
    if (!supplier) return [];
    return weeks.map((week) => {
      const figures = { operators: String(c.operators), minutes_per_day: '480', work_days: '5', efficiency: '85', booked_minutes: c.booked, avg_smv: c.smv };
      return {
        client_id: supplier,
        brand: BRAND,
        brand_client_id: brand,
        group_code: c.group,
        group_name: GROUPS.find((g) => g.code === c.group)!.name,
        week,
        ...figures,
        operators: c.operators,
        ...capacityFigures(figures),
      };
    });
  });
  if (capacityRows.length) await tx.insert(cap_vendor_capacity).values(capacityRows);

  await tx.insert(cap_demand).values(
    DEMAND.map((d) => ({
      client_id: brand,
      demand_no: d.no,
      style_no: d.style,
      capacity_group_id: groupId(d.group),
      quantity: d.qty,
      smv: d.smv,
      due_week: addWeeks(first, d.due),
      status: ALLOC.NOT_RECEIVED,
    })),
  );

  // Version 1, run by the engine and published.
  const loaded = await loadInput(tx, brand, first);
  const result = solveAllocation(loaded.input);
  const [version] = (await tx
    .insert(cap_demand_allocation)
    .values({ client_id: brand, version_no: 1, title: '初始计划', start_week: first, status: VERSION.PUBLISHED, objective: String(result.objective), published_at: new Date() })
    .returning({ id: cap_demand_allocation.id })) as Array<{ id: string }>;
  await insertLines(tx, { clientId: brand, userId: null }, version.id, await namesOf(tx, brand, loaded), result.cells, ALLOC.ALLOCATED);
}

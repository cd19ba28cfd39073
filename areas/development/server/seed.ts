// Demo data of style development for Demo Brand Co. (fast: plain inserts, graded and projected
// with the same pure functions the server uses): season SS26 with a range plan, a colour library,
// a size range, a trend, two styles with colourways and composition, a BOM with tier prices, a
// graded chart (also a template), a follow-node config, a PO with its T&A plan, a fit sample at
// the demo factory (measured, one point out of tolerance) and a submitted quote. Idempotent.
import { appUser, client, eq, sql, type Tx } from '@seamline/server/api';
import { addDays, gradePoint, parseIncrements, planDates, quotePrice, reproject } from '../meta';
import { rows } from './db';
import * as t from './schema';

const BRAND = 'Demo Brand Co.';
const FACTORY = 'Demo Garment Factory';

const COLOURS = [
  { code: 'NAVY', name_en: 'Navy', name_zh: '藏青', reference: '19-4024 TCX', hex: '#1F2A44' },
  { code: 'WHITE', name_en: 'Optic white', name_zh: '漂白', reference: '11-0601 TCX', hex: '#F4F5F0' },
  { code: 'RED', name_en: 'Chilli red', name_zh: '辣椒红', reference: '18-1664 TCX', hex: '#B0302C' },
  { code: 'SAGE', name_en: 'Sage', name_zh: '鼠尾草绿', reference: '15-6317 TCX', hex: '#9CAF88' },
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const POINTS = [
  { pom_code: 'A', description: '胸宽（袖窿下 1 cm）', tol_plus: '1', tol_minus: '1', critical: true, base_value: '52', grade_rule: '2' },
  { pom_code: 'B', description: '衣长（肩颈点起量）', tol_plus: '1', tol_minus: '1', critical: true, base_value: '70', grade_rule: '1.5, 1.5, 2, 2' },
  { pom_code: 'C', description: '袖长（肩点起量）', tol_plus: '0.5', tol_minus: '0.5', critical: false, base_value: '20', grade_rule: '0.5' },
  { pom_code: 'D', description: '领宽（缝至缝）', tol_plus: '0.5', tol_minus: '0.5', critical: false, base_value: '18', grade_rule: '0.5' },
];
// The brand works in Chinese, so its T&A nodes are named in Chinese (issue 23).
const NODES = [
  { node_code: 'FABRIC', node_name: '面料到厂', offset_days: -45, owner_role: 'BUYER', depends_on: '' },
  { node_code: 'PPS', node_name: '产前样确认', offset_days: -40, owner_role: 'BUYER', depends_on: '' },
  { node_code: 'CUT', node_name: '裁剪', offset_days: -30, owner_role: 'BUYER', depends_on: 'FABRIC, PPS' },
  { node_code: 'SEW', node_name: '缝制', offset_days: -20, owner_role: 'BUYER', depends_on: 'CUT' },
  { node_code: 'PACK', node_name: '包装', offset_days: -7, owner_role: 'BUYER', depends_on: 'SEW' },
  { node_code: 'SHIP', node_name: '出厂', offset_days: 0, owner_role: 'BUYER', depends_on: 'PACK' },
];

export async function seedDevelopment(tx: Tx): Promise<void> {
  const [brand] = await tx.select({ id: client.id }).from(client).where(eq(client.name, BRAND));
  const [factory] = await tx.select({ id: client.id }).from(client).where(eq(client.name, FACTORY));
  if (!brand || !factory) return;
  const c = brand.id;
  if ((await rows(tx, sql`select 1 from plm_season where client_id = ${c} limit 1`)).length) return;
  const [buyer] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'brand.buyer'));
  const by = buyer?.id ?? null;
  const ins = async (table: any, values: any) => (await tx.insert(table).values(values).returning()) as any[];
  const kids = (parent: string, list: any[]) => list.map((r, seq) => ({ client_id: c, parent_id: parent, seq, ...r }));

  const [season] = await ins(t.plm_season, { client_id: c, code: 'SS26', name: '2026 春夏', year: 2026, start_date: '2026-02-01', end_date: '2026-07-31', target_styles: 24, target_revenue: '1800000', currency: 'CNY' });
  await ins(t.plm_season_range_plan, kids(season.id, [
    { category: '上衣', price_band: 'CORE', target_styles: 10, target_qty: '12000', target_price: '199' },
    { category: '上衣', price_band: 'PREMIUM', target_styles: 4, target_qty: '2500', target_price: '399' },
    { category: '下装', price_band: 'CORE', target_styles: 6, target_qty: '6000', target_price: '299' },
    { category: '连衣裙', price_band: 'PREMIUM', target_styles: 4, target_qty: '1800', target_price: '459' },
  ]));
  const colours = await ins(t.plm_colour, COLOURS.map((x) => ({ client_id: c, ...x })));
  const colour = (code: string) => colours.find((x) => x.code === code).id as string;
  const [range] = await ins(t.plm_size_range, { client_id: c, code: 'TOPS-W', name: '女装上衣 XS-XL', base_size: 'M' });
  await ins(t.plm_size_range_sizes, kids(range.id, SIZES.map((size_code) => ({ size_code }))));
  await ins(t.plm_trend, { client_id: c, title: '水洗工装风', season_id: season.id, image: '/plm/trend-utility.svg', tags: '工装, 水洗, 鼠尾草绿', source: 'SS26 面料展' });

  const [tee] = await ins(t.plm_style, {
    client_id: c, code: 'ST-1001', name: '宽松针织 T 恤', season_id: season.id, category: '上衣', size_range_id: range.id, target_price: '38.5', currency: 'CNY', image: '/plm/st-1001.svg',
    fibre_1: 'COTTON', percent_1: '95', fibre_2: 'ELASTANE', percent_2: '5', status: 'development', created_by: by,
  });
  await ins(t.plm_style_colourways, kids(tee.id, [{ colour_id: colour('NAVY') }, { colour_id: colour('WHITE') }]));
  const [shirt] = await ins(t.plm_style, {
    client_id: c, code: 'ST-1002', name: '府绸古巴领衬衫', season_id: season.id, category: '上衣', size_range_id: range.id, target_price: '62', currency: 'CNY',
    fibre_1: 'COTTON', percent_1: '100', status: 'draft', created_by: by,
  });
  await ins(t.plm_style_colourways, kids(shirt.id, [{ colour_id: colour('SAGE') }, { colour_id: colour('RED') }]));

  const materials = await rows<{ id: string; code: string }>(tx, sql`select id, code from md_material where client_id = ${c} order by code limit 3`);
  if (materials.length >= 2) {
    const [bom] = await ins(t.plm_bom, { client_id: c, code: 'BOM-ST-1001', style_id: tee.id, name: '大货 BOM', currency: 'CNY', order_qty: '1200', status: '10' });
    await ins(t.plm_bom_lines, kids(bom.id, [
      { material_id: materials[0].id, placement: '大身', consumption: '1.35', wastage_pct: '4', unit: 'M', price: '19.2', currency: 'CNY' },
      { material_id: materials[1].id, colour_id: colour('NAVY'), placement: '领罗纹', consumption: '0.08', wastage_pct: '3', unit: 'M', price: '32.8', currency: 'CNY' },
      { material_id: materials[1].id, colour_id: colour('WHITE'), placement: '领罗纹', consumption: '0.08', wastage_pct: '3', unit: 'M', price: '30.5', currency: 'CNY' },
    ]));
    // One BOM in each other activation state, so the list shows all four colours (STY-04).
    for (const [code, style, status] of [['BOM-ST-1001-PROTO', tee.id, '40'], ['BOM-ST-1001-V0', tee.id, '100'], ['BOM-ST-1002', shirt.id, '0']] as const) {
      const [other] = await ins(t.plm_bom, { client_id: c, code, style_id: style, name: code.endsWith('PROTO') ? '原型 BOM' : '核价 BOM', currency: 'CNY', status });
      await ins(t.plm_bom_lines, kids(other.id, [{ material_id: materials[0].id, placement: '大身', consumption: '1.4', wastage_pct: '5', unit: 'M', price: '19.2', currency: 'CNY' }]));
    }
    await ins(t.plm_bom_tiers, kids(bom.id, [
      { material_id: materials[0].id, level: 1, min_qty: '1000', price: '18.6' },
      { material_id: materials[0].id, level: 2, min_qty: '5000', price: '17.9' },
    ]));
  }

  const graded = (p: (typeof POINTS)[number]) => gradePoint(SIZES, 'M', p.base_value, parseIncrements(p.grade_rule), '0.1');
  for (const [code, style, template] of [['MC-TEMPLATE-TOPS', null, true], ['MC-ST-1001', tee.id, false]] as const) {
    const [chart] = await ins(t.plm_measurement_chart, { client_id: c, code, name: template ? '女装上衣模板' : 'ST-1001 试身', style_id: style, size_range_id: range.id, unit: 'cm', rounding: '0.1', is_template: template, sizes: { sizes: SIZES, base: 'M' } });
    await ins(t.plm_measurement_chart_points, kids(chart.id, POINTS.map((p) => ({ ...p, graded: graded(p) }))));
  }

  const [config] = await ins(t.plm_follow_node_config, { client_id: c, code: 'TA-STD', name: '成衣标准 T&A', basis: 'DELIVERY' });
  await ins(t.plm_follow_node_config_nodes, kids(config.id, NODES));
  const todayDay = new Date().toISOString().slice(0, 10);
  const delivery = addDays(todayDay, 60);
  const [po] = await ins(t.plm_po_tracking, { client_id: c, po_no: 'PO-2026-0001', style_id: tee.id, qty: '1200', unit_price: '52', currency: 'CNY', order_date: addDays(todayDay, -20), delivery_date: delivery, status: 'open' });
  const planned = planDates(NODES, delivery);
  const projected = reproject(planned, todayDay);
  const [plan] = await ins(t.plm_node_following, { client_id: c, code: 'TA-PO-2026-0001', po_id: po.id, order_ref: po.po_no, config_id: config.id, basis_date: delivery, late_nodes: 0 });
  await ins(t.plm_node_following_nodes, kids(plan.id, planned.map((n, i) => ({
    node_code: n.node_code, node_name: n.node_name, owner_role: n.owner_role, depends_on: n.depends_on, planned_date: n.planned_date,
    projected_date: projected[i].projected_date, state: projected[i].state, critical: projected[i].critical,
  }))));

  // A fit sample at the factory, measured: point B is 2 cm long (tolerance ±1), so it shows out of tolerance.
  const [sample] = await rows(tx, sql`insert into plm_sample (client_id, supplier_client_id, code, style_id, style_code, style_name, sample_type, size_code, unit, due_date, status, created_by, updated_by, answered_at)
    values (${c}, ${factory.id}, 'SMP2601-0001', ${tee.id}, 'ST-1001', '宽松针织 T 恤', 'fit', 'M', 'cm', ${addDays(todayDay, 7)}, 'measured', ${by}, ${by}, now()) returning id`);
  const measured = ['52.5', '72', '20', '18.2'];
  for (const [seq, p] of POINTS.entries()) {
    await tx.execute(sql`insert into plm_sample_point (client_id, supplier_client_id, sample_id, seq, pom_code, description, spec, tol_plus, tol_minus, critical, measured)
      values (${c}, ${factory.id}, ${sample.id}, ${seq}, ${p.pom_code}, ${p.description}, ${p.base_value}, ${p.tol_plus}, ${p.tol_minus}, ${p.critical}, ${measured[seq]})`);
  }
  const costing = { material_cost: '28.4536', labour_cost: '12.5', overhead_cost: '3.2', margin_pct: '12' };
  await tx.execute(sql`insert into plm_quote (client_id, supplier_client_id, code, style_id, style_code, style_name, qty, currency, status, material_cost, labour_cost, overhead_cost, margin_pct, unit_price, tiers, lead_time_days, created_by, updated_by, submitted_at)
    values (${c}, ${factory.id}, 'QT2601-0001', ${tee.id}, 'ST-1001', '宽松针织 T 恤', '1200', 'CNY', 'submitted', ${costing.material_cost}, ${costing.labour_cost}, ${costing.overhead_cost}, ${costing.margin_pct},
            ${quotePrice(costing).price}, ${JSON.stringify([{ level: 1, min_qty: '1000.0000', unit_price: '48.9000' }, { level: 2, min_qty: '3000.0000', unit_price: '47.2000' }])}::jsonb, 45, ${by}, ${by}, now())`);
}

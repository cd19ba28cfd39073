// Materials from the BOM (issue 27): the requirement of an order of 50 styles × 8 colours × 8 sizes
// (3,200 lines) against released BOMs of 25 lines each (100 materials), netted against 10,000
// stock rows (100 bins × 100 materials) and open material orders — `GET scmapi/customer-order/materials`
// on a real server (old harness, in-process), against a bare baseline: the same rows read by the
// same SQL without the arithmetic, the matching and the wire (the ratio is the budget: ≤ 3).
// Also the pure arithmetic (meta/mrp.ts) alone. Data written by plain SQL as the system (fast).
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { sql } from '@seamline/server/api';
import { grossNeed, netNeed, type MrpBomLine, type MrpOrderLine } from '../areas/orders/meta/mrp';
import { ok, party } from '../areas/orders/server/floor/testing';
import { startBenchServer } from './harness';

const STYLES = 50;
const COLOURS = 8;
const SIZES = 8;
const BOM_LINES = 25;
const MATERIALS = 100;
const BINS = 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

function pureInstance(): { lines: MrpOrderLine[]; bom: MrpBomLine[] } {
  const lines: MrpOrderLine[] = [];
  const bom: MrpBomLine[] = [];
  for (let s = 0; s < STYLES; s++) {
    for (let c = 0; c < COLOURS; c++) for (let z = 0; z < SIZES; z++) lines.push({ style_code: `BS-${s}`, colour: `C${c}`, qty: String(50 + ((s * 7 + c * 3 + z) % 200)) });
    for (let b = 0; b < BOM_LINES; b++) {
      const coloured = b % 5 === 4; // every fifth line belongs to one colourway
      bom.push({ style_code: `BS-${s}`, colour_code: coloured ? `C${b % COLOURS}` : null, colour_name_en: null, colour_name_zh: null, material_code: `BM-${(s + b * 4) % MATERIALS}`, material_name: null, consumption: `${(b % 9) + 1}.2345`, wastage_pct: '3.5', unit: 'M' });
    }
  }
  return { lines, bom };
}

export async function benchMrp() {
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  const { lines, bom } = pureInstance();
  const stock = new Map<string, string>();
  for (let i = 0; i < BINS * MATERIALS; i++) stock.set(`BM-${i % MATERIALS}`, String(i % 37));
  const pure: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const { needs } = grossNeed(lines, bom);
    for (const n of needs) netNeed(n.gross, stock.get(n.material_code) ?? '0', '0');
    pure.push(performance.now() - t0);
  }
  console.log(`\n## mrp: ${STYLES} styles × ${COLOURS} colours × ${SIZES} sizes (${lines.length} lines) × BOMs of ${BOM_LINES} lines, ${BINS * MATERIALS} stock rows`);
  console.log(`pure arithmetic (meta/mrp.ts): median of 5 ${median(pure).toFixed(1)} ms (runs ${pure.map((x) => x.toFixed(1)).join(', ')}); load ${load()}`);

  const srv = await startBenchServer('factory.admin');
  try {
    const factory = await party(srv, 'factory.admin');
    const brandId = rowsOf<{ id: string }>(await srv.db.asSystem((tx) => tx.execute(sql`select id from client where name = 'Demo Brand Co.'`)))[0]!.id;
    const orderId = await srv.db.asSystem(async (tx) => {
      const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q));
      const [bv] = await one<{ id: string }>(sql`select id from md_vendor where client_id = ${brandId} limit 1`);
      const [fv] = await one<{ id: string }>(sql`select id from md_vendor where client_id = ${factory.clientId} and code = 'V2001'`);
      const bm = await one<{ id: string; code: string }>(sql`insert into md_material (client_id, code, name, unit, type, vendor_id, status)
        select ${brandId}, 'BM-' || g, 'Bench material ' || g, 'M', 'FABRIC', ${bv!.id}, '10' from generate_series(0, ${MATERIALS - 1}) g returning id, code`);
      const fm = await one<{ id: string; code: string }>(sql`insert into md_material (client_id, code, name, unit, type, vendor_id, status)
        select ${factory.clientId}, 'BM-' || g, 'Bench material ' || g, 'M', 'FABRIC', ${fv!.id}, '10' from generate_series(0, ${MATERIALS - 1}) g returning id, code`);
      const colours = await one<{ id: string; code: string }>(sql`insert into plm_colour (client_id, code, name_en, name_zh, hex)
        select ${brandId}, 'C' || g, 'Colour ' || g, '颜色' || g, '#000000' from generate_series(0, ${COLOURS - 1}) g returning id, code`);
      const mat = new Map(bm.map((m) => [m.code, m.id]));
      const col = new Map(colours.map((c) => [c.code, c.id]));
      for (let s = 0; s < STYLES; s++) {
        const [st] = await one<{ id: string }>(sql`insert into plm_style (client_id, code, name, status) values (${brandId}, ${`BS-${s}`}, 'Bench style', 'approved') returning id`);
        const [b] = await one<{ id: string }>(sql`insert into plm_bom (client_id, code, style_id, currency, status, revision) values (${brandId}, ${`BOM-BS-${s}`}, ${st!.id}, 'CNY', '100', 1) returning id`);
        const mine = bom.filter((l) => l.style_code === `BS-${s}`);
        await tx.execute(sql`insert into plm_bom_lines (client_id, parent_id, seq, material_id, colour_id, consumption, wastage_pct, unit, price, currency) values ${sql.join(
          mine.map((l, i) => sql`(${brandId}, ${b!.id}, ${i}, ${mat.get(l.material_code)!}, ${l.colour_code ? col.get(l.colour_code)! : null}, ${l.consumption}, ${l.wastage_pct}, 'M', '1', 'CNY')`),
          sql`, `,
        )}`);
      }
      const [wh] = await one<{ id: string }>(sql`insert into scm_warehouse (client_id, code, name) values (${factory.clientId}, 'BENCH-MRP', 'Bench') returning id`);
      const bins = await one<{ id: string }>(sql`insert into scm_bin (client_id, warehouse_id, code) select ${factory.clientId}, ${wh!.id}, 'BM-BIN-' || g from generate_series(0, ${BINS - 1}) g returning id`);
      for (const [i, bin] of bins.entries()) {
        await tx.execute(sql`insert into scm_stock (client_id, bin_id, item_key, material_id, quantity) values ${sql.join(
          fm.map((m, j) => sql`(${factory.clientId}, ${bin.id}, ${`M:${m.id}`}, ${m.id}, ${String((i + j) % 37)})`),
          sql`, `,
        )}`);
      }
      const [o] = await one<{ id: string }>(sql`insert into ord_customer_order (client_id, code, buyer_client_id, buyer_name, currency, total_qty, status, version)
        values (${factory.clientId}, 'BENCH-MRP-1', ${brandId}, 'Demo Brand Co.', 'CNY', '0', 'IN_PROGRESS', 1) returning id`);
      for (let k = 0; k < lines.length; k += 800) {
        await tx.execute(sql`insert into ord_customer_order_lines (client_id, parent_id, seq, style_code, colour, size, qty) values ${sql.join(
          lines.slice(k, k + 800).map((l, i) => sql`(${factory.clientId}, ${o!.id}, ${k + i}, ${l.style_code}, ${l.colour}, ${`S${(k + i) % SIZES}`}, ${l.qty})`),
          sql`, `,
        )}`);
      }
      return o!.id;
    });
    const get = () => srv.call('GET', 'scmapi/customer-order/materials', { token: factory.token, query: { id: orderId } });
    const first = ok(await get());
    if (first.lines.length !== MATERIALS) throw new Error(`expected ${MATERIALS} materials, got ${first.lines.length}`);
    // The bare baseline: the same reads in one tenant transaction, no arithmetic, no wire.
    const bare = () =>
      srv.db.withTenant(factory.clientId, async (tx) => {
        await tx.execute(sql`select style_code, colour, qty::text from ord_customer_order_lines where parent_id = ${orderId}`);
        await tx.execute(sql`select * from plm_order_bom_lines(${orderId}::uuid)`);
        await tx.execute(sql`select material_id, sum(quantity)::text from scm_stock where client_id = ${factory.clientId} group by material_id`);
        await tx.execute(sql`select l.material_id, sum(l.qty)::text from ord_material_order_lines l join ord_material_order o on o.id = l.parent_id where o.client_id = ${factory.clientId} group by l.material_id`);
      });
    const full: number[] = [];
    const base: number[] = [];
    for (let r = 0; r < 5; r++) {
      let t0 = performance.now();
      ok(await get());
      full.push(performance.now() - t0);
      t0 = performance.now();
      await bare();
      base.push(performance.now() - t0);
    }
    const ratio = median(full) / median(base);
    console.log(
      `${srv.kind}: GET materials median of 5 ${median(full).toFixed(0)} ms (runs ${full.map((x) => x.toFixed(0)).join(', ')}); bare reads ${median(base).toFixed(0)} ms; ratio ${ratio.toFixed(2)} (budget ≤ 3) → ${ratio <= 3 ? 'OK' : 'OVER'}; load ${load()} (unconfirmed on a loaded machine)`,
    );
  } finally {
    await srv.close();
  }
}

// Stock moves (issue 14): BENCH_STOCK_MOVERS (default 20) movers at once posting
// BENCH_STOCK_MOVES (default 400) moves of 1–6 pieces out of one bin that holds 1,000 (every 10th
// goes back the other way), so demand outruns stock and refusals happen under contention.
// Asserted at the end: no stock below zero, the two bins still hold 1,000 together, the bin's
// stock equals the sum of its ledger rows for every bin and item, and every answer is 200 or the
// refusal 'moved quantity exceeds stock in the bin'.
import { performance } from 'node:perf_hooks';
import { client, idOf, ok, party, type Doc } from '../areas/orders/server/floor/testing';
import { startBenchServer } from './harness';

const MOVERS = Number(process.env.BENCH_STOCK_MOVERS ?? 20);
const MOVES = Number(process.env.BENCH_STOCK_MOVES ?? 400);
const STOCK = 1000;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function benchStock() {
  const srv = await startBenchServer('factory.admin');
  const factory = await party(srv, 'factory.admin');
  const f = client(srv, factory);
  const material = await idOf(srv, 'md_material', factory.clientId, 'code', 'FB-POPLIN');
  const wh = await f.save('warehouse', { code: 'BENCH', name: 'Bench store' });
  const src = await f.save('warehouse-bin', { warehouse_id: wh.id, code: 'BENCH-SRC' });
  const dst = await f.save('warehouse-bin', { warehouse_id: wh.id, code: 'BENCH-DST' });
  const receipt = await f.save('stock-receipt', { lines: [{ material_id: material, to_bin_id: src.id, quantity: String(STOCK) }] });
  ok(await f.post('scmapi/stock-receipt/post', { id: receipt.id, version: receipt.version }));
  const drafts: Doc[] = [];
  for (let i = 0; i < MOVES; i += 1) {
    const back = i % 10 === 9;
    drafts.push(await f.save('stock-move', { lines: [{ material_id: material, from_bin_id: back ? dst.id : src.id, to_bin_id: back ? src.id : dst.id, quantity: String(1 + (i % 6)) }] }));
  }

  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const mover = async () => {
    for (let i = next++; i < drafts.length; i = next++) {
      const d = drafts[i]!;
      const t0 = performance.now();
      const res = await f.post('scmapi/stock-move/post', { id: d.id, version: d.version });
      latencies.push(performance.now() - t0);
      const key = res.status === 200 ? '200' : `${res.status} ${res.body.message}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: MOVERS }, mover));
  const seconds = (performance.now() - started) / 1000;

  const check = ok(await f.get('scmapi/stock/check'));
  const qty = async (bin: Doc) => Number(((ok(await f.get('scmapi/stock/list', { bin_id: bin.id })) as Doc[])[0]?.quantity ?? 0));
  const [s, d] = [await qty(src), await qty(dst)];
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`\nstock moves on ${srv.kind} — ${new Date().toISOString()} — ${MOVERS} movers, ${MOVES} moves out of one bin of ${STOCK}`);
  console.table([
    {
      posts: latencies.length,
      'posts/s': Math.round(latencies.length / seconds),
      'p50 ms': Math.round(pct(sorted, 50)),
      'p99 ms': Math.round(pct(sorted, 99)),
      'source left': s,
      'target holds': d,
      answers: JSON.stringify(Object.fromEntries(statuses)),
    },
  ]);
  const allowed = new Set(['200', '400 moved quantity exceeds stock in the bin', '400 移库数量超过库位库存']);
  const problems = [
    (s < 0 || d < 0 || check.negative !== 0) && 'negative stock',
    s + d !== STOCK && `bins hold ${s + d}, expected ${STOCK}`,
    !check.ok && `stock differs from the ledger: ${JSON.stringify(check.mismatches)}`,
    [...statuses.keys()].some((k) => !allowed.has(k)) && `unexpected answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  ].filter(Boolean);
  await srv.close();
  if (problems.length) throw new Error(`stock bench: ${problems.join('; ')}`);
  console.log('zero negative stock; ledger sums equal stock for every bin and item');
}

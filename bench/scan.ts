// Scan validation (issue 14): BENCH_SCAN_SCANNERS (default 50) scanners at once against ONE work
// order cut into BENCH_SCAN_BUNDLES (default 400) one-piece bundles routed through the three
// sewing steps. Each scanner walks its share of the bundles through every step in order; every
// 10th scan is sent twice at the same moment (a worker's double trigger) and every 7th is
// repeated afterwards — those must be refused. Bounded by count, not time. Asserted at the end:
// every step of every bundle booked exactly once (no lost scan), no double booking, progress =
// scans, and no answer other than 200 / 400.
import { performance } from 'node:perf_hooks';
import { sql } from '@seamline/server/api';
import { client, idOf, makeWorkOrder, ok, party } from '../areas/orders/server/floor/testing';
import { startBenchServer } from './harness';

const SCANNERS = Number(process.env.BENCH_SCAN_SCANNERS ?? 50);
const BUNDLES = Number(process.env.BENCH_SCAN_BUNDLES ?? 400);
const STEPS = ['SEW-COLLAR', 'SEW-SLEEVE', 'SEW-ASSEMBLE'];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function benchScan() {
  const srv = await startBenchServer('factory.admin');
  const factory = await party(srv, 'factory.admin');
  const brand = await party(srv, 'brand.admin');
  const f = client(srv, factory);
  const process: Record<string, string> = {};
  for (const code of STEPS) process[code] = await idOf(srv, 'md_process', factory.clientId, 'process_code', code);
  const wo = await makeWorkOrder(srv, factory.clientId, brand.clientId, 'WO-BENCH', 'SEW', [['Navy', 'M', BUNDLES]]);
  ok(await f.post('vfapi/bundle/cut', { work_order_id: wo.workOrderId, bundle_size: 1 }));
  const codes = Array.from({ length: BUNDLES }, (_, i) => `WO-BENCH-${String(i + 1).padStart(3, '0')}`);

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const scan = async (code: string, step: string) => {
    const t0 = performance.now();
    const res = await f.post('vfapi/scan/validate', { code, process_id: process[step], station: 'bench' });
    latencies.push(performance.now() - t0);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return res.status;
  };
  let n = 0;
  let repeats = 0; // scans that must be refused (sent a second time)
  const scanner = async (w: number) => {
    for (let b = w; b < codes.length; b += SCANNERS) {
      for (const step of STEPS) {
        n += 1;
        if (n % 10 === 0) {
          repeats += 1;
          await Promise.all([scan(codes[b]!, step), scan(codes[b]!, step)]);
        } else {
          await scan(codes[b]!, step);
          if (n % 7 === 0) {
            repeats += 1;
            await scan(codes[b]!, step);
          }
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SCANNERS }, (_, w) => scanner(w)));
  const seconds = (performance.now() - started) / 1000;
  const booked = statuses.get(200) ?? 0;
  const refused = statuses.get(400) ?? 0;

  const rows = await srv.db.asSystem((tx) =>
    tx.execute(sql`select (select count(*)::int from vf_scan where work_order_id = ${wo.workOrderId}) as scans,
      (select count(*)::int from (select bundle_id, process_id from vf_scan where work_order_id = ${wo.workOrderId} group by 1, 2 having count(*) > 1) d) as doubles,
      (select array_agg(done_qty order by seq) from vf_progress where work_order_id = ${wo.workOrderId}) as done`),
  );
  const check = (rows as unknown as { rows: Array<{ scans: number; doubles: number; done: number[] }> }).rows[0]!;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`\nscan validation on ${srv.kind} — ${new Date().toISOString()} — ${SCANNERS} scanners, one work order, ${BUNDLES} bundles × ${STEPS.length} steps`);
  console.table([
    {
      requests: latencies.length,
      'scans/s': Math.round(latencies.length / seconds),
      'booked/s': Math.round(booked / seconds),
      'p50 ms': Math.round(pct(sorted, 50)),
      'p99 ms': Math.round(pct(sorted, 99)),
      booked,
      'refused (repeats)': refused,
      statuses: JSON.stringify(Object.fromEntries(statuses)),
    },
  ]);
  const expected = BUNDLES * STEPS.length;
  const problems = [
    booked !== expected && `booked ${booked}, expected ${expected}`,
    check.scans !== expected && `vf_scan holds ${check.scans}, expected ${expected} (lost scans)`,
    refused !== repeats && `refused ${refused}, expected ${repeats} repeated scans`,
    check.doubles !== 0 && `${check.doubles} double-booked bundle steps`,
    JSON.stringify(check.done) !== JSON.stringify(STEPS.map(() => BUNDLES)) && `progress ${JSON.stringify(check.done)}`,
    [...statuses.keys()].some((s) => s !== 200 && s !== 400) && `unexpected statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  ].filter(Boolean);
  await srv.close();
  if (problems.length) throw new Error(`scan bench: ${problems.join('; ')}`);
  console.log(`no lost scan, no double booking: ${expected} bundle steps booked once each`);
}

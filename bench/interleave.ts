// The other company's list while one company imports/exports 100,000 rows (issue 22.2, docs/jobs.md):
// company B (fabric.admin) asks for its vendor list one request after another — first with the
// server idle, then while company A (brand.admin) runs an import job and then an export job of
// BENCH_INTERLEAVE_ROWS (default 100,000) vendors. p99 of B's list while A works against its idle
// p99 in the same run. Budget: under 500 ms and under 5x idle. npm run bench -- --only interleave;
// DATABASE_URL for PostgreSQL.
import { rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, eq } from '@seamline/server/api';
import { login } from '@seamline/server/testing';
import { startBenchServer, type BenchServer } from './harness';
import { writeFile } from './import';

const ROWS = Number(process.env.BENCH_INTERLEAVE_ROWS ?? 100_000);
const IDLE_REQUESTS = 200;

const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

/** B's list, one request after another, until `until` says stop; the times in ms. */
async function listLoop(srv: BenchServer, token: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const t = performance.now();
    const res = await fetch(`${srv.base}/api/mdapi/vendor/page-list?token=${token}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

async function job(srv: BenchServer, start: () => Promise<Response>): Promise<{ id: string; seconds: number; status: string }> {
  const t = performance.now();
  const res = (await (await start()).json()) as { data: { results: { id: string } }; message: string };
  const id = res.data?.results?.id;
  if (!id) throw new Error(`job refused: ${res.message}`);
  for (;;) {
    const info = (await (await fetch(`${srv.base}/api/utilsapi/transfer-jobs/info?token=${srv.token}&id=${id}`)).json()) as { data: { results: { status: string } } };
    const status = info.data.results.status;
    if (status === 'done' || status === 'failed') return { id, seconds: (performance.now() - t) / 1000, status };
    await new Promise((r) => setTimeout(r, 500));
  }
}

const line = (name: string, times: number[], idleP99: number) => {
  const p99 = p(times, 0.99);
  const ok = p99 < 500 && p99 < 5 * idleP99;
  return `${name}: ${times.length} lists, p50 ${p(times, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms — ${(p99 / idleP99).toFixed(1)}x idle p99 (${ok ? 'within' : 'OVER'} budget: < 500 ms and < 5x idle)`;
};

export async function benchInterleave() {
  process.env.IMPORT_MAX_ROWS = String(Math.max(ROWS, 5000));
  process.env.EXPORT_MAX_ROWS = String(Math.max(ROWS + 1000, 100_000));
  const srv = await startBenchServer('brand.admin');
  const path = join(tmpdir(), `seamline-interleave-bench-${Date.now()}.xlsx`);
  try {
    const other = (await login(srv.call, 'fabric.admin')).token;
    const [fabric] = await srv.db.asSystem((tx) => tx.select({ id: client.id }).from(client).where(eq(client.code, 'DEMO_FABRIC')));
    await writeFile(path, fabric.id, ROWS);
    console.log(`\nthe other company's list while one company imports/exports ${ROWS} rows, on ${srv.kind}`);

    let n = 0;
    const idle = await listLoop(srv, other, () => n++ >= IDLE_REQUESTS);
    const idleP99 = p(idle, 0.99);
    console.log(`idle: ${idle.length} lists, p50 ${p(idle, 0.5).toFixed(0)} ms, p99 ${idleP99.toFixed(0)} ms`);

    for (const kind of ['import', 'export'] as const) {
      let over = false;
      const start =
        kind === 'import'
          ? async () => {
              const form = new FormData();
              form.append('mode', 'create');
              form.append('file', await openAsBlob(path), 'vendors.xlsx');
              return fetch(`${srv.base}/api/mdapi/vendor/import-job?token=${srv.token}`, { method: 'POST', body: form });
            }
          : () =>
              fetch(`${srv.base}/api/mdapi/vendor/export-job?token=${srv.token}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ q: JSON.stringify({ code: { op: 'prefix', value: 'IV' } }) }),
              });
      const [done, times] = await Promise.all([job(srv, start).finally(() => (over = true)), listLoop(srv, other, () => over)]);
      console.log(`${kind} job: ${done.status} in ${done.seconds.toFixed(1)} s`);
      console.log(line(`  B's list during the ${kind}`, times, idleP99));
    }
  } finally {
    await rm(path, { force: true });
    await srv.close();
  }
}

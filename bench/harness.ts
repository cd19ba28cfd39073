// Shared by the benchmarks: a real server on a throw-away database (PGlite under a temp dir, or a
// database of its own on the PostgreSQL server of DATABASE_URL), a signed-in token, and
// autocannon measurements printed as a table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { AREAS, buildApp, loadConfig, openDatabase, seedIfEmpty, type Db } from '@seamline/server';
import { apiCaller, login, type Caller } from '@seamline/server/testing';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

export interface Figure {
  name: string;
  connections: number;
  rps: number;
  p99: number;
  errors: number;
}

export async function measure(name: string, url: string, connections = Number(process.env.BENCH_CONNECTIONS ?? 10)): Promise<Figure> {
  // a short warm-up so JIT and caches settle before the measured run
  await autocannon({ url, connections, duration: 2 });
  const r = await autocannon({ url, connections, duration: DURATION_S });
  return { name, connections, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export interface BenchServer {
  base: string;
  db: Db;
  call: Caller;
  token: string;
  kind: 'PGlite' | 'PostgreSQL';
  /** The run's own PostgreSQL database (undefined on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A seeded server signed in as `username`; on PostgreSQL in a database created for this run. */
export async function startBenchServer(username = 'brand.buyer'): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seamline-bench-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `seamline_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const env = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl };
  const config = { ...loadConfig(env), host: '127.0.0.1' };
  const db = await openDatabase(config);
  await seedIfEmpty(db, AREAS);
  const app = buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = apiCaller(base);
  const { token } = await login(call, username);
  return {
    base,
    db,
    call,
    token,
    kind: adminUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * A ratio on a shared, loaded machine: the reference and the route measured one right after the
 * other (the order swapped every round, so neither always gets the quieter slot), ROUNDS times;
 * the median of the per-round ratios. Absolute figures under load are noise, the ratio is not.
 */
export async function alternate(
  name: string,
  reference: { name: string; url: string },
  route: { name: string; url: string },
  connections?: number,
): Promise<{ ratio: number; ratios: number[]; figures: Figure[] }> {
  const figures: Figure[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const pair = round % 2 === 0 ? [reference, route] : [route, reference];
    const [first, second] = [await measure(pair[0].name, pair[0].url, connections), await measure(pair[1].name, pair[1].url, connections)];
    const [ref, own] = round % 2 === 0 ? [first, second] : [second, first];
    figures.push(ref, own);
    ratios.push(ref.rps > 0 ? own.rps / ref.rps : NaN);
  }
  const ratio = median(ratios);
  console.log(`${name}: median ${ratio.toFixed(2)} of ${reference.name} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  return { ratio, ratios, figures };
}

export function report(title: string, figures: Figure[]) {
  console.log(`\n${title} — ${new Date().toISOString()} — ${DURATION_S} s runs`);
  console.table(figures);
}

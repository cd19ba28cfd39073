// The old harness, still used by the benches not yet measured from outside (import, fan-out, scan,
// stock): a real server in the bench's own process on a throw-away database (PGlite under a temp
// dir, or a database of its own on the PostgreSQL server of DATABASE_URL) and a signed-in token.
// Throughput ratios are measured from outside by bench/process.ts (issue 29).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AREAS, buildApp, loadConfig, openDatabase, seedIfEmpty, type Db } from '@seamline/server';
import { apiCaller, login, type Caller } from '@seamline/server/testing';
import { ownDatabase } from './process';

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
  const { databaseUrl, drop: dropDatabase } = await benchDatabase();
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
    kind: databaseUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl,
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A database of its own on the PostgreSQL server of DATABASE_URL (none on PGlite). */
async function benchDatabase(): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { drop: async () => {} };
  const own = await ownDatabase(adminUrl);
  return { databaseUrl: own.url, drop: own.drop };
}

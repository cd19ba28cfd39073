// Embedded PostgreSQL (PGlite, WASM, in process): the default when no DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { createDb, type Db, type Tx } from './db';

export interface PgliteDb extends Db {
  readonly client: PGlite;
}

/**
 * The WASM heap never shrinks, and PostgreSQL's default 128 MB of shared buffers would fill it:
 * one embedded process serving a company's working set does with far less (issue 12: idle memory).
 */
export const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * V8 compiles PGlite's 9 MB of WASM on one background thread instead of one per core: each
 * compiling thread leaves its own malloc arena behind, which the process keeps for good
 * (session 5: 260–290 → 220–230 MB idle RSS after a reopen, with no slower start measured).
 * Set before the first compile; it concerns WebAssembly compilation only.
 */
let compileTasksSet = false;
function oneWasmCompileThread(): void {
  if (compileTasksSet) return;
  compileTasksSet = true;
  setFlagsFromString('--wasm-num-compilation-tasks=1');
}

/** Opens (or creates) the data directory; without one, an in-memory database. */
export async function openPglite(source: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  oneWasmCompileThread();
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: source.dataDir, loadDataDir: source.loadDataDir, postgresqlconf: PGLITE_CONF });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): PgliteDb {
  const orm = drizzle(client) as unknown as Tx;
  const db = createDb('pglite', orm, () => client.close(), true);
  return { ...db, client };
}

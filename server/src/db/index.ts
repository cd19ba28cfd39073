// Opening the configured database: PGlite under DATA_DIR/pglite, or a server when DATABASE_URL is set.
import { join } from 'node:path';
import type { Db } from './db';
import { migratePostgres } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { openMigratedPglite } from './template';

export type { Db, DbKind, TenantOptions, Tx } from './db';
export { isUuid, onCommit } from './db';

export interface DatabaseConfig {
  dataDir: string;
  databaseUrl?: string;
}

/** Opens the database and applies pending migrations (`migrate: false` only opens it). */
export async function openDatabase(config: DatabaseConfig, options: { migrate?: boolean } = {}): Promise<Db> {
  const migrate = options.migrate ?? true;
  if (config.databaseUrl) {
    if (migrate) await migratePostgres(config.databaseUrl);
    return openPostgres(config.databaseUrl);
  }
  const dataDir = join(config.dataDir, 'pglite');
  if (migrate) return openMigratedPglite(dataDir);
  return openPglite({ dataDir });
}

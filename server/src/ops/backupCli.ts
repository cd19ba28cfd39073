// `npm run backup [-- FILE]` and `npm run restore -- FILE`, with the server's own configuration
// (DATA_DIR, DATABASE_URL, FILES_DIR, S3_BUCKET). See ./backup.ts and docs/operations.md.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { openPglite } from '../db/pglite';
import { loadTransferConfig } from '../engine/transfer/config';
import { s3ConfigFrom } from '../storage/s3';
import { backup, codeVersion, restore, type Manifest } from './backup';
import { requestFile, resultFile, runningServer } from './backupSignal';

const [command, fileArg] = process.argv.slice(2);
const config = loadConfig();
const filesDir = s3ConfigFrom(process.env) ? undefined : loadTransferConfig(config).filesDir;
const pgliteDir = join(config.dataDir, 'pglite');

function defaultOut(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(config.dataDir, 'backups', `seamline-${stamp}.tar`);
}

async function viaRunningServer(pid: number, out: string): Promise<Manifest> {
  const id = randomUUID();
  writeFileSync(requestFile(config.dataDir), JSON.stringify({ id, out }));
  process.kill(pid, 'SIGUSR2');
  const result = resultFile(config.dataDir, id);
  const deadline = Date.now() + 30 * 60_000;
  while (!existsSync(result)) {
    if (Date.now() > deadline) throw new Error(`the server (pid ${pid}) did not answer the backup request within 30 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const answer = JSON.parse(readFileSync(result, 'utf8')) as { ok: boolean; manifest?: Manifest; error?: string };
  rmSync(result, { force: true });
  if (!answer.ok) throw new Error(answer.error);
  return answer.manifest!;
}

async function main(): Promise<void> {
  const started = Date.now();
  if (command === 'backup') {
    const out = resolve(fileArg || defaultOut());
    let manifest: Manifest;
    if (config.databaseUrl) manifest = await backup({ databaseUrl: config.databaseUrl, filesDir, version: await codeVersion() }, out);
    else {
      const pid = runningServer(config.dataDir);
      if (pid) manifest = await viaRunningServer(pid, out);
      else {
        if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new Error(`${pgliteDir} holds no database to back up`);
        const db = await openPglite({ dataDir: pgliteDir });
        try {
          manifest = await backup({ pglite: db.client, filesDir, version: await codeVersion() }, out);
        } finally {
          await db.close();
        }
      }
    }
    console.log(`backup written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${manifest.database.kind} database (${manifest.database.migrations} migrations), ${manifest.files.included ? `${manifest.files.count} files` : manifest.files.note}`);
  } else if (command === 'restore') {
    if (!fileArg) throw new Error('usage: npm run restore -- FILE');
    if (!config.databaseUrl && runningServer(config.dataDir)) throw new Error('a server is running on this DATA_DIR: stop it, and restore into an empty DATA_DIR');
    const manifest = await restore(resolve(fileArg), { pgliteDir: config.databaseUrl ? undefined : pgliteDir, databaseUrl: config.databaseUrl, filesDir });
    console.log(`restored the backup of ${manifest.createdAt} (${manifest.version}) in ${((Date.now() - started) / 1000).toFixed(1)} s; start the server as usual (npm start)`);
  } else throw new Error('usage: backupCli.ts backup [FILE] | restore FILE');
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`${command} failed: ${err.message}`);
    process.exit(1);
  },
);

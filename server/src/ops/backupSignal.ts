// A running server on the embedded database owns its data directory: no other process may open
// it. So `npm run backup` asks the server itself: it writes a request file beside the data and
// sends SIGUSR2; the server dumps the database between two statements and answers in a result
// file (docs/operations.md 'Backup and restore'). Only the server's own OS user can signal it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { backup, codeVersion } from './backup';

export const PID_FILE = 'seamline.pid';
export const requestFile = (dataDir: string) => join(dataDir, 'backup-request.json');
export const resultFile = (dataDir: string, id: string) => join(dataDir, `backup-result-${id}.json`);

export interface BackupRequest {
  id: string;
  out: string;
}

/** Called by the server on PGlite: records its pid and answers backup requests until `stop()`. */
export function answerBackupRequests(client: PGlite, dataDir: string, filesDir: string | undefined, log: FastifyBaseLogger): { stop(): void } {
  const pidFile = join(dataDir, PID_FILE);
  writeFileSync(pidFile, String(process.pid));
  let busy = Promise.resolve();
  const onSignal = () => {
    busy = busy.then(async () => {
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(requestFile(dataDir), 'utf8')) as BackupRequest;
      } catch {
        return; // a signal without a request: nothing asked
      }
      rmSync(requestFile(dataDir), { force: true });
      try {
        const manifest = await backup({ pglite: client, filesDir, version: await codeVersion() }, request.out);
        writeFileSync(resultFile(dataDir, request.id), JSON.stringify({ ok: true, manifest }));
        log.info({ out: request.out }, 'backup written');
      } catch (err) {
        writeFileSync(resultFile(dataDir, request.id), JSON.stringify({ ok: false, error: (err as Error).message }));
        log.error({ err }, 'backup failed');
      }
    });
  };
  process.on('SIGUSR2', onSignal);
  return {
    stop: () => {
      process.off('SIGUSR2', onSignal);
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile, { force: true });
    },
  };
}

/** The pid of a live server on this data directory, if there is one. */
export function runningServer(dataDir: string): number | null {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a pid file left by a killed server
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from '../server/src/mail/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** JSON lines, one per mail the server sent to the test's SMTP server (server/src/mail/testing). */
    mailbox: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitUntilUp(url: string, child: ChildProcess, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

// Starts `npm start`'s server (web already built by `npm run e2e`) on a fresh data dir.
export default async function setup(project: TestProject) {
  const root = new URL('..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'seamline-e2e-'));
  const port = await freePort();
  // Mail really goes out over SMTP to a server of the test's own; journeys read it from the mailbox file.
  const mailbox = join(dataDir, 'mailbox.jsonl');
  const smtp = await startMailCatcher({ file: mailbox });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL; // the journeys run on the embedded database, as a new user's `npm start` does
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
  const baseURL = `http://127.0.0.1:${port}`;
  // A first start seeds a new database: on a shared, loaded machine E2E_START_MS may allow it longer.
  await waitUntilUp(`${baseURL}/api/utilsapi/access/public-key`, child, Number(process.env.E2E_START_MS) || 180_000);
  project.provide('baseURL', baseURL);
  project.provide('mailbox', mailbox);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

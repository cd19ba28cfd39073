// Production starts safe (issue 11 point 11, docs/security.md 'Production start'): the real
// server process (tsx server/src/main.ts) on a fresh database — a new PGlite data dir, or a new
// database on the PostgreSQL server of DATABASE_URL — started as an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCaller, loginResponse } from './testing';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A fresh, empty database for one start: a PGlite data dir, or a new PostgreSQL database. */
async function freshDatabase(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'seamline-prod-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const server = process.env.DATABASE_URL;
  if (!server) return { DATA_DIR: dir };
  const name = `seamline_t_prod_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: server });
    await a.connect();
    await a.query(`drop database if exists "${name}" with (force)`);
    await a.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { DATA_DIR: dir, DATABASE_URL: url.href };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code, or with the base URL once the server listens. */
  outcome: Promise<{ code: number | null } | { url: string }>;
}

function start(env: Record<string, string>): Started {
  let out = '';
  const base: Record<string, string | undefined> = { ...process.env };
  for (const k of ['NODE_ENV', 'PUBLIC_URL', 'SEAMLINE_DEMO', 'SEAMLINE_ADMIN_USERNAME', 'SEAMLINE_ADMIN_EMAIL', 'SEAMLINE_ADMIN_PASSWORD', 'DATABASE_URL', 'SMTP_URL', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete base[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const outcome = new Promise<{ code: number | null } | { url: string }>((resolve) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // The line names PUBLIC_URL when it is set; the log entry carries the port listened on.
      const up = /"port":(\d+)[^\n]*Seamline is up at /.exec(out);
      if (up) resolve({ url: `http://127.0.0.1:${up[1]}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => resolve({ code }));
  });
  return { child, output: () => out, outcome };
}

const ADMIN = { SEAMLINE_ADMIN_USERNAME: 'ops.root', SEAMLINE_ADMIN_EMAIL: 'ops@seamline.example', SEAMLINE_ADMIN_PASSWORD: 'Rootpass2026' };

describe('NODE_ENV=production', () => {
  it('refuses to start without PUBLIC_URL', async () => {
    const s = start({ NODE_ENV: 'production', ...ADMIN, ...(await freshDatabase()) });
    const result = await s.outcome;
    expect(result).toEqual({ code: 1 });
    expect(s.output()).toContain('PUBLIC_URL must be set when NODE_ENV=production');
  }, 60_000);

  it('seeds no demo account; refuses to start without a first super admin, then creates it from the environment', async () => {
    const db = await freshDatabase();
    const without = start({ NODE_ENV: 'production', PUBLIC_URL: 'https://seamline.example.com', ...db });
    expect(await without.outcome).toEqual({ code: 1 });
    expect(without.output()).toContain('set SEAMLINE_ADMIN_USERNAME, SEAMLINE_ADMIN_EMAIL and SEAMLINE_ADMIN_PASSWORD');

    const s = start({ NODE_ENV: 'production', PUBLIC_URL: 'https://seamline.example.com', ...ADMIN, ...db });
    const result = await s.outcome;
    if (!('url' in result)) throw new Error(`server did not start: ${s.output()}`);
    const call = apiCaller(result.url);
    for (const demo of ['super.admin', 'brand.admin']) expect((await loginResponse(call, demo)).status).toBe(400);
    const signedIn = await loginResponse(call, 'ops.root', 'Rootpass2026');
    expect(signedIn.status).toBe(200);
    const state = await call('GET', 'utilsapi/access/user-state', { token: signedIn.body.data.results.token, headers: { 'x-seamline-lang': 'en' } });
    expect(state.body.data.results).toMatchObject({ is_super_admin: true, user_type: 'ADMIN', username: 'ops.root' });
    const codes = Object.values(state.body.data.results.menus as Record<string, Array<{ CODE: string }>>).flat().map((m) => m.CODE);
    expect(codes).toEqual(expect.arrayContaining(['SUPER_SIGNUP', 'SUPER_LICENCE', 'SUPER_OUTBOX', 'SYS_USER']));
    const licences = await call('GET', 'utilsapi/licence-type/list', { token: signedIn.body.data.results.token });
    expect(licences.body.data.results.map((l: { code: string }) => l.code)).toContain('STANDARD');
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));

    // A later start with other SEAMLINE_ADMIN_* values changes nobody: the first admin exists.
    const again = start({ NODE_ENV: 'production', PUBLIC_URL: 'https://seamline.example.com', ...db, ...ADMIN, SEAMLINE_ADMIN_PASSWORD: 'Otherpass2026' });
    const second = await again.outcome;
    if (!('url' in second)) throw new Error(`server did not start again: ${again.output()}`);
    const call2 = apiCaller(second.url);
    expect((await loginResponse(call2, 'ops.root', 'Otherpass2026')).status).toBe(400);
    expect((await loginResponse(call2, 'ops.root', 'Rootpass2026')).status).toBe(200);
  }, 300_000);

  it('seeds the demo only when SEAMLINE_DEMO=1 says so', async () => {
    const s = start({ NODE_ENV: 'production', PUBLIC_URL: 'https://seamline.example.com', SEAMLINE_DEMO: '1', ...(await freshDatabase()) });
    const result = await s.outcome;
    if (!('url' in result)) throw new Error(`server did not start: ${s.output()}`);
    expect((await loginResponse(apiCaller(result.url), 'brand.admin')).status).toBe(200);
    // The start-up line names the address people use (PUBLIC_URL), not localhost.
    const line = s.output().split('\n').find((l) => l.includes('Seamline is up at'))!;
    expect(JSON.parse(line).msg).toMatch(/^Seamline is up at https:\/\/seamline\.example\.com\/ \(listening on port \d+\)$/);
    expect(line).not.toContain('localhost');
  }, 180_000);
});

describe('logs (written asynchronously, docs/server.md "Logs")', () => {
  it('every line reaches stdout by the exit, the last one logged just before a SIGTERM ends the process too; secrets are still masked', async () => {
    const s = start({ SEAMLINE_DEMO: '0', ...(await freshDatabase()) });
    const result = await s.outcome;
    if (!('url' in result)) throw new Error(`server did not start: ${s.output()}`);
    // A burst of requests, each logging its line, one of them carrying a token inside another value;
    // the SIGTERM follows at once, while lines are still on their way.
    const token = 'Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm8';
    const urls = Array.from({ length: 200 }, (_, i) => `${result.url}/api/utilsapi/access/public-key?n=${i}`);
    await Promise.all([...urls, `${result.url}/login?navipath=%2Fdownload%3Ftoken%3D${token}`].map((u) => fetch(u).then((r) => r.arrayBuffer())));
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', resolve));
    s.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = s
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; url?: string });
    expect(lines.filter((l) => l.msg === 'request completed' && /[?&]n=\d+$/.test(l.url ?? '')).length).toBe(200);
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM' });
    expect(s.output()).not.toContain(token.slice(0, 40));
    expect(lines.some((l) => l.url === '/login?navipath=[REDACTED]')).toBe(true);
  }, 300_000);
});

// Two server processes share socket.io rooms through Redis (@socket.io/redis-adapter): a message
// sent through one reaches a client connected to the other. Needs REDIS_URL (CI: a Redis at
// 127.0.0.1:6379); skipped without it. Each process runs `tsx server/src/main.ts` on its own
// PGlite copy of one seeded database, so user ids agree while nothing else is shared.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { apiCaller, login } from '@seamline/server/testing';
import { connectSocket, connectTo, nextEvent, whoAmI } from './testing';

const REDIS_URL = process.env.REDIS_URL;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Proc {
  child: ChildProcess;
  url: string;
}

/** Starts main.ts and resolves with its address once it says it is up. */
function start(dataDir: string, env: Record<string, string>): Promise<Proc> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete childEnv.DATABASE_URL; // each process keeps its own PGlite copy
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"port":((\d+))[^\n]*Seamline is up at /.exec(out); // the port listened on, whatever PUBLIC_URL says
      if (m) {
        child.stdout!.off('data', onData);
        resolve({ child, url: `http://127.0.0.1:${m[2]}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was up:\n${out.slice(-2000)}`)));
  });
}

function stop(p: Proc | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

describe.skipIf(!REDIS_URL)('two server processes over Redis', () => {
  let dir: string;
  let a: Proc | undefined;
  let b: Proc | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'seamline-redis-'));
    // Migrate and seed once, then give each process its own copy.
    const first = await start(join(dir, 'a'), {});
    await stop(first);
    await cp(join(dir, 'a'), join(dir, 'b'), { recursive: true });
    const key = `seamline-test-${randomUUID()}`;
    [a, b] = await Promise.all([
      start(join(dir, 'a'), { REDIS_URL: REDIS_URL!, SOCKET_REDIS_KEY: key }),
      start(join(dir, 'b'), { REDIS_URL: REDIS_URL!, SOCKET_REDIS_KEY: key }),
    ]);
  }, 180_000);

  afterAll(async () => {
    socket?.close();
    await Promise.all([stop(a), stop(b)]);
    await rm(dir, { recursive: true, force: true });
  });

  it('a task saved through process A reaches its participant connected to process B', async () => {
    const callA = apiCaller(a!.url);
    const callB = apiCaller(b!.url);
    const buyer = await whoAmI(callB, (await login(callB, 'brand.buyer')).token);
    socket = await connectSocket(b!.url, { token: buyer.token });
    expect(await connectTo(socket, buyer.id, buyer.clientid)).toMatchObject({ ok: true });
    const arrived = nextEvent(socket, 'message');

    const admin = (await login(callA, 'brand.admin')).token;
    const saved = await callA('POST', 'utilsapi/notifyapi/notify-msg/task-save', {
      token: admin,
      json: { DATA: { subject: 'Across processes', participants: [buyer.id] } },
    });
    expect(saved.status).toBe(200);
    const msg = await arrived;
    expect(msg).toMatchObject({ type: 'MSG', module: 'TASK', related_key: saved.body.data.results.id, content: '王芳 added you to the task "Across processes"' });
  }, 60_000);
});

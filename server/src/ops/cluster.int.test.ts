// Several nodes behind HAProxy (issue 28; docs/operations.md 'Several nodes'): three nodes of the
// bundle `npm start` runs, on one PostgreSQL database and one Redis, behind an haproxy started
// here with the documented configuration (health checks on GET /readyz, retry-on + redispatch,
// websocket-only socket.io, no sticky sessions). A journey through the balancer — sign-in, a save,
// a live notification from a write on one node reaching a socket the balancer gave to another,
// an export imported back, then again as a background import job run by any node — survives a
// node killed with SIGKILL mid-run, and a rolling restart (SIGTERM, start again) loses no request. Runs in CI's PostgreSQL phase; skipped only without
// DATABASE_URL (an embedded PGlite directory cannot be shared by nodes). Needs Debian's haproxy.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, login, type ApiResponse, type Caller } from '../testing';
import { download, upload } from '../engine/transfer/testing';

const DATABASE_URL = process.env.DATABASE_URL;
const REPO = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const METRICS_TOKEN = randomBytes(12).toString('hex');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The haproxy configuration docs/operations.md shows, on the given ports (timings shortened for the test). */
export function haproxyConfig(port: number, statsPort: number, nodes: Array<{ name: string; port: number }>, check = 'inter 300ms fall 1 rise 1'): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h            # websockets (socket.io) stay open
  option http-server-close
  # A request that reached no node, or whose node died before answering, goes to another node.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response response-timeout 502 503 504

frontend seamline
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server check ${check}
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port}`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const q = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)]));

describe.skipIf(!DATABASE_URL)('three nodes behind haproxy on one PostgreSQL and Redis', () => {
  let tmp: string;
  let product: string;
  const dbName = `seamline_t_${Date.now()}_cluster`;
  const dbUrl = (() => {
    const u = new URL(DATABASE_URL ?? 'postgres://x/y');
    u.pathname = `/${dbName}`;
    return u.href;
  })();
  const redisKey = `seamline-cluster-${randomBytes(6).toString('hex')}`;
  const nodes: Array<{ name: string; port: number; child?: ChildProcess; url: string }> = [];
  let haproxy: ChildProcess | undefined;
  let haproxyLog = '';
  let lb: string;
  let statsUrl: string;
  let call: Caller;
  const sockets: Socket[] = [];

  /** Starts node i as `npm start` would (the bundle), on its own port and DATA_DIR; resolves once it says it is up. */
  function startNode(i: number): Promise<void> {
    const node = nodes[i];
    const env: Record<string, string | undefined> = { ...process.env };
    for (const k of ['NODE_ENV', 'PUBLIC_URL', 'WEB_DIST', 'SMTP_URL', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete env[k];
    Object.assign(env, {
      PORT: String(node.port),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, `data-${node.name}`),
      // Import/export job files on a volume every node mounts (docs/operations.md): the node that
      // runs a job is seldom the one that took the upload.
      TRANSFER_JOBS_DIR: join(tmp, 'shared-jobs'),
      DATABASE_URL: dbUrl,
      REDIS_URL: process.env.REDIS_URL,
      SOCKET_REDIS_KEY: redisKey,
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
    });
    const child = spawn(process.execPath, [join(product, 'server', 'dist', 'main.mjs')], { cwd: tmp, env, stdio: ['ignore', 'pipe', 'pipe'] });
    node.child = child;
    let out = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        out = (out + chunk.toString()).slice(-5000);
        if (out.includes('Seamline is up at')) {
          child.stdout!.off('data', onData);
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) => reject(new Error(`node ${node.name} exited (${code}) before it was up:\n${out}`));
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', onExit);
    });
  }

  function stopNode(i: number, signal: NodeJS.Signals): Promise<void> {
    const child = nodes[i].child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** haproxy's own view of each node (its stats page as CSV). */
  async function lbStatus(): Promise<Record<string, string>> {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [head, ...rows] = csv.replace(/^# /, '').trim().split('\n').map((l) => l.split(','));
    const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => head.indexOf(c));
    return Object.fromEntries(rows.filter((r) => r[px] === 'nodes').map((r) => [r[sv], r[st]]));
  }

  async function until(what: string, cond: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 600; i++) {
      if (await cond().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting until ${what}`);
  }
  async function upInBalancer(name: string): Promise<void> {
    try {
      await until(`${name} is UP in haproxy`, async () => (await lbStatus())[name] === 'UP');
    } catch (err) {
      const url = nodes.find((n) => n.name === name)!.url;
      const ready = await fetch(`${url}/readyz`).then(async (r) => `${r.status} ${await r.text()}`, String);
      throw new Error(`${(err as Error).message}: haproxy sees ${JSON.stringify(await lbStatus().catch(String))}, /readyz ${ready}\n${haproxyLog}`);
    }
  }

  /** Which node holds a socket.io connection: the nodes' own seamline_open_sockets gauges. */
  async function socketsPerNode(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const n of nodes) {
      const res = await fetch(`${n.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
      const text = res?.ok ? await res.text() : '';
      out[n.name] = Number(/^seamline_open_sockets (\d+)/m.exec(text)?.[1] ?? 0);
    }
    return out;
  }

  /**
   * Keeps requests going through the balancer (what the web app does: a list read) until stop();
   * resolves with every answer that was not a 200.
   */
  function requestLoop(token: string) {
    let running = true;
    const failures: string[] = [];
    let count = 0;
    const done = (async () => {
      while (running) {
        try {
          const res = await call('GET', 'utilsapi/access/user-state', { token });
          if (res.status !== 200) failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        } catch (err) {
          failures.push(String(err));
        }
        count++;
      }
    })();
    return { stop: async () => ((running = false), await done, { failures, count }), count: () => count };
  }

  beforeAll(async () => {
    if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('haproxy is missing: apt-get install haproxy (.ci/run installs it)');
    tmp = mkdtempSync(join(tmpdir(), 'seamline-cluster-'));
    product = join(tmp, 'product');
    // The bundle `npm start` builds, standing in a product folder with the migrations; node_modules by a link.
    const build = spawnSync(process.execPath, [join(REPO, 'server', 'scripts', 'bundle.mjs'), join(product, 'server', 'dist')], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`bundle failed: ${build.stderr}`);
    cpSync(join(REPO, 'server', 'migrations'), join(product, 'server', 'migrations'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(product, 'node_modules'));

    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();

    for (const name of ['n1', 'n2', 'n3']) {
      const port = await freePort();
      nodes.push({ name, port, url: `http://127.0.0.1:${port}` });
    }
    const [port, statsPort] = [await freePort(), await freePort()];
    lb = `http://127.0.0.1:${port}`;
    statsUrl = `http://127.0.0.1:${statsPort}/stats`;
    call = apiCaller(lb);
    const cfg = join(tmp, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(port, statsPort, nodes));
    // -db: in the foreground, a child of this test (never the system service).
    haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr!.on('data', (c: Buffer) => (haproxyLog = (haproxyLog + c.toString()).slice(-3000)));

    // The first node migrates and seeds the new database; the others then open it.
    await startNode(0);
    await Promise.all([startNode(1), startNode(2)]);
    for (const n of nodes) await upInBalancer(n.name);
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(nodes.map((_, i) => stopNode(i, 'SIGTERM')));
    if (haproxy && haproxy.exitCode === null) {
      const h = haproxy;
      await new Promise((r) => (h.once('exit', r), h.kill('SIGTERM')));
    }
    if (DATABASE_URL) {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 120_000);

  /**
   * A socket through the balancer, as the web app opens it (websocket only, reconnecting); after
   * each (re)connection it joins the user's room as the web client does. joined() resolves at the next join.
   */
  function liveSocket(me: { token: string; id: string; clientid: string }) {
    const socket = io(lb, { path: '/ws', transports: ['websocket'], auth: { token: me.token }, forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    sockets.push(socket);
    let joins = 0;
    socket.on('connect', async () => {
      const ack = await socket.timeout(10_000).emitWithAck('connectto', { userid: me.id, clientid: me.clientid });
      if (ack?.ok) joins++;
    });
    return {
      socket,
      joined: (n: number) => until(`socket joined ${n} times`, async () => joins >= n),
      message: () => new Promise<any>((resolve) => socket.once('message', resolve)),
    };
  }

  it('carries a journey across nodes, through a node killed mid-run, and a rolling restart without a failed request', async () => {
    // Sign in and a save, through the balancer; every node reads the saved vendor.
    const adminTok = (await login(call, 'brand.admin')).token;
    const buyerTok = (await login(call, 'brand.buyer')).token;
    const buyerState = ok(await call('GET', 'utilsapi/access/user-state', { token: buyerTok }));
    const buyer = { token: buyerTok, id: buyerState.id, clientid: buyerState.clientid };
    const saved = ok(await call('POST', 'mdapi/vendor/save', { token: adminTok, json: { DATA: { short_name: 'Cluster Co', full_name: 'Cluster Co Ltd', contacts: [{ person: 'Li', is_primary: true }] } } }));
    for (const n of nodes) {
      const rows = ok(await apiCaller(n.url)('GET', 'mdapi/vendor/page-list', { token: adminTok, query: q({ q: { short_name: 'Cluster Co' } }) })).rows;
      expect(rows.map((r: any) => r.id)).toEqual([saved.id]);
    }

    // A live socket through the balancer; the nodes' gauges say where it landed.
    const live = liveSocket(buyer);
    await live.joined(1);
    let where = await socketsPerNode();
    const home = nodes.findIndex((n) => where[n.name] === 1);
    expect(home).toBeGreaterThanOrEqual(0);
    // A task saved on another node (straight to it) reaches that socket over Redis.
    const other = nodes[(home + 1) % nodes.length];
    let arrived = live.message();
    const task = ok(await apiCaller(other.url)('POST', 'utilsapi/notifyapi/notify-msg/task-save', { token: adminTok, json: { DATA: { subject: 'Across nodes', participants: [buyer.id] } } }));
    expect(await arrived).toMatchObject({ type: 'MSG', module: 'TASK', related_key: task.id });

    // The socket's node dies (SIGKILL) while requests keep coming through the balancer.
    const loop = requestLoop(adminTok);
    await until('the loop has run', async () => loop.count() >= 5);
    await stopNode(home, 'SIGKILL');
    const afterKill = loop.count();
    await until('requests went on after the kill', async () => loop.count() >= afterKill + 20);
    // The socket reconnects through the balancer (to a living node) and joins again.
    await live.joined(2);
    const killed = await loop.stop();
    expect(killed.failures).toEqual([]);
    where = await socketsPerNode();
    expect(where[nodes[home].name]).toBe(0);
    expect(Object.values(where).reduce((a, b) => a + b, 0)).toBe(1);

    // The journey goes on: a notification through the balancer, an export imported back, a save.
    arrived = live.message();
    const task2 = ok(await call('POST', 'utilsapi/notifyapi/notify-msg/task-save', { token: adminTok, json: { DATA: { subject: 'After the kill', participants: [buyer.id] } } }));
    expect(await arrived).toMatchObject({ type: 'MSG', module: 'TASK', related_key: task2.id });
    const demo = { code: { op: 'prefix', value: 'V1' } };
    const exported = await download(lb, 'mdapi/vendor/export', adminTok, q({ q: demo }));
    expect(exported.status).toBe(200);
    const before = ok(await call('GET', 'mdapi/vendor/page-list', { token: adminTok, query: q({ q: demo, p: { size: 200 } }) })).rows;
    const back = await upload(lb, 'mdapi/vendor/import', adminTok, [{ name: 'export.xlsx', bytes: exported.bytes, type: XLSX }], { mode: 'upsert' });
    expect(back.status).toBe(200);
    expect(back.body.data.results).toMatchObject({ imported: before.length, created: 0, updated: before.length });
    for (const n of nodes.filter((_, i) => i !== home)) {
      const after = ok(await apiCaller(n.url)('GET', 'mdapi/vendor/page-list', { token: adminTok, query: q({ q: demo, p: { size: 200 } }) })).rows;
      expect(after.map((r: any) => r.version)).toEqual(before.map((r: any) => r.version + 1));
    }
    // The same workbook as a background import job: answered at once by one node, run by whichever
    // node's queue worker (pg-boss on the shared database) takes it, read back through the balancer.
    const job = await upload(lb, 'mdapi/vendor/import-job', adminTok, [{ name: 'export.xlsx', bytes: exported.bytes, type: XLSX }], { mode: 'upsert' });
    expect(job.status).toBe(200);
    let info: any;
    for (let i = 0; i < 1200 && !['done', 'failed'].includes(info?.status); i++) {
      if (i) await new Promise((r) => setTimeout(r, 250));
      info = ok(await call('GET', 'utilsapi/transfer-jobs/info', { token: adminTok, query: { id: job.body.data.results.id } }));
    }
    expect(info).toMatchObject({ status: 'done', result: { imported: before.length, created: 0, updated: before.length } });
    const edited = ok(await call('POST', 'mdapi/vendor/save', { token: adminTok, json: { DATA: { id: saved.id, version: saved.version, short_name: 'Cluster Co 2' } } }));
    expect(edited.version).toBe(saved.version + 1);

    // The killed node comes back; then a rolling restart of another: SIGTERM, start again.
    await startNode(home);
    await upInBalancer(nodes[home].name);
    const rolled = (home + 1) % nodes.length;
    const rolling = requestLoop(adminTok);
    await until('the loop has run', async () => rolling.count() >= 5);
    await stopNode(rolled, 'SIGTERM');
    await startNode(rolled);
    await upInBalancer(nodes[rolled].name);
    const atUp = rolling.count();
    await until('requests went on after the restart', async () => rolling.count() >= atUp + 10);
    const restarted = await rolling.stop();
    expect(restarted.failures).toEqual([]);
  }, 240_000);
});

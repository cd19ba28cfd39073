// The built product serves its own files wherever it stands (issue 22, point 1): the server bundle is
// built into one folder, moved to another with the migrations and a web build, and started there on a
// fresh PGlite database — it serves that web build (not the checkout's), applies those migrations, and
// names no build-time folder. While it runs, a rebuild of its web app (web/scripts/build.ts) switches
// to the new build without one request failing. A tiny stand-in replaces the real web build (cheap);
// node_modules is the checkout's, through a link.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { publishBuild } from '../../web/scripts/build';
import { apiCaller, loginResponse } from './testing';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const tmp = mkdtempSync(join(tmpdir(), 'seamline-relocation-'));
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  rmSync(tmp, { recursive: true, force: true });
});

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** Runs the product's bundle from a third folder (neither the checkout nor the product); resolves its URL. */
function start(product: string, env: Record<string, string>): Promise<string> {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const k of ['NODE_ENV', 'PUBLIC_URL', 'WEB_DIST', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'VITEST', 'VITEST_WORKER_ID', 'VITEST_POOL_ID']) delete base[k];
  const child = spawn(process.execPath, [join(product, 'server', 'dist', 'main.mjs')], {
    cwd: tmp,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const up = /Seamline is up at http:\/\/localhost:(\d+)\//.exec(out);
      if (up) resolve(`http://127.0.0.1:${up[1]}`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the moved server exited (${code}):\n${out.slice(-3000)}`)));
  });
}

/** A stand-in web build n: index.html naming assets/app-n.js, and Vite's manifest. */
function standIn(n: number, midway: () => Promise<void> = async () => {}) {
  return async (out: string) => {
    mkdirSync(join(out, 'assets'), { recursive: true });
    mkdirSync(join(out, '.vite'));
    writeFileSync(join(out, 'assets', `app-${n}.js`), `console.log(${n});`);
    await midway(); // a real build takes a while: requests keep coming meanwhile
    writeFileSync(join(out, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: `assets/app-${n}.js`, isEntry: true } }));
    writeFileSync(join(out, 'index.html'), `<!doctype html><title>build ${n}</title><script type="module" src="/assets/app-${n}.js"></script>`);
  };
}

it('a bundle moved elsewhere serves its own web app, applies its own migrations, and switches builds without a failed request', async () => {
  const built = join(tmp, 'built');
  const product = join(tmp, 'product');
  await run([join(REPO, 'server', 'scripts', 'bundle.mjs'), join(built, 'server', 'dist')]);
  mkdirSync(join(product, 'server'), { recursive: true });
  renameSync(join(built, 'server', 'dist'), join(product, 'server', 'dist'));
  rmSync(built, { recursive: true, force: true });
  cpSync(join(REPO, 'server', 'migrations'), join(product, 'server', 'migrations'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(product, 'node_modules'));
  const web = join(product, 'web');
  mkdirSync(web);
  await publishBuild(web, standIn(1));

  const bundle = readFileSync(join(product, 'server', 'dist', 'main.mjs'), 'utf8');
  // A baked build-time path names a folder of the source tree under it (the CI clone may stand at a short
  // path such as '/workspace', which the bundle's own menu URLs contain).
  for (const folder of [REPO, built, tmp]) {
    const escaped = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(bundle).not.toMatch(new RegExp(`${escaped}/(server|web|core|areas|node_modules)/`));
  }

  // The build's last step makes the migrated PGlite template beside the bundle (issue 29: a new
  // user's first start skips initdb and the migrations). The first start below finds it there and
  // so never builds the OS temp dir's template (its own empty folder here).
  await run([join(product, 'server', 'dist', 'main.mjs'), '--prepare-template']);
  expect(readdirSync(join(product, 'server', 'dist', 'pglite'))).toEqual([expect.stringMatching(/^migrated-[0-9a-f]{16}$/)]);
  const osTemplates = join(tmp, 'os-templates');

  const url = await start(product, {
    PGLITE_TEMPLATE_DIR: osTemplates,
    DATA_DIR: join(tmp, 'data'),
    SEAMLINE_DEMO: '0',
    SEAMLINE_ADMIN_USERNAME: 'ops.root',
    SEAMLINE_ADMIN_EMAIL: 'ops@seamline.example',
    SEAMLINE_ADMIN_PASSWORD: 'Rootpass2026',
  });
  // Migrated: the first admin was created in the fresh database and signs in.
  expect((await loginResponse(apiCaller(url), 'ops.root', 'Rootpass2026')).status).toBe(200);
  expect(existsSync(osTemplates)).toBe(false);
  const page = await fetch(`${url}/login`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>build 1</title>');
  const asset = await fetch(`${url}/assets/app-1.js`);
  expect(asset.status).toBe(200);
  expect(await asset.text()).toBe('console.log(1);');
  expect((await fetch(`${url}/assets/app-0.js`)).status).toBe(404);

  // A rebuild while the server runs: every page and asset request meanwhile is answered.
  const answers: Array<{ page: number; title: string; asset: number }> = [];
  let rounds = 0;
  let roundDone = () => {};
  const threeRounds = () => new Promise<void>((resolve) => (roundDone = () => rounds >= 3 && resolve()));
  let building = true;
  const rebuilt = publishBuild(web, standIn(2, threeRounds), 'stamp-2').finally(() => (building = false));
  while (building) {
    const p = await fetch(`${url}/login`);
    const title = /<title>(.*?)<\/title>/.exec(await p.text())?.[1] ?? '';
    const a = await fetch(`${url}/assets/app-1.js`);
    await a.arrayBuffer();
    answers.push({ page: p.status, title, asset: a.status });
    rounds++;
    roundDone();
  }
  expect((await rebuilt).built).toBe(true);
  expect(answers.length).toBeGreaterThanOrEqual(3);
  for (const answer of answers) expect(answer).toMatchObject({ page: 200, title: expect.stringMatching(/^build [12]$/), asset: 200 });

  expect(await (await fetch(`${url}/login`)).text()).toContain('<title>build 2</title>');
  expect((await fetch(`${url}/assets/app-2.js`)).status).toBe(200);
  // A tab opened before the switch still loads the previous build's chunks.
  expect((await fetch(`${url}/assets/app-1.js`)).status).toBe(200);

  // The same inputs again: nothing is built.
  const again = await publishBuild(web, () => Promise.reject(new Error('built again')), 'stamp-2');
  expect(again.built).toBe(false);
}, 240_000);

// Test support: real server processes (`tsx server/src/main.ts`) as separate nodes, for the tests
// that need several nodes on one database and one Redis (sessions ending everywhere at once).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerNode {
  child: ChildProcess;
  url: string;
}

/** Starts main.ts with `env` on top of this process's and resolves once it says it is up. */
export function startNode(env: Record<string, string | undefined>): Promise<ServerNode> {
  const childEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"port":(\d+)[^\n]*Seamline is up at /.exec(out); // the port listened on, whatever PUBLIC_URL says
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was up:\n${out.slice(-2000)}`)));
  });
}

export function stopNode(node: ServerNode | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
  });
}

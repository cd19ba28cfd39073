// Fan-out of a company-wide announcement (issue 12, point 5): BENCH_FANOUT_USERS (default 2,000)
// members of one company, each with a socket.io connection on loopback, then one
// POST announcement/publish. Each socket notes when its notification arrives. The commit lies
// between the request leaving and the answer arriving (the push goes out right after the commit,
// before the answer), so the figures are measured from the request (an upper bound) and the
// 95th-percentile budget is 100 ms after the commit. The commit itself is timed by a callback the
// bench adds first to each tenant transaction (db.onCommit runs callbacks in order, so it runs
// before the push). The clients run in a forked process of their own (bench/fanoutClients.ts), as
// browsers would: their decoding does not count against the server. Times cross the process
// boundary as performance.timeOrigin + performance.now() (same machine). Every wait has a deadline.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from '@seamline/server/api';
import { hashToken, newToken } from '../server/src/auth/tokens';
import { onCommit } from '../server/src/db';
import type { FromClients, ToClients } from './fanoutClients';
import { startBenchServer } from './harness';

const USERS = Number(process.env.BENCH_FANOUT_USERS ?? 2000);
const CONNECT_BATCH = 100;
const DEADLINE_MS = 30_000;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const now = () => performance.timeOrigin + performance.now();

/** The forked client process; ask() sends (unless null) and waits, bounded, for its next answer of one type. */
function startClients() {
  const child: ChildProcess = fork(fileURLToPath(new URL('./fanoutClients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends FromClients['type']>(msg: ToClients | null, answer: T, deadlineMs: number) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
      const done = (err?: Error, value?: Extract<FromClients, { type: T }>) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (err) reject(err);
        else resolve(value!);
      };
      const onMessage = (m: FromClients) => {
        if (m.type === 'error') done(new Error(`fan-out clients: ${m.message}`));
        else if (m.type === answer) done(undefined, m as Extract<FromClients, { type: T }>);
      };
      const onExit = (code: number | null) => done(new Error(`fan-out clients exited (${code})`));
      const timer = setTimeout(() => done(new Error(`fan-out clients: no '${answer}' within ${deadlineMs} ms`)), deadlineMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (msg) child.send(msg);
    });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send({ type: 'close' } satisfies ToClients);
    const timer = setTimeout(() => child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { ask, close };
}

export async function benchFanout() {
  const srv = await startBenchServer('brand.admin');
  const clients = startClients();
  try {
    const me = (await srv.call('GET', 'utilsapi/access/user-state', { token: srv.token })).body.data.results;
    const clientId: string = me.clientid;
    const tokens = Array.from({ length: USERS }, () => newToken());
    const users = await srv.db.asSystem(async (tx) => {
      const res = await tx.execute(sql`insert into app_user (username, password_hash, full_name, language_code)
        select 'fan.' || g, 'not-a-hash', 'Fan ' || g, case when g % 2 = 0 then 'en' else 'zh' end from generate_series(1, ${USERS}::int) g
        returning id`);
      const ids = (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
      // Arrays travel as one JSON parameter (drizzle would bind each element on its own).
      const pairs = JSON.stringify(ids.map((u, i) => ({ u, t: hashToken(tokens[i]), r: hashToken(newToken()) })));
      await tx.execute(sql`insert into user_client (client_id, user_id, user_type)
        select ${clientId}, (j->>'u')::uuid, 'COMMON' from json_array_elements(${pairs}::json) j`);
      await tx.execute(sql`insert into auth_session (user_id, client_id, token_hash, token_expires_at, refresh_hash, refresh_expires_at)
        select (j->>'u')::uuid, ${clientId}, j->>'t', now() + interval '2 hours', j->>'r', now() + interval '7 days'
        from json_array_elements(${pairs}::json) j`);
      return ids;
    });

    const { ms } = await clients.ask(
      { type: 'connect', base: srv.base, clientId, users: users.map((id, i) => ({ id, token: tokens[i] })), batch: CONNECT_BATCH, deadlineMs: DEADLINE_MS },
      'connected',
      DEADLINE_MS * Math.ceil(USERS / CONNECT_BATCH),
    );
    // Both processes stamp times as timeOrigin + now; a round trip bounds how far apart they read.
    const sent = now();
    const { at: theirs } = await clients.ask({ type: 'clock' }, 'clock', DEADLINE_MS);
    const back = now();
    const skew = theirs - (sent + back) / 2;
    console.log(
      `\nfan-out bench on ${srv.kind}: ${USERS} members connected from a separate client process in ${(ms / 1000).toFixed(1)} s ` +
        `(clock offset ${skew.toFixed(2)} ± ${((back - sent) / 2).toFixed(2)} ms)`,
    );

    // A callback added before the handler runs times the commit; one added after it runs after the
    // push (callbacks run in order), so their difference is the server's own time to hand the
    // message to every socket — the rest of an arrival is the network and the clients' decoding.
    let committedAt = NaN;
    let pushedAt = NaN;
    const withTenant = srv.db.withTenant.bind(srv.db);
    srv.db.withTenant = (clientId, fn, options) =>
      withTenant(clientId, async (tx) => {
        onCommit(tx, () => (committedAt = now()));
        const result = await fn(tx);
        onCommit(tx, () => (pushedAt = now()));
        return result;
      }, options);

    const figures: Array<Record<string, number | string>> = [];
    for (let round = 1; round <= 3; round++) {
      await clients.ask({ type: 'arm', round, deadlineMs: DEADLINE_MS }, 'armed', DEADLINE_MS);
      const arrived = clients.ask(null, 'arrivals', DEADLINE_MS * 2);
      const t = now();
      const res = await srv.call('POST', 'utilsapi/notifyapi/announcement/publish', { token: srv.token, form: { DATA: JSON.stringify({ title: `Fan-out ${round}`, content: 'Everyone, please read.' }) } });
      const answered = now() - t;
      if (res.status !== 200) throw new Error(`publish ${res.status} ${JSON.stringify(res.body)}`);
      const { at: arrivals, keys } = await arrived;
      const lat = arrivals.map((a) => a - committedAt).sort((a, b) => a - b);
      figures.push({
        round,
        received: `${lat.length}/${USERS}`,
        'commit after ms': Math.round(committedAt - t),
        'answer after ms': Math.round(answered),
        'push out ms': Number((pushedAt - committedAt).toFixed(1)),
        'first ms': Math.round(lat[0] ?? NaN),
        'p50 ms': Math.round(pct(lat, 50)),
        'p95 ms': Math.round(pct(lat, 95)),
        'last ms': Math.round(lat[lat.length - 1] ?? NaN),
        // One notify() call is one message: every recipient gets the same msgid.
        msgids: keys,
      });
    }
    console.table(figures);
    const best = Math.min(...figures.map((f) => Number(f['p95 ms'])));
    console.log(`fan-out p95 after the commit (first/p50/p95/last are ms after it; push out: the server's emit): best of 3 ${best} ms — ${(best / 100).toFixed(2)} of the budget (≤ 100 ms)`);
  } finally {
    await clients.close();
    await srv.close();
  }
}

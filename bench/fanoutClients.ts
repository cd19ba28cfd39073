// The 2,000 socket.io clients of bench/fanout.ts, in a process of their own (forked, IPC), as
// real users' browsers would be: their decoding does not compete with the server's event loop.
// Arrival times are sent as performance.timeOrigin + performance.now() (ms since the epoch, sub-ms),
// comparable with the server process's on the same machine. Every wait has a deadline.
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

export type ToClients =
  | { type: 'connect'; base: string; clientId: string; users: { id: string; token: string }[]; batch: number; deadlineMs: number }
  | { type: 'clock' }
  | { type: 'arm'; round: number; deadlineMs: number }
  | { type: 'close' };

export type FromClients =
  | { type: 'connected'; ms: number }
  | { type: 'clock'; at: number }
  | { type: 'armed'; round: number }
  /** `at`: arrival times (epoch ms); `keys`: how many distinct msgids arrived. */
  | { type: 'arrivals'; round: number; at: number[]; keys: number }
  | { type: 'error'; message: string };

const now = () => performance.timeOrigin + performance.now();
const send = (m: FromClients) => process.send!(m);
const sockets: Socket[] = [];

function connect(base: string, token: string, userid: string, clientid: string, deadlineMs: number): Promise<Socket> {
  const socket = io(base, { path: '/ws', transports: ['websocket'], reconnection: false, auth: { token }, forceNew: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket connect timed out')), deadlineMs);
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.once('connect', async () => {
      try {
        const answer = await socket.timeout(deadlineMs).emitWithAck('connectto', { userid, clientid });
        if (!answer?.ok) throw new Error('connectto refused');
        resolve(socket);
      } catch (err) {
        reject(err);
      } finally {
        clearTimeout(timer);
      }
    });
  });
}

function arm(round: number, deadlineMs: number): void {
  const at: number[] = [];
  const keys = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const finish = () => {
    clearTimeout(timer);
    for (const s of sockets) s.removeAllListeners('message');
    send({ type: 'arrivals', round, at, keys: keys.size });
  };
  for (const s of sockets) {
    s.once('message', (msg: { msgid?: string }) => {
      at.push(now());
      keys.add(String(msg?.msgid));
      if (at.length === sockets.length) finish();
    });
  }
  timer = setTimeout(finish, deadlineMs);
  send({ type: 'armed', round });
}

process.on('message', async (m: ToClients) => {
  try {
    if (m.type === 'connect') {
      const t = performance.now();
      for (let i = 0; i < m.users.length; i += m.batch) {
        const part = m.users.slice(i, i + m.batch);
        sockets.push(...(await Promise.all(part.map((u) => connect(m.base, u.token, u.id, m.clientId, m.deadlineMs)))));
      }
      send({ type: 'connected', ms: performance.now() - t });
    } else if (m.type === 'clock') send({ type: 'clock', at: now() });
    else if (m.type === 'arm') arm(m.round, m.deadlineMs);
    else if (m.type === 'close') {
      for (const s of sockets) s.close();
      process.disconnect?.();
      process.exit(0);
    }
  } catch (err) {
    send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
// The parent is gone (crashed or killed): do not linger.
process.on('disconnect', () => process.exit(0));

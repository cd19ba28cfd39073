// socket.io at /ws (docs/API.md 'Notifications'). The handshake must carry a live access token
// (auth.token or query token). The client then emits `connectto` {userid, clientid}; only ids that
// match the token's session join the rooms (per user, per company, per group) — a forged id joins
// nothing and gets a `connectto` answer {ok:false}. With REDIS_URL set, the Redis adapter carries
// room emits between server processes.
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { findSession, type Session } from '../auth/session';
import { awaitsAssignment } from '../userTypes';
import { onSessionBus, sessionMatcher, redisTransport, setBusTransport, type RedisLike } from '../auth/sessionBus';
import type { Db } from '../db';
import { GROUP_ADD, GROUP_REMOVE, groupsOf } from './groups';
import { clientRoom, getHub, groupRoom, setHub, userRoom } from './hub';

export const SOCKET_PATH = '/ws';

interface SocketData {
  session: Session;
  token: string;
  joined: boolean;
}

export interface RealtimeOptions {
  db: Db;
  /** redis://… — several server processes share rooms through it. */
  redisUrl?: string;
}

export function attachRealtime(app: FastifyInstance, { db, redisUrl }: RealtimeOptions): Server {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  let adapterReady: Promise<void> = Promise.resolve();
  let closeTransport = async (): Promise<void> => undefined;
  if (redisUrl) {
    // The Redis client and adapter load only when configured (issue 12: ~24 MB less when idle without).
    adapterReady = (async () => {
      const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
      const pub = createClient({ url: redisUrl });
      // SOCKET_REDIS_KEY separates deployments (or test runs) sharing one Redis.
      const key = process.env.SOCKET_REDIS_KEY || 'seamline';
      const sub = pub.duplicate();
      pub.on('error', (err) => app.log.error({ err }, 'redis (socket.io publish) error'));
      sub.on('error', (err) => app.log.error({ err }, 'redis (socket.io subscribe) error'));
      // The session bus (auth/sessionBus.ts) subscribes on a connection of its own.
      const busSub = pub.duplicate();
      busSub.on('error', (err) => app.log.error({ err }, 'redis (session bus) error'));
      redisClients.push(pub, sub, busSub);
      await Promise.all([pub.connect(), sub.connect(), busSub.connect()]);
      io.adapter(createAdapter(pub, sub, { key }));
      const transport = await redisTransport(pub as unknown as RedisLike, busSub as unknown as RedisLike, key, (msg) => app.log.warn(msg));
      setBusTransport(transport);
      closeTransport = async () => {
        setBusTransport(null);
        await transport.close();
      };
    })();
  }

  // An ended session's sockets close at once, on every node (the bus reaches each node).
  const stopListening = onSessionBus((event) => {
    if (event.kind !== 'sessionsEnded') return;
    const concerned = sessionMatcher([event]);
    for (const socket of io.of('/').sockets.values()) {
      const s = (socket.data as Partial<SocketData>).session;
      if (s && concerned(s)) socket.disconnect(true);
    }
  });

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const query = socket.handshake.query as { token?: unknown };
    const token = typeof auth?.token === 'string' ? auth.token : typeof query?.token === 'string' ? query.token : '';
    const session = token ? await findSession(db, token).catch(() => null) : null;
    if (!session) return next(new Error('unauthorized'));
    // A membership awaiting assignment hears nothing of its company (issue 11: it may only see that it waits).
    if (awaitsAssignment(session)) return next(new Error('awaiting assignment'));
    Object.assign(socket.data, { session, token, joined: false } satisfies SocketData);
    next();
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    socket.on('connectto', async (payload: unknown, ack?: (answer: unknown) => void) => {
      const reply = typeof ack === 'function' ? ack : (answer: unknown) => socket.emit('connectto', answer);
      const { userid, clientid } = (payload ?? {}) as { userid?: unknown; clientid?: unknown };
      // A session can end while its socket stays open: check it again.
      const session = await findSession(db, data.token).catch(() => null);
      if (!session || userid !== session.userId || clientid !== session.clientId) {
        reply({ ok: false });
        // A socket whose session ended between its handshake and now hears nothing more.
        if (!session) socket.disconnect(true);
        return;
      }
      const groups = await db.withTenant(session.clientId, (tx) => groupsOf(tx, session)).catch((): string[] => []);
      await socket.join([userRoom(session.userId), clientRoom(session.clientId), ...groups.map(groupRoom)]);
      data.joined = true;
      reply({ ok: true, groups });
    });
    // A client asks to enter or leave a group room; it may enter only a group it belongs to.
    socket.on(GROUP_ADD, async (payload: unknown, ack?: (answer: unknown) => void) => {
      const group = (payload as { group?: unknown })?.group;
      let ok = false;
      if (data.joined && typeof group === 'string') {
        const groups = await db.withTenant(data.session.clientId, (tx) => groupsOf(tx, data.session)).catch((): string[] => []);
        if (groups.includes(group)) {
          await socket.join(groupRoom(group));
          ok = true;
        }
      }
      if (typeof ack === 'function') ack({ ok });
    });
    socket.on(GROUP_REMOVE, async (payload: unknown, ack?: (answer: unknown) => void) => {
      const group = (payload as { group?: unknown })?.group;
      if (typeof group === 'string') await socket.leave(groupRoom(group));
      if (typeof ack === 'function') ack({ ok: typeof group === 'string' });
    });
  });

  setHub({ io, db });
  app.addHook('onReady', async () => {
    await adapterReady;
  });
  // Open websockets would keep the HTTP server's close waiting: drop them first. Closing the
  // transports (not a server-side disconnect, which tells a client to stay away) is the clients'
  // hint to reconnect: behind a balancer, to another node (docs/operations.md 'Graceful shutdown').
  app.addHook('preClose', async () => {
    if (getHub()?.io === io) setHub(null);
    stopListening();
    await closeTransport();
    io.engine.close();
    await adapterReady.catch(() => undefined);
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });
  return io;
}

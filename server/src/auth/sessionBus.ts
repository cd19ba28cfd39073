// The session-revocation bus: one message to every server node when sessions end (logout, freeze,
// password set, removal from a company, refresh-token replay) or when what a session carries
// changes (membership type, language, roles, menus). Each node drops its cached sessions (and
// menus) and disconnects the sockets of ended sessions. With REDIS_URL the message goes through
// Redis pub/sub and the publisher waits until every subscribed node has acted on it; without
// Redis it is delivered in-process (one node).
//
// Callers name what ended and pass the transaction that ended it:
//   await sessionsEnded({ userIds: [id] }, tx);
// Inside an HTTP request the message is published once the handler has finished, before the
// answer leaves (so the caller's next request sees it on every node), and only if `tx` committed.
// Outside a request it is published after `tx` commits (afterCommit), or at once without `tx`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { onCommit, type Tx } from '../db';
import { afterCommit } from '../realtime/afterCommit';
import { getHub } from '../realtime/hub';

export interface SessionTarget {
  sessionIds?: string[];
  userIds?: string[];
  /** Every session in these companies (with userIds: only those users' sessions there). */
  clientIds?: string[];
}

export type BusEvent =
  /** The sessions are revoked: drop them from caches, disconnect their sockets. */
  | ({ kind: 'sessionsEnded' } & SessionTarget)
  /** A member's type, language, super-admin flag or roles changed: drop cached sessions and menus. */
  | ({ kind: 'membershipChanged' } & SessionTarget)
  /** The session's access token was replaced (refresh): drop cached entries, sockets stay. */
  | ({ kind: 'sessionsRenewed' } & SessionTarget)
  /** Menus, role grants or data rules of a company changed: drop cached menus and actors. */
  | ({ kind: 'menusChanged' } & SessionTarget)
  /**
   * What a session's own state shows (user-state: profile, company, settings, unread counts, the
   * companies it can switch to) may have changed for the sessions any of `targets` concerns, or
   * for every session ('all'). Sessions themselves stay valid.
   */
  | { kind: 'stateChanged'; targets: SessionTarget[] | 'all' };

export type BusListener = (event: BusEvent) => void | Promise<void>;

const listeners = new Set<BusListener>();
let generation = 0;

/** Subscribes on this node; returns the unsubscribe function. */
export function onSessionBus(listener: BusListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Bumped by every delivered message. A cache reads it before a database lookup and stores the
 * result only if it has not moved, so a lookup racing with a revocation never repopulates.
 */
export function busGeneration(): number {
  return generation;
}

/** Acts on a message on this node (every listener, awaited). */
export async function deliver(event: BusEvent): Promise<void> {
  generation++;
  await Promise.all([...listeners].map(async (l) => l(event)));
}

/** How messages leave this node (Redis when configured); null: in-process only. */
export interface BusTransport {
  publish(event: BusEvent): Promise<void>;
}

let transport: BusTransport | null = null;

export function setBusTransport(next: BusTransport | null): void {
  transport = next;
}

/** Publishes now to every node (this one included) and resolves once they have acted. */
export async function publishNow(event: BusEvent): Promise<void> {
  // This node first, without waiting on the network.
  await deliver(event);
  if (transport) await transport.publish(event);
}

interface Scope {
  pending: BusEvent[];
}
const scopes = new AsyncLocalStorage<Scope>();

/**
 * Publishes `event`: at the end of the current request, else after `tx` commits, else now.
 * Never throws for the caller's transaction.
 */
export async function publish(event: BusEvent, tx?: Tx): Promise<void> {
  const scope = scopes.getStore();
  if (scope) {
    // Only what commits goes out: a rolled-back freeze must not drop live sockets. (A savepoint
    // has no commit hook of its own: then it goes out whatever happens, which only over-invalidates.)
    if (tx && onCommit(tx, () => void scope.pending.push(event))) return;
    scope.pending.push(event);
    return;
  }
  const hub = getHub();
  if (tx && hub) {
    await afterCommit(tx, hub.db, () => void publishNow(event).catch(() => undefined));
    return;
  }
  // No request and no realtime hub (scripts, seeds): nothing is cached elsewhere that we can reach.
  await publishNow(event).catch(() => undefined);
}

/** Sessions ended (revoked in the database by the caller): caches drop them, sockets close. */
export function sessionsEnded(target: SessionTarget, tx?: Tx): Promise<void> {
  return publish({ kind: 'sessionsEnded', ...target }, tx);
}

/** A member's type, language, super-admin flag or roles changed: sessions and menus re-read. */
export function membershipChanged(target: SessionTarget, tx?: Tx): Promise<void> {
  return publish({ kind: 'membershipChanged', ...target }, tx);
}

/** The session's access token was replaced (refresh-token): the old one must stop at once. */
export function sessionsRenewed(target: SessionTarget, tx?: Tx): Promise<void> {
  return publish({ kind: 'sessionsRenewed', ...target }, tx);
}

/** Menus, role grants or data rules changed: menu and actor caches re-read. */
export function menusChanged(target: SessionTarget, tx?: Tx): Promise<void> {
  return publish({ kind: 'menusChanged', ...target }, tx);
}

/**
 * The state shown to these sessions changed. Every write request publishes it for its caller and
 * the caller's company (routes.ts); code that changes what other users see (notify(), memberships
 * added elsewhere) names them.
 */
export function stateChanged(targets: SessionTarget[] | 'all', tx?: Tx): Promise<void> {
  return publish({ kind: 'stateChanged', targets }, tx);
}

type SessionLike = { id?: string; userId: string; clientId: string };

/**
 * Which sessions any of `targets` names: by session id, or by user and company (both must match
 * when both are named, else the one named). Sets are built once, so a message naming thousands of
 * users (a company-wide notification) costs one lookup per cached entry.
 */
export function sessionMatcher(targets: readonly SessionTarget[]): (s: SessionLike) => boolean {
  const sets = targets.map((t) => ({
    sessions: t.sessionIds?.length ? new Set(t.sessionIds) : null,
    users: t.userIds?.length ? new Set(t.userIds) : null,
    clients: t.clientIds?.length ? new Set(t.clientIds) : null,
  }));
  return (s) =>
    sets.some(({ sessions, users, clients }) => {
      if (sessions && s.id !== undefined && sessions.has(s.id)) return true;
      if (users && clients) return users.has(s.userId) && clients.has(s.clientId);
      if (users) return users.has(s.userId);
      if (clients) return clients.has(s.clientId);
      return false;
    });
}

/**
 * Each request gets a scope collecting its messages; they are published (and acted on by every
 * node) before the answer is sent, whether the handler succeeded or failed.
 */
export function registerSessionBus(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: Scope = { pending: [] };
    (req as unknown as { busScope: Scope }).busScope = scope;
    scopes.run(scope, done);
  });
  app.addHook('onSend', async (req) => {
    const scope = (req as unknown as { busScope?: Scope }).busScope;
    if (!scope?.pending.length) return;
    const events = scope.pending.splice(0);
    for (const event of events) await publishNow(event).catch((err) => req.log.error({ err }, 'session bus publish failed'));
  });
}

/** Redis pub/sub transport; the publisher waits (bounded) for every subscriber's ack. */
export interface RedisLike {
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel?: string): Promise<unknown>;
}

const ACK_TIMEOUT_MS = 2000;

export async function redisTransport(pub: RedisLike, sub: RedisLike, key: string, log: (msg: string) => void): Promise<BusTransport & { close(): Promise<void> }> {
  const nodeId = randomUUID();
  const channel = `${key}#session-bus`;
  const ackChannel = `${key}#session-bus-ack#${nodeId}`;
  // Acks may come back before PUBLISH answers how many subscribers there were: count both.
  const waiting = new Map<string, { got: number; expected: number | null; done: () => void }>();
  await sub.subscribe(channel, (raw) => {
    let message: { id: string; from: string; event: BusEvent };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    // The publisher delivered it locally already; it only counts its own ack.
    const acted = message.from === nodeId ? Promise.resolve() : deliver(message.event);
    void acted
      .catch(() => undefined)
      .then(() => pub.publish(`${key}#session-bus-ack#${message.from}`, message.id))
      .catch(() => undefined);
  });
  await sub.subscribe(ackChannel, (id) => {
    const w = waiting.get(id);
    if (!w) return;
    w.got++;
    if (w.expected !== null && w.got >= w.expected) w.done();
  });
  return {
    async publish(event) {
      const id = randomUUID();
      const acked = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          log(`session bus: not every node acknowledged ${event.kind} within ${ACK_TIMEOUT_MS} ms`);
          resolve();
        }, ACK_TIMEOUT_MS);
        waiting.set(id, {
          got: 0,
          expected: null,
          done: () => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve();
          },
        });
      });
      const receivers = await pub.publish(channel, JSON.stringify({ id, from: nodeId, event }));
      const w = waiting.get(id);
      if (w) {
        w.expected = receivers;
        if (w.got >= receivers) w.done();
      }
      await acked;
    },
    async close() {
      await sub.unsubscribe().catch(() => undefined);
    },
  };
}

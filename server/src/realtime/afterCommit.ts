// Runs a callback once the transaction that asked for it has committed (and drops it when the
// transaction rolls back), without a hook in the transaction itself: the transaction records its
// id, and a poller asks PostgreSQL for that id's fate with pg_xact_status(). On PGlite the poll
// waits behind the connection's mutex, so its first answer is already final; on a PostgreSQL
// server it retries with a growing pause while the transaction is still running.
import { sql } from 'drizzle-orm';
import { onCommit, type Db, type Tx } from '../db';

type Callback = () => void;
const pending = new Map<string, Callback[]>();

/** Call inside `tx`; `fn` runs after `tx` commits, never if it rolls back. */
export async function afterCommit(tx: Tx, db: Db, fn: Callback): Promise<void> {
  // A transaction of db.withTenant/asSystem runs it the moment it commits; only savepoints poll.
  if (onCommit(tx, fn)) return;
  const rows = await tx.execute(sql`select pg_current_xact_id()::text as xid`);
  const xid = String((rows as unknown as { rows: { xid: string }[] }).rows[0]!.xid);
  const list = pending.get(xid);
  if (list) {
    list.push(fn);
    return;
  }
  pending.set(xid, [fn]);
  void watch(db, xid);
}

const MAX_PAUSE_MS = 1000;

async function watch(db: Db, xid: string): Promise<void> {
  let pause = 5;
  for (;;) {
    // Let the caller's transaction finish its work first.
    await new Promise((resolve) => setTimeout(resolve, pause));
    let status: string | null;
    try {
      const res = await db.asSystem((tx) => tx.execute(sql`select pg_xact_status(${xid}::xid8) as status`));
      status = String((res as unknown as { rows: { status: string | null }[] }).rows[0]?.status ?? '');
    } catch {
      // The database went away (shutdown): nothing will be sent for this transaction.
      pending.delete(xid);
      return;
    }
    if (status === 'in progress') {
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
      continue;
    }
    const callbacks = pending.get(xid) ?? [];
    pending.delete(xid);
    if (status === 'committed') for (const fn of callbacks) fn();
    return;
  }
}

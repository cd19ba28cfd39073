// The workbench's control tower: every area registers counters of what waits on the user
// (approvals, overdue tasks, open tickets); GET utilsapi/workspace/control-tower runs them all.
import type { Session } from '../auth/session';
import type { Tx } from '../db';

export interface WorkCounter {
  /** Unique, e.g. 'flow.approvals'. */
  key: string;
  label: { en: string; zh: string };
  /** Web route the counter opens. */
  url: string;
  count: (tx: Tx, session: Session) => Promise<number>;
  /** A menu code whose badge shows this count instead of its unread messages (menu-unread-sum). */
  menu?: string;
}

const counters = new Map<string, WorkCounter>();

/** Registers (or replaces, by key) a counter; call it at module load or in an area's routes(). */
export function registerWorkCounter(counter: WorkCounter): void {
  counters.set(counter.key, counter);
}

export function workCounters(): WorkCounter[] {
  return [...counters.values()];
}

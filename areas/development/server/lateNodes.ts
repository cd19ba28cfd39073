// Late T&A nodes alert their company once (issue 27). A node past its planned day with no actual
// date is late whether or not anyone opens its plan, so a sweep finds them (not a read): every
// server node runs it on a timer, as the system, in short slices. Each late node is claimed in
// plm_tna_late_alert (insert; the node already there: nothing) in the transaction that notifies,
// so several nodes sweeping at once, or a sweep run twice, alert each node exactly once. The
// notice goes to the node's owner (its named user, else the users with its owner role) in the
// plan's company — the company doing the work — else to that company's administrators.
import { notify, sql, type Db, type RunningWorker, type Tx } from '@seamline/server/api';
import type { FastifyBaseLogger } from 'fastify';
import { PLM_MODULE, plmText } from '../meta';
import { rows, today } from './db';

/** Nodes claimed per transaction: the database is held in short slices (docs/jobs.md). */
const SLICE = 200;

interface Claimed {
  node_id: string;
  client_id: string;
  plan_id: string;
  planned_date: string;
}

async function recipients(tx: Tx, n: { client_id: string; owner_id: string | null; owner_role: string | null }): Promise<string[]> {
  if (n.owner_id) return [n.owner_id];
  const role = (n.owner_role ?? '').trim();
  const owners = role
    ? await rows<{ id: string }>(tx, sql`select ur.user_id as id from user_role ur join role r on r.id = ur.role_id and r.client_id = ur.client_id where ur.client_id = ${n.client_id}::uuid and r.code = ${role}`)
    : [];
  if (owners.length) return owners.map((o) => o.id);
  const admins = await rows<{ id: string }>(tx, sql`select user_id as id from user_client where client_id = ${n.client_id}::uuid and user_type = 'ADMIN'`);
  return admins.map((a) => a.id);
}

async function alert(tx: Tx, c: Claimed): Promise<void> {
  const [n] = await rows<{ client_id: string; owner_id: string | null; owner_role: string | null; node_code: string; node_name: string | null; plan: string; order_code: string | null }>(
    tx,
    sql`select n.client_id::text as client_id, n.owner_id::text as owner_id, n.owner_role, n.node_code, n.node_name, p.code as plan, coalesce(o.code, p.order_ref) as order_code
          from plm_node_following_nodes n join plm_node_following p on p.id = n.parent_id
          left join ord_customer_order o on o.id = p.customer_order_id
         where n.id = ${c.node_id}::uuid`,
  );
  if (!n) return;
  const to = await recipients(tx, n);
  if (!to.length) return;
  await notify(tx, { userId: '', clientId: n.client_id }, {
    type: 'MSG',
    toUserIds: to,
    toClientId: n.client_id,
    module: PLM_MODULE,
    functionSubarea: 'node-following',
    relatedKey: c.plan_id,
    content: plmText('plm.nodeLate', { plan: n.plan, order: n.order_code ?? '', node: `${n.node_code} ${n.node_name ?? ''}`.trim(), planned: c.planned_date }),
    url: `/dev/page/node-following?id=${c.plan_id}`,
    menuId: 'DEV_NODE_FOLLOWING',
  });
}

/** Alerts every node late on `day` not alerted before; returns how many this call alerted. */
export async function sweepLateNodes(db: Db, day: string = today()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.asSystem(async (tx) => {
      const claimed = await rows<Claimed>(
        tx,
        sql`insert into plm_tna_late_alert (node_id, client_id, plan_id, planned_date)
            select n.id, n.client_id, n.parent_id, n.planned_date from plm_node_following_nodes n
             where n.actual_date is null and n.planned_date < ${day}::date
               and not exists (select 1 from plm_tna_late_alert a where a.node_id = n.id)
             order by n.planned_date, n.id limit ${SLICE}
            on conflict (node_id) do nothing
            returning node_id::text, client_id::text, plan_id::text, planned_date::text`,
      );
      for (const c of claimed) await alert(tx, c);
      return claimed.length;
    });
    total += n;
    if (n < SLICE) return total;
  }
}

/** Every node sweeps on a timer (TNA_SWEEP_MS, default 15 minutes; 0: off); the claim keeps it once. */
export async function startLateNodeSweep({ db, log }: { db: Db; log: FastifyBaseLogger }): Promise<RunningWorker> {
  const every = Number(process.env.TNA_SWEEP_MS ?? 15 * 60_000);
  let running: Promise<unknown> | null = null;
  const timer =
    every > 0
      ? setInterval(() => {
          if (running) return; // a long sweep is not started twice on one node
          running = sweepLateNodes(db)
            .catch((err) => log.warn({ err }, 'late T&A node sweep'))
            .finally(() => (running = null));
        }, every)
      : null;
  timer?.unref();
  return {
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

// 'My approvals': each pending approver's to-dos (one per node visit), paged and filterable, and
// the control tower's 'approvals waiting' counter.
import { and, appUser, asc, count, eq, pagingOf, sql, type Session, type Tx } from '@seamline/server/api';
import { cpmInstance, cpmTask } from './schema';

const MAX_SIZE = 200;

const paging = (p: Record<string, unknown>) => pagingOf(p, { maxSize: MAX_SIZE });

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export async function myApprovals(tx: Tx, session: Session, q: Record<string, unknown>, p: Record<string, unknown>) {
  const { page, size } = paging(p);
  const entity = text(q.entity);
  const processCode = text(q.process_code);
  const keyword = text(q.keyword);
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(cpmTask.clientId, session.clientId),
    eq(cpmTask.userId, session.userId),
    eq(cpmTask.outcome, 'PENDING'),
    entity ? eq(cpmInstance.entity, entity) : undefined,
    processCode ? eq(cpmInstance.processCode, processCode) : undefined,
    like ? sql`(${cpmInstance.title} ilike ${like} or ${cpmInstance.processName} ilike ${like})` : undefined,
  );
  const [{ total }] = await tx
    .select({ total: count() })
    .from(cpmTask)
    .innerJoin(cpmInstance, eq(cpmInstance.id, cpmTask.instanceId))
    .where(where);
  const rows = await tx
    .select({ task: cpmTask, inst: cpmInstance, initiator: appUser.fullName, initiatorName: appUser.username })
    .from(cpmTask)
    .innerJoin(cpmInstance, eq(cpmInstance.id, cpmTask.instanceId))
    .leftJoin(appUser, eq(appUser.id, cpmInstance.initiatorId))
    .where(where)
    .orderBy(asc(cpmTask.createdAt), asc(cpmTask.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    rows: rows.map(({ task, inst, initiator, initiatorName }) => {
      const node = (inst.nodes as Array<Record<string, unknown>>).find((n) => Number(n.node_seq) === task.seq) ?? {};
      return {
        task_id: task.id,
        pid: inst.id,
        entity: inst.entity,
        record_id: inst.recordId,
        title: inst.title,
        url: inst.url,
        process_code: inst.processCode,
        process_name: inst.processName,
        seq: task.seq,
        status_code: task.statusCode,
        text: (node.text as string) ?? '',
        color: (node.color as string) ?? '',
        node_version: task.nodeVersion,
        initiator: { id: inst.initiatorId, full_name: initiator || initiatorName || '' },
        since: task.createdAt.toISOString(),
      };
    }),
    total: Number(total),
    page,
    size,
  };
}

export async function pendingCount(tx: Tx, session: Session): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cpmTask)
    .where(and(eq(cpmTask.clientId, session.clientId), eq(cpmTask.userId, session.userId), eq(cpmTask.outcome, 'PENDING')));
  return Number(n);
}

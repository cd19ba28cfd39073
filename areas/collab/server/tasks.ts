// Tasks (spec §3 'Task', §4: status 10 in progress, 30 done): subject, due date, priority and
// participants of the same company. The creator and the participants see a task; participants
// added by a save are notified. notifyapi/notify-msg/my-task-list, page-task-list, task-save,
// task-change-status, task-remove.
import { t, type Lang } from '@seamline/core';
import {
  R, S,
  BizError, ValidationError, actingMembers, and, appUser, asc, collabTask, collabTaskParticipant, conflict, count, dataObject, desc, eq,
  exists, forbidden, inArray, isUuid, lt, notFound, notify, or, sql, userClient, type Api, type FieldErrors,
  type Session, type Tx,
} from '@seamline/server/api';
import { NOTIFY } from './inbox';
import { pageOf, paged } from './paging';

export const TASK_IN_PROGRESS = 10;
export const TASK_DONE = 30;
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const SUBJECT_MAX = 200;
export const DESCRIPTION_MAX = 4000;
/** The entity name tasks carry their attachments and notes under. */
export const TASK_ENTITY = 'collab-task';

type TaskRow = typeof collabTask.$inferSelect;

/** Tasks the user created or takes part in. */
export const involves = (session: Pick<Session, 'userId' | 'clientId'>) =>
  and(
    eq(collabTask.clientId, session.clientId),
    or(
      eq(collabTask.createdBy, session.userId),
      exists(
        sql`(select 1 from ${collabTaskParticipant} p where p.task_id = ${collabTask.id} and p.user_id = ${session.userId})`,
      ),
    ),
  );

const today = () => new Date().toISOString().slice(0, 10);

/** Open tasks of the user whose due date has passed (the control tower's 'overdue tasks'). */
export async function overdueTasks(tx: Tx, session: Session): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(collabTask)
    .where(and(involves(session), eq(collabTask.status, TASK_IN_PROGRESS), lt(collabTask.dueDate, today())));
  return row?.n ?? 0;
}

async function wire(tx: Tx, rows: TaskRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = await tx
    .select({ taskId: collabTaskParticipant.taskId, id: appUser.id, fullname: appUser.fullName, username: appUser.username })
    .from(collabTaskParticipant)
    .innerJoin(appUser, eq(appUser.id, collabTaskParticipant.userId))
    .where(inArray(collabTaskParticipant.taskId, ids))
    .orderBy(asc(appUser.username));
  const creators = await tx
    .select({ id: appUser.id, fullname: appUser.fullName, username: appUser.username })
    .from(appUser)
    .where(inArray(appUser.id, [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => !!x))]));
  const now = today();
  return rows.map((r) => {
    const creator = creators.find((c) => c.id === r.createdBy);
    return {
      id: r.id,
      subject: r.subject,
      description: r.description ?? '',
      due_date: r.dueDate ?? '',
      priority: r.priority,
      status: r.status,
      overdue: r.status === TASK_IN_PROGRESS && !!r.dueDate && r.dueDate < now,
      participants: people.filter((p) => p.taskId === r.id).map((p) => ({ id: p.id, fullname: p.fullname ?? p.username })),
      created_by: r.createdBy,
      created_by_name: creator ? (creator.fullname ?? creator.username) : '',
      created_at: new Date(r.createdAt).toISOString(),
      updated_at: new Date(r.updatedAt).toISOString(),
      version: r.version,
    };
  });
}

async function findTask(tx: Tx, session: Session, id: unknown, lock = false): Promise<TaskRow> {
  if (!isUuid(id)) throw notFound();
  const q = tx.select().from(collabTask).where(and(eq(collabTask.id, id), involves(session)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The user can see the task (attachments and notes of tasks use it). */
export async function canSeeTask(tx: Tx, session: Session, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: collabTask.id }).from(collabTask).where(and(eq(collabTask.id, id), involves(session)));
  return !!row;
}

interface TaskInput {
  subject: string;
  description: string | null;
  dueDate: string | null;
  priority: string;
  participants: string[];
}

async function checkTask(tx: Tx, session: Session, doc: Record<string, unknown>, lang: Lang): Promise<TaskInput> {
  const errors: FieldErrors = {};
  const subject = typeof doc.subject === 'string' ? doc.subject.trim() : '';
  if (!subject) errors.subject = [t(lang, 'val.required')];
  else if (subject.length > SUBJECT_MAX) errors.subject = [t(lang, 'collab.tooLong', { max: SUBJECT_MAX })];
  const description = typeof doc.description === 'string' && doc.description.trim() ? doc.description.trim() : null;
  if (description && description.length > DESCRIPTION_MAX) errors.description = [t(lang, 'collab.tooLong', { max: DESCRIPTION_MAX })];
  const rawDue = typeof doc.due_date === 'string' ? doc.due_date.trim() : '';
  let dueDate: string | null = null;
  if (rawDue) {
    const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(rawDue);
    const valid = d && !Number.isNaN(Date.parse(`${rawDue}T00:00:00Z`)) && new Date(`${rawDue}T00:00:00Z`).toISOString().startsWith(rawDue);
    if (!valid) errors.due_date = [t(lang, 'val.date')];
    else dueDate = rawDue;
  }
  const priority = typeof doc.priority === 'string' && doc.priority ? doc.priority : 'MEDIUM';
  if (!(PRIORITIES as readonly string[]).includes(priority)) errors.priority = [t(lang, 'collab.badPriority')];
  const rawPeople = Array.isArray(doc.participants) ? doc.participants : typeof doc.participants === 'string' && doc.participants ? doc.participants.split(',') : [];
  const participants = [...new Set(rawPeople.map((p) => (typeof p === 'object' && p ? String((p as { id?: unknown }).id) : String(p))))];
  if (participants.some((p) => !isUuid(p))) errors.participants = [t(lang, 'collab.notMember')];
  else if (participants.length) {
    // Only people who can read the task: the picker's (utilsapi/users/options) — no membership
    // awaiting assignment, no invitation placeholder, not the platform's super admin (issue 23).
    const members = await tx
      .select({ id: userClient.userId })
      .from(userClient)
      .where(and(eq(userClient.clientId, session.clientId), inArray(userClient.userId, participants), sql`${userClient.userId} in (${actingMembers(session.clientId, { guests: true })})`));
    if (members.length !== participants.length) errors.participants = [t(lang, 'collab.notMember')];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { subject, description, dueDate, priority, participants };
}

const statusOf = (v: unknown): number => {
  const n = Number(v);
  if (n !== TASK_IN_PROGRESS && n !== TASK_DONE) throw new BizError('collab.badStatus');
  return n;
};

export function taskRoutes(api: Api): void {
  // The workbench panel: the user's open tasks, soonest due first.
  api.get(NOTIFY + 'my-task-list', { schema: R.get('My open tasks, soonest first', { query: { limit: S.integer('1–50, default 10') } }), auth: true }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const limit = Math.min(Math.max(Number(query.limit) || 10, 1), 50);
      const rows = await tx
        .select()
        .from(collabTask)
        .where(and(involves(session), eq(collabTask.status, TASK_IN_PROGRESS)))
        .orderBy(sql`${collabTask.dueDate} asc nulls last`, desc(collabTask.createdAt))
        .limit(limit);
      return wire(tx, rows);
    }),
  );

  api.get(NOTIFY + 'page-task-list', { schema: R.get('Tasks I created or take part in', { query: { status: S.string(), keyword: S.string(), overdue: S.flag(), p: S.paging() } }), auth: true }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const { page, size } = pageOf(query);
      const filters = [involves(session)];
      const status = query.status;
      if (status === '10' || status === '30') filters.push(eq(collabTask.status, Number(status)));
      if (typeof query.keyword === 'string' && query.keyword.trim()) {
        filters.push(sql`${collabTask.subject} ilike ${likePattern(query.keyword)}`);
      }
      if (query.overdue === '1') filters.push(and(eq(collabTask.status, TASK_IN_PROGRESS), lt(collabTask.dueDate, today()))!);
      const where = and(...filters);
      const [{ total }] = (await tx.select({ total: count() }).from(collabTask).where(where)) as [{ total: number }];
      const rows = await tx
        .select()
        .from(collabTask)
        .where(where)
        .orderBy(asc(collabTask.status), sql`${collabTask.dueDate} asc nulls last`, desc(collabTask.createdAt), asc(collabTask.id))
        .limit(size)
        .offset((page - 1) * size);
      return paged(await wire(tx, rows), total, page, size);
    }),
  );

  api.get(NOTIFY + 'task-view', { schema: R.byId('One task'), auth: true, params: ['id'] }, ({ session, query, tenant }) =>
    tenant(async (tx) => (await wire(tx, [await findTask(tx, session, query.id)]))[0]),
  );

  api.post(NOTIFY + 'task-save', { schema: R.save('Create or edit a task', S.object({ id: S.uuid('Absent on create'), version: S.integer(), subject: S.string(), description: S.string(), due_date: S.date(), priority: S.string('Default MEDIUM'), participants: S.list(S.uuid()) }, ['subject'])), auth: true }, ({ session, body, tenant, lang }) =>
    tenant(async (tx) => {
      const doc = dataObject(body);
      const id = doc.id ?? doc.ID;
      const input = await checkTask(tx, session, doc, lang);
      const now = new Date();
      let taskId: string;
      let before: string[] = [];
      if (id) {
        const row = await findTask(tx, session, id, true);
        if (row.createdBy !== session.userId) throw forbidden('collab.onlyCreator');
        if (doc.version !== undefined && Number(doc.version) !== row.version) throw conflict();
        before = (await tx.select({ u: collabTaskParticipant.userId }).from(collabTaskParticipant).where(eq(collabTaskParticipant.taskId, row.id))).map((r) => r.u);
        await tx
          .update(collabTask)
          .set({ subject: input.subject, description: input.description, dueDate: input.dueDate, priority: input.priority, version: row.version + 1, updatedBy: session.userId, updatedAt: now })
          .where(eq(collabTask.id, row.id));
        await tx.delete(collabTaskParticipant).where(eq(collabTaskParticipant.taskId, row.id));
        taskId = row.id;
      } else {
        const [row] = await tx
          .insert(collabTask)
          .values({ clientId: session.clientId, subject: input.subject, description: input.description, dueDate: input.dueDate, priority: input.priority, status: TASK_IN_PROGRESS, createdBy: session.userId, updatedBy: session.userId })
          .returning({ id: collabTask.id });
        taskId = row!.id;
      }
      if (input.participants.length) {
        await tx.insert(collabTaskParticipant).values(input.participants.map((userId) => ({ clientId: session.clientId, taskId, userId })));
      }
      const added = input.participants.filter((p) => !before.includes(p) && p !== session.userId);
      if (added.length) await notifyTask(tx, session, taskId, added, 'collab.taskAssigned', input.subject);
      return (await wire(tx, [await findTask(tx, session, taskId)]))[0];
    }),
  );

  api.post(NOTIFY + 'task-change-status', { schema: R.onDoc('Change the status of a task', { status: S.string() }), auth: true, params: ['id', 'status'] }, ({ session, body, query, tenant }) =>
    tenant(async (tx) => {
      const doc = { ...query, ...body, ...dataObject(body) };
      const status = statusOf(doc.status);
      const row = await findTask(tx, session, doc.id, true);
      if (doc.version !== undefined && doc.version !== '' && Number(doc.version) !== row.version) throw conflict();
      if (row.status !== status) {
        await tx.update(collabTask).set({ status, version: row.version + 1, updatedBy: session.userId, updatedAt: new Date() }).where(eq(collabTask.id, row.id));
        if (status === TASK_DONE && row.createdBy && row.createdBy !== session.userId) {
          await notifyTask(tx, session, row.id, [row.createdBy], 'collab.taskDone', row.subject);
        }
      }
      return (await wire(tx, [await findTask(tx, session, row.id)]))[0];
    }),
  );

  api.delete(NOTIFY + 'task-remove', { schema: R.onDoc('Remove a task I created'), auth: true, params: ['id'] }, ({ session, body, query, tenant }) =>
    tenant(async (tx) => {
      const doc = { ...query, ...body, ...dataObject(body) };
      const row = await findTask(tx, session, doc.id, true);
      if (row.createdBy !== session.userId && session.userType !== 'ADMIN') throw forbidden('collab.onlyCreator');
      await tx.delete(collabTask).where(eq(collabTask.id, row.id));
      return { id: row.id };
    }),
  );
}

async function notifyTask(tx: Tx, session: Session, taskId: string, to: string[], key: string, subject: string): Promise<void> {
  const [me] = await tx.select({ fullname: appUser.fullName, username: appUser.username }).from(appUser).where(eq(appUser.id, session.userId));
  const who = me?.fullname ?? me?.username ?? '';
  await notify(tx, session, {
    type: 'MSG',
    toUserIds: to,
    toClientId: session.clientId,
    module: 'TASK',
    relatedKey: taskId,
    content: { en: t('en', key, { who, subject }), zh: t('zh', key, { who, subject }) },
    url: `/workspace/mailindex?tab=tasks&task=${taskId}`,
    menuId: 'COLLAB_TASK',
  });
}

/** Contains, with the user's % and _ taken literally. */
const likePattern = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The approval-flow tables: the designer's entities (process with nodes, project type), built
// from their definitions (the demo flow document's tables are the orders area's) — and the runtime:
// one instance per document, a to-do per approver and visit of a node, the history, and approvers
// added to later nodes. All are tenant tables (RLS, migration flow_rls).
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import { tablesOf } from '@seamline/server/tables';
import { businessColumns, clientId, id, index, integer, jsonb, pgTable, text, timestampTz, unique, uniqueIndex, uuid } from '@seamline/server/tables';
import { flowEntities } from '../meta';

export const { cpm_process, cpm_process_nodes, cpm_project_type, cpm_flow_binding } = tablesOf(flowEntities);

/** A document's run through a flow. `nodes` is the flow as it was at submit (later edits do not move running documents). */
export const cpmInstance = pgTable(
  'cpm_instance',
  {
    ...businessColumns(),
    processId: uuid('process_id').notNull(),
    processCode: text('process_code').notNull(),
    processName: text('process_name').notNull(),
    nodes: jsonb('nodes').notNull(),
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The document's display value (e.g. its number) and web route, for to-dos and notifications. */
    title: text('title').notNull().default(''),
    url: text('url'),
    /** PENDING_ARRPOVE (running) | APPROVED | REJECTED (returned to the initiator) | CANCELLED */
    status: text('status').notNull(),
    currentSeq: integer('current_seq'),
    /** Bumped whenever the current node changes: a push names the visit it saw (409 otherwise). */
    nodeVersion: integer('node_version').notNull().default(0),
    initiatorId: uuid('initiator_id').notNull(),
    round: integer('round').notNull().default(1),
    /** node_version when the current round began (a submit): node outcomes of earlier rounds are history only. */
    roundVersion: integer('round_version').notNull().default(0),
    /**
     * An action approval (docs/flow.md 'Action approvals'): the business step (e.g. 'publish') an
     * area carries out when the flow ends, with what it needs (`payload`); null for a document's
     * own lifecycle approval.
     */
    action: text('action'),
    payload: jsonb('payload'),
  },
  (t) => [unique('cpm_instance_doc_uq').on(t.clientId, t.entity, t.recordId)],
);

/** The columns every runtime row of an instance (to-do, history step, added approver) starts with:
 *  its id, its tenant and its instance, with which it is deleted. */
const ofInstance = () => ({
  id: id(),
  clientId: clientId(),
  instanceId: uuid('instance_id')
    .notNull()
    .references(() => cpmInstance.id, { onDelete: 'cascade' }),
});

/** One approver's to-do at one visit of a node. */
export const cpmTask = pgTable(
  'cpm_task',
  {
    ...ofInstance(),
    seq: integer('seq').notNull(),
    statusCode: text('status_code').notNull(),
    nodeVersion: integer('node_version').notNull(),
    userId: uuid('user_id').notNull(),
    /** PENDING | APPROVE | REJECT | CANCELLED (closed without a decision: an 'or' node decided, a return, a rollback) */
    outcome: text('outcome').notNull().default('PENDING'),
    comment: text('comment'),
    addedBy: uuid('added_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    actedAt: timestampTz('acted_at'),
  },
  (t) => [
    unique('cpm_task_visit_user_uq').on(t.instanceId, t.nodeVersion, t.userId),
    index('cpm_task_todo_idx').on(t.clientId, t.userId, t.outcome),
    index('cpm_task_instance_idx').on(t.instanceId),
  ],
);

/** Every step of a document's approval: who, when, what, comment. `request_id` makes retries idempotent. */
export const cpmHistory = pgTable(
  'cpm_history',
  {
    ...ofInstance(),
    seq: integer('seq'),
    statusCode: text('status_code'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    comment: text('comment'),
    targetSeq: integer('target_seq'),
    requestId: text('request_id'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('cpm_history_instance_idx').on(t.instanceId, t.at), uniqueIndex('cpm_history_request_uq').on(t.instanceId, t.requestId)],
);

/** Approvers added to a node not reached yet (insert-user-into-node); they get their to-do when it is. */
export const cpmNodeUser = pgTable(
  'cpm_node_user',
  {
    ...ofInstance(),
    seq: integer('seq').notNull(),
    userId: uuid('user_id').notNull(),
    addedBy: uuid('added_by'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('cpm_node_user_uq').on(t.instanceId, t.seq, t.userId)],
);

// The approval runtime's calls (spec §7 'Cross-API', docs/flow.md 'Runtime'). The client's own
// failure notification is switched off for them: a CPM failure is shown as the spec's mount-error
// or operation-failed message (CPM-13), a stale node as 'changed by someone else' (CPM-12).
import type { Label } from '@seamline/core';
import { api } from '@seamline/web/engine';

export const CPM = {
  pidFromUi: 'crossapi/ccommonapi/cpm-bus/pid-from-ui',
  view: 'crossapi/ccommonapi/cpm-bus/cpm-view',
  nodeActions: 'crossapi/ccommonapi/cpm-bus/cpm-node-actions',
  rollbackNodes: 'crossapi/ccommonapi/cpm-bus/cpm-allowed-rollback-nodes',
  push: 'crossapi/ccommonapi/cpm-bus/push',
  rollback: 'crossapi/ccommonapi/cpm-bus/rollback-node',
  pushBefore: 'crossapi/ccommonapi/dmn-bus/push-before',
  scenario: 'crossapi/ccommonapi/cpm-ot/scenario',
  insertUser: 'crossapi/superdesignapi/cpm-process/insert-user-into-node',
  myApprovals: 'crossapi/ccommonapi/cpm-bus/my-approvals',
} as const;

/** REJECT: a rollback to the node's only target (the server picks it), offered as its own button (CPM-03). */
export type CpmAction = 'APPROVE' | 'REJECT' | 'RETURN' | 'ROLLBACK' | 'ADD_APPROVER';

export interface CpmUser {
  id: string;
  full_name: string | null;
}

export interface CpmNode {
  seq: number;
  status_code: string;
  text: string;
  color: string | null;
  sign_type: string | null;
  is_end: boolean;
  current: boolean;
  outcome: 'APPROVE' | 'REJECT' | 'PENDING';
  approvers: (CpmUser & { outcome: string })[];
}

export interface CpmHistory {
  at: string;
  user: CpmUser | null;
  action: string;
  seq: number | null;
  status_code: string | null;
  target_seq: number | null;
  comment: string | null;
}

export interface CpmView {
  pid: string;
  entity: string;
  record_id: string;
  title: string;
  status: string;
  current_seq: number | null;
  current_status_code: string | null;
  node_version: number;
  initiator: CpmUser | null;
  doc_status: string;
  process: { code: string; name: string };
  nodes: CpmNode[];
  history: CpmHistory[];
}

export interface CpmNodeAction {
  action: CpmAction;
  label: Label;
}

export interface RollbackNode {
  seq: number;
  status_code: string;
  text: string;
  color: string | null;
}

const quiet = { notify: false } as const;

/** A fresh id per user action, so a retried request is recognised (push is idempotent on it). */
export function requestId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context
    }
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export const cpmApi = {
  pidFromUi: (entity: string, id: string) => api.get<{ pid: string; status: string } | null>(CPM.pidFromUi, { entity, id }, quiet),
  view: (pid: string) => api.get<CpmView>(CPM.view, { pid }, quiet),
  nodeActions: (pid: string) => api.get<CpmNodeAction[]>(CPM.nodeActions, { pid }, quiet),
  rollbackNodes: (pid: string) => api.get<RollbackNode[]>(CPM.rollbackNodes, { pid }, quiet),
  scenario: (pid: string) => api.get<Record<string, unknown> | null>(CPM.scenario, { pid }, quiet),
  /** The decision pre-check: query pid + action, the body the push will carry. */
  pushBefore: (pid: string, action: string, body: Record<string, unknown>) =>
    api.post<{ ok: boolean; messages?: string[] }>(CPM.pushBefore, body, { ...quiet, query: { pid, action } }),
  push: (body: Record<string, unknown>) => api.post<CpmView>(CPM.push, body, quiet),
  rollback: (body: Record<string, unknown>) => api.post<CpmView>(CPM.rollback, body, quiet),
  insertUser: (pid: string, seq: number, userId: string) => api.post<CpmView>(CPM.insertUser, { pid, seq, user_id: userId }, quiet),
};

// Pure decisions of the approval runtime, shared by the server and the web's approval panel.
import type { FlowNode, RejectType, SignType } from './types';
import { flowOrder } from './validate';

export type ApproverOutcome = 'PENDING' | 'APPROVE' | 'REJECT' | 'CANCELLED';

/**
 * A node's decision from its approvers' outcomes (the Flowable completion conditions
 * nrOfCompleted == nrOfInstances for 'AND', >= 1 for 'OR'). Closed to-dos (CANCELLED) do not count.
 */
export function signDecision(signType: SignType | null | undefined, outcomes: readonly ApproverOutcome[]): 'APPROVED' | 'PENDING' {
  const live = outcomes.filter((o) => o !== 'CANCELLED');
  if (live.length === 0) return 'PENDING';
  if (signType === 'OR') return live.some((o) => o === 'APPROVE') ? 'APPROVED' : 'PENDING';
  return live.every((o) => o === 'APPROVE') ? 'APPROVED' : 'PENDING';
}

/** The node sequences in flow order. */
export function nodeSequence(nodes: readonly FlowNode[]): number[] {
  return flowOrder(nodes).map((i) => Number(nodes[i].node_seq));
}

/** The node after `seq` in flow order, or null when `seq` is the last one. */
export function nextNode(nodes: readonly FlowNode[], seq: number): number | null {
  const seqs = nodeSequence(nodes);
  const at = seqs.indexOf(seq);
  return at >= 0 && at + 1 < seqs.length ? seqs[at + 1] : null;
}

/**
 * Where a rollback from the current node may go, per its reject type: PREVIOUS → the node last
 * approved before it (`passed` = nodes approved in this run, in order; else the node before it),
 * FIRST → the first node, CHOSEN → every earlier node. Never the current node itself.
 */
export function rollbackTargets(nodes: readonly FlowNode[], currentSeq: number, rejectType: RejectType | null | undefined, passed: readonly number[] = []): number[] {
  const seqs = nodeSequence(nodes);
  const at = seqs.indexOf(currentSeq);
  if (at <= 0) return [];
  const earlier = seqs.slice(0, at);
  if (rejectType === 'FIRST') return [earlier[0]];
  if (rejectType === 'CHOSEN') return earlier;
  const before = passed.filter((s) => earlier.includes(s));
  return [before.length ? before[before.length - 1] : earlier[earlier.length - 1]];
}

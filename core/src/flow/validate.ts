// The designer's checks (spec §5 'Approval flow', §8 'Flow messages'): one message key per rule,
// so the web shows the same text before posting as the server answers after.
import type { EntityRule, RuleError } from '../entity/types';
import { flowMessages } from './messages';
import type { FlowNode, FlowProcess } from './types';

export type FlowProblemKey =
  | 'flow.createNodeFirst'
  | 'flow.lastNodeNoEnd'
  | 'flow.noEndNode'
  | 'flow.duplicateSeq'
  | 'flow.duplicateStatus'
  | 'flow.duplicateLaunchAction'
  | 'flow.duplicateStep'
  | 'flow.launchActionRequired';

export interface FlowProblem {
  key: FlowProblemKey;
  /** Index of the node (in the given list) the problem belongs to; absent → the whole flow. */
  node?: number;
  /** The node field to mark. */
  field?: keyof FlowNode;
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const seqOf = (n: FlowNode) => (blank(n.node_seq) ? Number.NaN : Number(n.node_seq));

/** The nodes' indexes in flow order (by sequence; unreadable sequences last, input order kept). */
export function flowOrder(nodes: readonly FlowNode[]): number[] {
  return nodes
    .map((n, i) => ({ i, s: seqOf(n) }))
    .sort((a, b) => (Number.isNaN(a.s) ? 1 : 0) - (Number.isNaN(b.s) ? 1 : 0) || (a.s - b.s || 0) || a.i - b.i)
    .map((x) => x.i);
}

/** Every later occurrence of a value already seen gets a problem. */
function duplicates(nodes: readonly FlowNode[], order: number[], value: (n: FlowNode) => string[], key: FlowProblemKey, field: keyof FlowNode, out: FlowProblem[]) {
  const seen = new Set<string>();
  for (const i of order) {
    for (const v of value(nodes[i])) {
      if (seen.has(v)) {
        out.push({ key, node: i, field });
        return;
      }
      seen.add(v);
    }
  }
}

/**
 * Checks a process: no nodes → only 'create node first'. Otherwise, in this order: no node is an
 * end (then the last-node rule is not repeated) or the last node is not an end; duplicate
 * sequence, status, launch action and step (each its own message, reported once at its first
 * repeat); launch action and text on every node but the last.
 */
export function validateFlow(process: FlowProcess): FlowProblem[] {
  const nodes = process.nodes ?? [];
  if (nodes.length === 0) return [{ key: 'flow.createNodeFirst' }];
  const out: FlowProblem[] = [];
  const order = flowOrder(nodes);
  const last = order[order.length - 1];
  if (!nodes.some((n) => n.is_end === true)) out.push({ key: 'flow.noEndNode' });
  else if (nodes[last].is_end !== true) out.push({ key: 'flow.lastNodeNoEnd', node: last, field: 'is_end' });
  const one = (v: unknown) => (blank(v) ? [] : [String(v).trim()]);
  duplicates(nodes, order, (n) => (Number.isNaN(seqOf(n)) ? [] : [String(seqOf(n))]), 'flow.duplicateSeq', 'node_seq', out);
  duplicates(nodes, order, (n) => one(n.status_code), 'flow.duplicateStatus', 'status_code', out);
  duplicates(nodes, order, (n) => one(n.launch_action), 'flow.duplicateLaunchAction', 'launch_action', out);
  duplicates(nodes, order, (n) => (n.steps ?? []).flatMap(one), 'flow.duplicateStep', 'steps', out);
  for (const i of order) {
    if (i === last) continue;
    if (blank(nodes[i].launch_action)) out.push({ key: 'flow.launchActionRequired', node: i, field: 'launch_action' });
    else if (blank(nodes[i].launch_text)) out.push({ key: 'flow.launchActionRequired', node: i, field: 'launch_text' });
  }
  return out;
}

/** validateFlow as an entity rule (the `cpm-process` definition): node problems on their row. */
export const flowRule: EntityRule = (doc) =>
  validateFlow(doc as FlowProcess).map((p): RuleError => {
    const message = { en: flowMessages.en[p.key], zh: flowMessages.zh[p.key] };
    if (p.node === undefined) return { message };
    return { field: p.field, child: { name: 'nodes', index: p.node }, message };
  });

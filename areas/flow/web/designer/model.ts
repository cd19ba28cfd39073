// The process being designed, held in one place and edited from both the node table and the
// diagram. Every edit is a pure function of (process, …) → process, so the two views can never
// disagree: they render the same array. Order in the diagram IS sequence order; moving a node
// renumbers the sequences (10, 20, 30, …) so the two stay one thing.
import type { DiagramNode } from './FlowDiagram';
import { orderNodes } from './FlowDiagram';

/** Which authority types name positions / roles (the rest need no list). */
export const needsPositions = (a: string) => a === 'POSITIONS' || a === 'INITIATOR_POSITIONS' || a === 'FIXED_POSITIONS';
export const needsRoles = (a: string) => a === 'ROLES' || a === 'INITIATOR_ROLES';

export interface DesignNode {
  /** Client-side key (rows are keyed before they have an id). */
  key: string;
  id?: string;
  seq: number | string;
  status_code: string;
  text: string;
  color: string;
  approve_type: string;
  reject_type: string;
  steps: string[];
  launch_action: string;
  launch_text: string;
  is_end: boolean;
  sign_type: string;
  authority: string;
  positions: string[];
  roles: string[];
  users: string[];
}

export interface DesignProcess {
  id?: string;
  version?: unknown;
  code: string;
  name: string;
  comment: string;
  tag: string;
  nodes: DesignNode[];
}

let counter = 0;
export const newKey = () => `n${Date.now().toString(36)}${(counter++).toString(36)}`;

export function emptyProcess(): DesignProcess {
  return { code: '', name: '', comment: '', tag: '', nodes: [] };
}

const nextSeq = (nodes: readonly DesignNode[]) =>
  nodes.reduce((max, n) => (Number.isFinite(Number(n.seq)) ? Math.max(max, Number(n.seq)) : max), 0) + 10;

export function blankNode(nodes: readonly DesignNode[]): DesignNode {
  return {
    key: newKey(),
    seq: nextSeq(nodes),
    status_code: '',
    text: '',
    color: 'blue',
    approve_type: 'MANUAL',
    reject_type: 'PREVIOUS',
    steps: [],
    launch_action: '',
    launch_text: '',
    is_end: false,
    sign_type: 'OR',
    authority: 'INITIATOR',
    positions: [],
    roles: [],
    users: [],
  };
}

/** Adds a node after `afterKey` (or at the end); the new one takes the next sequence in that place. */
export function addNode(p: DesignProcess, afterKey?: string | null): { process: DesignProcess; key: string } {
  const node = blankNode(p.nodes);
  const ordered = orderNodes(p.nodes);
  const at = afterKey ? ordered.findIndex((n) => n.key === afterKey) : -1;
  if (at < 0 || at === ordered.length - 1) return { process: { ...p, nodes: [...ordered, node] }, key: node.key };
  const keys = ordered.map((n) => n.key);
  keys.splice(at + 1, 0, node.key);
  return { process: reorder({ ...p, nodes: [...ordered, node] }, keys), key: node.key };
}

export function removeNode(p: DesignProcess, key: string): DesignProcess {
  return { ...p, nodes: p.nodes.filter((n) => n.key !== key) };
}

export function updateNode(p: DesignProcess, key: string, patch: Partial<DesignNode>): DesignProcess {
  return { ...p, nodes: p.nodes.map((n) => (n.key === key ? { ...n, ...patch, key } : n)) };
}

/** Puts the nodes in the given order and renumbers their sequences 10, 20, 30, … */
export function reorder(p: DesignProcess, keys: readonly string[]): DesignProcess {
  const byKey = new Map(p.nodes.map((n) => [n.key, n]));
  const ordered = keys.map((k) => byKey.get(k)).filter((n): n is DesignNode => !!n);
  // Nodes the caller did not name keep their place after the named ones.
  for (const n of orderNodes(p.nodes)) if (!keys.includes(n.key)) ordered.push(n);
  return { ...p, nodes: ordered.map((n, i) => ({ ...n, seq: (i + 1) * 10 })) };
}

/** What the diagram draws of each node. */
export function toDiagram(nodes: readonly DesignNode[]): DiagramNode[] {
  return nodes.map((n) => ({
    key: n.key,
    seq: n.seq,
    status: n.status_code,
    text: n.text,
    color: n.color,
    isEnd: n.is_end,
    signType: n.sign_type,
    launchText: n.launch_text,
  }));
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A saved cpm-process document (docs/flow.md) as the designer holds it. */
export function fromWire(doc: Record<string, unknown>): DesignProcess {
  const nodes = Array.isArray(doc.nodes) ? (doc.nodes as Record<string, unknown>[]) : [];
  return {
    id: doc.id ? String(doc.id) : undefined,
    version: doc.version,
    code: text(doc.code),
    name: text(doc.name),
    comment: text(doc.comment),
    tag: text(doc.tag),
    nodes: orderNodes(
      nodes.map((n) => ({
        key: n.id ? String(n.id) : newKey(),
        id: n.id ? String(n.id) : undefined,
        seq: n.node_seq === null || n.node_seq === undefined ? '' : (n.node_seq as number | string),
        status_code: text(n.status_code),
        text: text(n.text),
        color: text(n.color),
        approve_type: text(n.approve_type) || 'MANUAL',
        reject_type: text(n.reject_type) || 'PREVIOUS',
        steps: list(n.steps),
        launch_action: text(n.launch_action),
        launch_text: text(n.launch_text),
        is_end: n.is_end === true || n.is_end === 'true' || n.is_end === 1,
        sign_type: text(n.sign_type) || 'OR',
        authority: text(n.authority) || 'INITIATOR',
        positions: list(n.positions),
        roles: list(n.roles),
        users: list(n.users),
      })),
    ),
  };
}

/** The body of `save` (nodes in sequence order, so `data.errors.nodes[i]` is the i-th row shown;
 * the wire calls the sequence `node_seq`, `seq` being the child table's own row order). */
export function toWire(p: DesignProcess): Record<string, unknown> {
  const body: Record<string, unknown> = {
    code: p.code,
    name: p.name,
    comment: p.comment,
    tag: p.tag,
    nodes: orderNodes(p.nodes).map(({ key: _key, id, seq, ...rest }) => ({
      ...(id ? { id } : {}),
      node_seq: seq === '' ? null : Number(seq),
      ...rest,
    })),
  };
  if (p.id) {
    body.id = p.id;
    body.version = p.version;
  }
  return body;
}

// The current approval node of a document (FLOW-16): the server adds `flow_node` ({status_code,
// text, color}) to rows of entities with a flow while their flow runs; shown as a tag in the
// node's own text and colour, in list columns and the document header alike.
import { Tag } from 'antd';
import type { Row } from '../data/source';

interface FlowNode {
  status_code: string;
  text: string;
  color: string | null;
}

const isNode = (v: unknown): v is FlowNode => typeof v === 'object' && v !== null && typeof (v as FlowNode).status_code === 'string';

export function FlowNodeTag({ row }: { row: Row }) {
  const node = row.flow_node;
  if (!isNode(node)) return null;
  return (
    <Tag color={node.color || undefined} data-testid="flow-node-tag" data-status={node.status_code}>
      {node.text || node.status_code}
    </Tag>
  );
}

// The nodes of a process as a React Flow diagram: one box per node in sequence order, an arrow
// from each node to the next labelled with its launch action text, the end node(s) marked. The
// diagram holds no process state of its own: the designer (or the approval panel) owns the nodes
// and the diagram reports what the user did — select, add, remove, reorder by dragging.
import { useMemo, useState, type ReactNode } from 'react';
import {
  Background,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  type Edge,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import '../flow.css';
import { Button, Space, Tag, Tooltip, theme } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CompressOutlined, DeleteOutlined, PlusOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';

/** Where a node stands in a running instance (approval panel); absent in the designer. */
export type NodeState = 'APPROVED' | 'REJECTED' | 'PENDING_ARRPOVE' | 'WAITING';

export type DiagramNode = {
  /** Stable key (the designer's row key or the node's id). */
  key: string;
  seq: number | string;
  status: string;
  text: string;
  color?: string;
  isEnd?: boolean;
  signType?: string;
  launchText?: string;
  state?: NodeState;
};

type FlowNodeData = DiagramNode & { selected: boolean; stateLabel?: string };
type FlowNode = Node<FlowNodeData, 'flowNode'>;

const GAP_Y = 110;

/** Nodes in diagram order (by sequence, as numbers when they are). */
export function orderNodes<T extends { seq: number | string }>(nodes: readonly T[]): T[] {
  return [...nodes].sort((a, b) => {
    const x = Number(a.seq);
    const y = Number(b.seq);
    if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return x - y;
    return String(a.seq).localeCompare(String(b.seq));
  });
}

/** The React Flow nodes and edges of a process (pure; tested). */
export function toFlow(nodes: readonly DiagramNode[], selectedKey?: string | null, stateLabel?: (s: NodeState) => string) {
  const ordered = orderNodes(nodes);
  const flowNodes: FlowNode[] = ordered.map((n, i) => ({
    id: n.key,
    type: 'flowNode',
    position: { x: 0, y: i * GAP_Y },
    data: { ...n, selected: n.key === selectedKey, stateLabel: n.state && stateLabel ? stateLabel(n.state) : undefined },
    selected: n.key === selectedKey,
  }));
  const edges: Edge[] = ordered.slice(1).map((n, i) => ({
    id: `${ordered[i].key}->${n.key}`,
    source: ordered[i].key,
    target: n.key,
    label: ordered[i].launchText || undefined,
    markerEnd: { type: MarkerType.ArrowClosed },
    animated: ordered[i].state === 'PENDING_ARRPOVE',
  }));
  return { nodes: flowNodes, edges };
}

/** The keys in the order their boxes now stand, top to bottom (after a drag). */
export function orderByPosition(flowNodes: readonly { id: string; position: { y: number } }[]): string[] {
  return [...flowNodes].sort((a, b) => a.position.y - b.position.y).map((n) => n.id);
}

function FlowNodeBox({ data }: NodeProps<FlowNode>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // A node colour is an antd preset name ('green') or a CSS colour; the bar uses antd's shade.
  const preset = data.color ? (token as unknown as Record<string, unknown>)[data.color] : undefined;
  const bar = typeof preset === 'string' && preset.startsWith('#') ? preset : data.color || '#d9d9d9';
  const stateColor = data.state && data.state !== 'WAITING' ? statusColor(data.state) : undefined;
  return (
    <div
      className={`flow-node${data.selected ? ' flow-node-selected' : ''}${data.state ? ` flow-node-${data.state.toLowerCase()}` : ''}`}
      style={{ borderLeftColor: bar }}
      data-testid={`diagram-node-${data.status || data.key}`}
      data-state={data.state}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="flow-node-title">
        <span className="flow-node-seq">{String(data.seq ?? '')}</span>
        <Tag color={data.color || undefined} bordered={false} style={{ marginInlineEnd: 0 }}>
          {data.text || data.status || '—'}
        </Tag>
      </div>
      <div className="flow-node-meta">
        <span>{data.status}</span>
        {data.signType && <span className="flow-node-sign">{data.signType.toLowerCase()}</span>}
        {data.isEnd && <Tag color="purple" bordered={false}>{t('flow.node.end')}</Tag>}
        {data.stateLabel && (
          <Tag color={stateColor} bordered={false} data-testid="diagram-node-state">
            {data.stateLabel}
          </Tag>
        )}
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

const nodeTypes = { flowNode: FlowNodeBox };

export interface FlowDiagramProps {
  nodes: readonly DiagramNode[];
  selectedKey?: string | null;
  onSelect?: (key: string | null) => void;
  /** Editing (designer): add after the selected node, remove it, move it up/down or drag it. */
  onAdd?: () => void;
  onRemove?: (key: string) => void;
  onReorder?: (keys: string[]) => void;
  stateLabel?: (s: NodeState) => string;
  height?: number;
}

function FlowDiagramInner({ nodes, selectedKey, onSelect, onAdd, onRemove, onReorder, stateLabel, height = 420 }: FlowDiagramProps) {
  const { t } = useTranslation();
  const view = useReactFlow();
  const editable = Boolean(onReorder);
  const base = useMemo(() => toFlow(nodes, selectedKey, stateLabel), [nodes, selectedKey, stateLabel]);
  // While a box is dragged its position lives here; on release the new order goes to the owner,
  // whose re-render lays the boxes out again.
  const [dragged, setDragged] = useState<FlowNode[] | null>(null);
  const shown = dragged ?? base.nodes;
  const ordered = orderNodes(nodes);
  const index = ordered.findIndex((n) => n.key === selectedKey);

  const move = (delta: number) => {
    if (index < 0 || !onReorder) return;
    const keys = ordered.map((n) => n.key);
    const to = index + delta;
    if (to < 0 || to >= keys.length) return;
    [keys[index], keys[to]] = [keys[to], keys[index]];
    onReorder(keys);
  };

  // The tool buttons sit in a bar above the canvas, never over the boxes (issue 13).
  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <Button size="small" icon={icon} onClick={onClick} aria-label={label} data-testid={`diagram-${key}`} />
    </Tooltip>
  );
  return (
    <div className="flow-diagram" style={{ height }} data-testid="flow-diagram">
      <div className="flow-diagram-toolbar" data-testid="diagram-toolbar">
        <Space.Compact>
          {tool('zoom-in', t('flow.diagram.zoomIn'), <ZoomInOutlined />, () => void view.zoomIn())}
          {tool('zoom-out', t('flow.diagram.zoomOut'), <ZoomOutOutlined />, () => void view.zoomOut())}
          {tool('fit', t('flow.diagram.fit'), <CompressOutlined />, () => void view.fitView({ padding: 0.2, maxZoom: 1 }))}
        </Space.Compact>
        {editable && (
          <Space.Compact>
            <Tooltip title={t('flow.node.add')}>
              <Button size="small" icon={<PlusOutlined />} onClick={onAdd} aria-label={t('flow.node.add')} data-testid="diagram-add" />
            </Tooltip>
            <Tooltip title={t('flow.node.moveUp')}>
              <Button size="small" icon={<ArrowUpOutlined />} disabled={index <= 0} onClick={() => move(-1)} aria-label={t('flow.node.moveUp')} data-testid="diagram-up" />
            </Tooltip>
            <Tooltip title={t('flow.node.moveDown')}>
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index < 0 || index >= ordered.length - 1}
                onClick={() => move(1)}
                aria-label={t('flow.node.moveDown')}
                data-testid="diagram-down"
              />
            </Tooltip>
            <Tooltip title={t('flow.node.remove')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={index < 0}
                onClick={() => selectedKey && onRemove?.(selectedKey)}
                aria-label={t('flow.node.remove')}
                data-testid="diagram-remove"
              />
            </Tooltip>
          </Space.Compact>
        )}
      </div>
      <div className="flow-diagram-canvas">
        <ReactFlow<FlowNode>
          nodes={shown}
          edges={base.edges}
          nodeTypes={nodeTypes}
          fitView
          fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
          nodesDraggable={editable}
          nodesConnectable={false}
          elementsSelectable
          deleteKeyCode={null}
          proOptions={{ hideAttribution: true }}
          onNodeClick={(_, node) => onSelect?.(node.id)}
          onPaneClick={() => onSelect?.(null)}
          onNodesChange={(changes: NodeChange<FlowNode>[]) => {
            if (!editable) return;
            const moves = changes.filter((c) => c.type === 'position');
            if (moves.length) setDragged((cur) => applyNodeChanges(moves, cur ?? base.nodes));
          }}
          onNodeDragStop={() => {
            if (!dragged) return;
            const keys = orderByPosition(dragged);
            setDragged(null);
            if (keys.join('\u0000') !== ordered.map((n) => n.key).join('\u0000')) onReorder?.(keys);
          }}
          onKeyDown={(e) => {
            if (editable && selectedKey && (e.key === 'Delete' || e.key === 'Backspace') && e.target === e.currentTarget) onRemove?.(selectedKey);
          }}
        >
          <Background gap={16} size={1} />
        </ReactFlow>
      </div>
    </div>
  );
}

export function FlowDiagram(props: FlowDiagramProps) {
  return (
    <ReactFlowProvider>
      <FlowDiagramInner {...props} />
    </ReactFlowProvider>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { mockReactFlowDom } from '../test/reactFlowDom';
import '../messages';
import { FlowDiagram, orderByPosition, toFlow, type DiagramNode } from './FlowDiagram';

mockReactFlowDom();

const N: DiagramNode[] = [
  { key: 'b', seq: 20, status: 'S2', text: 'QA check', color: 'green', isEnd: true },
  { key: 'a', seq: 10, status: 'S1', text: 'Buyer', launchText: 'Submit' },
];

describe('FlowDiagram', () => {
  it('lays nodes out by sequence with an arrow labelled by the launch text', () => {
    const { nodes, edges } = toFlow(N, 'b');
    expect(nodes.map((n) => n.id)).toEqual(['a', 'b']);
    expect(nodes[1].selected).toBe(true);
    expect(edges).toEqual([expect.objectContaining({ source: 'a', target: 'b', label: 'Submit' })]);
    expect(orderByPosition([{ id: 'a', position: { y: 300 } }, { id: 'b', position: { y: 0 } }])).toEqual(['b', 'a']);
  });

  it('renders each node with its text and reports clicks', () => {
    const onSelect = vi.fn();
    render(<div style={{ width: 500, height: 400 }}><FlowDiagram nodes={N} onSelect={onSelect} /></div>);
    expect(screen.getByTestId('diagram-node-S2').textContent).toContain('QA check');
    fireEvent.click(screen.getByTestId('diagram-node-S1'));
    expect(onSelect).toHaveBeenCalledWith('a');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { mockReactFlowDom } from '../test/reactFlowDom';
import { setLang } from '@seamline/web/engine';
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

  it('zoom and node tools sit in a bar above the canvas, not over the boxes; labelled in both languages', async () => {
    setLang('en');
    const { unmount } = render(<div style={{ width: 500, height: 400 }}><FlowDiagram nodes={N} onReorder={vi.fn()} onAdd={vi.fn()} /></div>);
    const canvas = document.querySelector('.react-flow') as HTMLElement;
    for (const id of ['diagram-zoom-in', 'diagram-zoom-out', 'diagram-fit', 'diagram-add']) {
      const button = screen.getByTestId(id);
      expect(canvas.contains(button)).toBe(false);
      expect(screen.getByTestId('diagram-toolbar').contains(button)).toBe(true);
    }
    expect(document.querySelector('.react-flow__controls')).toBeNull();
    expect(screen.getByTestId('diagram-zoom-in').getAttribute('aria-label')).toBe('Zoom in');
    unmount();
    setLang('zh');
    render(<div style={{ width: 500, height: 400 }}><FlowDiagram nodes={N} /></div>);
    expect(screen.getByTestId('diagram-zoom-out').getAttribute('aria-label')).toBe('缩小');
    expect(screen.queryByTestId('diagram-add')).toBeNull();
    setLang('en');
  });
});

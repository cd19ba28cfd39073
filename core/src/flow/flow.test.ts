import { describe, expect, it } from 'vitest';
import { defineEntity } from '../entity/defineEntity';
import {
  AUTHORITY_TYPES,
  documentActions,
  docActionLabel,
  docStatusLabel,
  flowLifecycle,
  flowMessages,
  flowRule,
  flowText,
  isReadOnlyStatus,
  lifecycleStatusField,
  rollbackTargets,
  signDecision,
  validateFlow,
  type FlowNode,
} from '.';

const node = (seq: number, extra: Partial<FlowNode> = {}): FlowNode => ({
  node_seq: seq,
  status_code: `S${seq}`,
  text: `Node ${seq}`,
  launch_action: `GO${seq}`,
  launch_text: `Go ${seq}`,
  is_end: false,
  ...extra,
});
const keys = (nodes: FlowNode[]) => validateFlow({ code: 'F', nodes }).map((p) => p.key);

describe('validateFlow (spec §5, one message per rule)', () => {
  it('a valid flow has no problems; the last node may leave launch action and text empty', () => {
    expect(keys([node(10), node(20, { is_end: true, launch_action: '', launch_text: '' })])).toEqual([]);
  });
  it('no nodes → create node first, and nothing else', () => {
    expect(validateFlow({ code: 'F', nodes: [] })).toEqual([{ key: 'flow.createNodeFirst' }]);
    expect(keys(undefined as never)).toEqual(['flow.createNodeFirst']);
  });
  it('last node without end → lastNodeNoEnd on that node (by sequence, not list order)', () => {
    const nodes = [node(30), node(10), node(20, { is_end: true })];
    expect(validateFlow({ nodes })).toEqual([{ key: 'flow.lastNodeNoEnd', node: 0, field: 'is_end' }]);
  });
  it('no node defines an end → noEndNode instead', () => {
    expect(keys([node(10), node(20)])).toEqual(['flow.noEndNode']);
  });
  it('duplicate sequence, status, launch action and step each have their own message', () => {
    expect(keys([node(10), node(10, { status_code: 'X', launch_action: 'Y', is_end: true })])).toEqual(['flow.duplicateSeq']);
    expect(keys([node(10), node(20, { status_code: 'S10', is_end: true })])).toEqual(['flow.duplicateStatus']);
    expect(keys([node(10), node(20, { launch_action: 'GO10', is_end: true })])).toEqual(['flow.duplicateLaunchAction']);
    expect(keys([node(10, { steps: ['ST1'] }), node(20, { steps: ['ST1'], is_end: true })])).toEqual(['flow.duplicateStep']);
    expect(keys([node(10, { steps: ['ST1', 'ST1'] }), node(20, { is_end: true })])).toEqual(['flow.duplicateStep']);
    const texts = ['flow.duplicateSeq', 'flow.duplicateStatus', 'flow.duplicateLaunchAction', 'flow.duplicateStep'].map((k) => flowMessages.en[k]);
    expect(new Set(texts).size).toBe(4);
  });
  it('launch action and its text are required on every node but the last', () => {
    expect(keys([node(10, { launch_action: '' }), node(20, { is_end: true })])).toEqual(['flow.launchActionRequired']);
    expect(keys([node(10, { launch_text: ' ' }), node(20, { is_end: true })])).toEqual(['flow.launchActionRequired']);
  });
  it('flowRule puts node problems on the node row and flow problems on the document', () => {
    const errs = flowRule({ nodes: [node(10), node(20, { status_code: 'S10', is_end: true })] });
    expect(errs).toEqual([{ field: 'status_code', child: { name: 'nodes', index: 1 }, message: { en: 'Duplicate node status', zh: '节点状态重复' } }]);
    expect(flowRule({ nodes: [] })).toEqual([{ message: { en: 'Please create a node first', zh: '请先创建节点' } }]);
  });
  it('every message exists in both languages', () => {
    expect(Object.keys(flowMessages.zh).sort()).toEqual(Object.keys(flowMessages.en).sort());
    expect(flowText('en', 'flow.copied')).toBe('flow copied');
    expect(flowText('zh', 'flow.copied')).toBe('流程复制成功');
    expect(flowText('EN', 'cpm.noApprover', { node: 'QA' })).toBe('节点 QA 找不到审批人');
  });
});

describe('runtime decisions', () => {
  it("'and' needs every approver, 'or' any one (CPM-08)", () => {
    expect(signDecision('AND', ['APPROVE', 'PENDING'])).toBe('PENDING');
    expect(signDecision('AND', ['APPROVE', 'APPROVE'])).toBe('APPROVED');
    expect(signDecision('OR', ['APPROVE', 'PENDING'])).toBe('APPROVED');
    expect(signDecision('OR', ['PENDING', 'PENDING'])).toBe('PENDING');
    expect(signDecision('AND', ['APPROVE', 'CANCELLED'])).toBe('APPROVED');
    expect(signDecision('AND', [])).toBe('PENDING');
  });
  it('rollback targets per reject type', () => {
    const nodes = [node(10), node(20), node(30, { is_end: true })];
    expect(rollbackTargets(nodes, 30, 'PREVIOUS')).toEqual([20]);
    expect(rollbackTargets(nodes, 30, 'PREVIOUS', [10])).toEqual([10]);
    expect(rollbackTargets(nodes, 30, 'FIRST')).toEqual([10]);
    expect(rollbackTargets(nodes, 30, 'CHOSEN')).toEqual([10, 20]);
    expect(rollbackTargets(nodes, 10, 'CHOSEN')).toEqual([]);
  });
  it('offers exactly the seven authorities of spec §6', () => {
    expect(AUTHORITY_TYPES.map((a) => a.label.en)).toEqual([
      'Initiator',
      'Other positions',
      'Initiator plus positions',
      'Other roles',
      'Initiator plus roles',
      'Fixed positions',
      'Reporting manager',
    ]);
  });
});

describe('document lifecycle', () => {
  it('labels are exactly the spec words', () => {
    expect(['DRAFT', 'ONGOING', 'FOR_APPROVAL', 'APPROVED', 'ARCHIVED', 'CANCELLED'].map((s) => docStatusLabel(s, 'en'))).toEqual([
      'Draft',
      'Ongoing',
      'For Approval',
      'Approved',
      'Archived',
      'Cancelled',
    ]);
    expect(['START', 'SUBMIT', 'APPROVE', 'RETURN', 'ARCHIVE', 'CANCEL', 'ROLLBACK'].map((a) => docActionLabel(a, 'en'))).toEqual([
      'Start',
      'Submit',
      'Approve',
      'Return',
      'Archive',
      'Cancel',
      'Rollback',
    ]);
    expect(docStatusLabel('FOR_APPROVAL', 'zh')).toBe('待审批');
  });
  it('only the actions valid now are offered (DOC-03)', () => {
    expect(documentActions('DRAFT')).toEqual(['START', 'SUBMIT', 'CANCEL']);
    expect(documentActions('ARCHIVED')).toEqual([]);
    expect(documentActions('CANCELLED')).toEqual(['ROLLBACK']);
    expect(documentActions('APPROVED')).toEqual(['ARCHIVE']);
    expect(documentActions('FOR_APPROVAL')).toEqual(['APPROVE', 'RETURN', 'ROLLBACK']);
  });
  it('read-only under approval and in final states (DOC-05)', () => {
    expect(['DRAFT', 'ONGOING'].map(isReadOnlyStatus)).toEqual([false, false]);
    expect(['FOR_APPROVAL', 'APPROVED', 'ARCHIVED', 'CANCELLED'].map(isReadOnlyStatus)).toEqual([true, true, true, true]);
  });
  it('a definition with flow needs the lifecycle status', () => {
    const base = {
      name: 'flow-doc',
      area: 'x',
      prefix: 'scmapi',
      table: 'x_flow_doc',
      label: { en: 'Doc', zh: '单据' },
      route: { cata: 'x', opt: 'flow-doc' },
      display: 'code',
      list: { columns: ['code'] },
    };
    const code = { name: 'code', type: 'string' as const, label: { en: 'Code', zh: '编码' } };
    expect(() => defineEntity({ ...base, fields: [code], flow: { process: 'F' } })).toThrow(/lifecycle status/);
    const ok = defineEntity({ ...base, fields: [code, lifecycleStatusField()], ...flowLifecycle(), flow: { process: 'F' } });
    expect(ok.transitions!.map((t) => t.action)).toEqual(['start', 'cancel', 'submit', 'rollback', 'archive']);
  });
});

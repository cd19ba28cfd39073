// Every label of the flow screens exists in both languages, including the ones built from wire
// values (history actions, instance and node states of docs/flow.md).
import { describe, expect, it } from 'vitest';
import { flowEn, flowZh } from './messages';

describe('flow web labels', () => {
  it('English and Chinese have the same keys, none empty', () => {
    expect(Object.keys(flowZh).sort()).toEqual(Object.keys(flowEn).sort());
    for (const [k, v] of [...Object.entries(flowEn), ...Object.entries(flowZh)]) expect(v.trim(), k).not.toBe('');
  });

  it('labels every history action and state the runtime sends', () => {
    for (const a of ['SUBMIT', 'APPROVE', 'RETURN', 'ROLLBACK', 'AUTO', 'ADD_APPROVER', 'NODE_APPROVED', 'END']) expect(flowEn).toHaveProperty(`cpm.history.${a}`);
    for (const s of ['PENDING_ARRPOVE', 'APPROVED', 'REJECTED', 'CANCELLED', 'WAITING']) expect(flowEn).toHaveProperty(`cpm.state.${s}`);
  });
});

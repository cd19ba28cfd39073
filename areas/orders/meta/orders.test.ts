// The pure rules of the orders documents: ORD-05 finished quantity, ORD-08 indicator, the action
// tables (who acts from where), planning arithmetic, and a colour for every state (CON-24).
import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  addDays,
  CUSTOMER_ORDER_ACTIONS,
  customerOrderEntity,
  daysFor,
  finishedQtyProblem,
  indicatorLabel,
  materialOrderEntity,
  outsourcedOrderEntity,
  planSteps,
  productionPlanEntity,
  WORK_ORDER_ACTIONS,
  workOrderEntity,
} from '.';

describe('orders rules', () => {
  it('ORD-05: the finished quantity must not be empty or below 0', () => {
    for (const bad of ['', '  ', '-1', '-0.5', 'abc', undefined, null, '1.23456', '1e3']) expect(finishedQtyProblem(bad)).toBe('orders.finishedQtyInvalid');
    for (const good of ['0', '12', '12.5', '100.1234', 7]) expect(finishedQtyProblem(good)).toBeNull();
  });

  it('ORD-08: indicator 0 is not fixed vendor, 1 customer-specified', () => {
    expect(indicatorLabel('0', 'en')).toBe('Not fixed vendor');
    expect(indicatorLabel(1, 'en')).toBe('Customer-specified');
    expect(indicatorLabel('1', 'zh')).toBe('客户指定');
    expect(indicatorLabel('2', 'en')).toBeNull();
  });

  it('the action tables: the receiving side accepts or rejects an open order, the brand withdraws it', () => {
    expect(actionsFrom(CUSTOMER_ORDER_ACTIONS, 'OPEN', 'owner').map((a) => a.action)).toEqual(['accept', 'reject']);
    expect(actionsFrom(CUSTOMER_ORDER_ACTIONS, 'OPEN', 'counterpart').map((a) => a.action)).toEqual(['withdraw']);
    expect(actionsFrom(CUSTOMER_ORDER_ACTIONS, 'IN_PROGRESS', 'owner').map((a) => a.action)).toEqual(['complete']);
    expect(actionsFrom(CUSTOMER_ORDER_ACTIONS, 'COMPLETED', 'owner')).toEqual([]);
    expect(actionsFrom(WORK_ORDER_ACTIONS, 'ACTIVE', 'owner').map((a) => a.action)).toEqual(['finish']);
    expect(WORK_ORDER_ACTIONS.find((a) => a.action === 'unlock')!.refusedIn!.ACTIVE).toBe('orders.woActivated');
  });

  it('CON-24: every state of every document has a label in both languages and a colour', () => {
    for (const def of [customerOrderEntity, productionPlanEntity, workOrderEntity, outsourcedOrderEntity, materialOrderEntity]) {
      for (const v of def.status!.values) {
        expect(v.color, `${def.name} ${v.value}`).toBeTruthy();
        expect(v.label.en && v.label.zh).toBeTruthy();
      }
    }
    expect(customerOrderEntity.status!.values.map((v) => v.label.en)).toEqual(['Pending acceptance', 'In progress', 'Completed', 'Cancelled']);
  });

  it('planning: no standard process → null; one step per process on an allowed line, days from the hours', () => {
    expect(planSteps([], [], '100', '2026-03-02')).toBeNull();
    expect(daysFor('200', '8')).toBe(1);
    expect(daysFor('201', '8')).toBe(2);
    expect(daysFor('1200', '8.5')).toBe(6);
    const steps = planSteps(
      [
        { id: 'S', code: 'SEW', sequence: 20, stepCodes: ['SEW-A'] },
        { id: 'C', code: 'CUT', sequence: 10, stepCodes: [] },
        { id: 'P', code: 'PACK', sequence: 30, stepCodes: [] },
      ],
      [
        { id: 'L2', code: 'SEW-01', allowed: ['SEW-A'], hoursPerDay: '8' },
        { id: 'L1', code: 'CUT-01', allowed: ['CUT'], hoursPerDay: '4' },
      ],
      '250',
      '2026-03-02',
    )!;
    expect(steps.map((s) => [s.process.code, s.line?.code ?? null, s.start, s.end])).toEqual([
      ['CUT', 'CUT-01', '2026-03-02', '2026-03-04'],
      ['SEW', 'SEW-01', '2026-03-03', '2026-03-04'],
      ['PACK', null, '2026-03-04', '2026-03-04'],
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

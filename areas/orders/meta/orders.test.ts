// The pure rules of the orders documents: ORD-05 finished quantity, ORD-08 indicator, the action
// tables (who acts from where), planning arithmetic, and a colour for every state (CON-24).
import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  addDays,
  CUSTOMER_ORDER_ACTIONS,
  customerOrderEntity,
  dailyLoad,
  daysFor,
  hoursOn,
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

describe('the calendar load view', () => {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
  const eight = () => '8';
  const at = (load: ReturnType<typeof dailyLoad>, line: string) => load.filter((l) => l.line === line).map((l) => [l.planned, l.over]);

  it('spreads a work order over its days up to the line hours, the last day the rest, exact to 4 decimals', () => {
    // 500 pieces at 25 per line-hour = 20 h: 8 + 8 + 4 on a line of 8 h a day.
    const load = dailyLoad([{ line: 'L1', start: '2026-03-02', end: '2026-03-04', qty: '500' }], ['L1', 'L2'], days, eight);
    expect(at(load, 'L1')).toEqual([['8.0000', false], ['8.0000', false], ['4.0000', false], ['0.0000', false]]);
    expect(at(load, 'L2')).toEqual(days.map(() => ['0.0000', false]));
    expect(load[0]).toMatchObject({ day: '2026-03-02', capacity: '8.0000' });
    const small = dailyLoad([{ line: 'L1', start: '2026-03-02', end: '2026-03-02', qty: '10.5' }], ['L1'], days, eight);
    expect(small[0]!.planned).toBe('0.4200');
  });

  it('shows over capacity where work orders share a line-day or one is squeezed into fewer days', () => {
    const load = dailyLoad(
      [
        { line: 'L1', start: '2026-03-02', end: '2026-03-03', qty: '400' }, // 16 h in 2 days
        { line: 'L1', start: '2026-03-03', end: '2026-03-03', qty: '300' }, // 12 h squeezed into 1 day
      ],
      ['L1'],
      days,
      eight,
    );
    expect(at(load, 'L1')).toEqual([['8.0000', false], ['20.0000', true], ['0.0000', false], ['0.0000', false]]);
  });

  it('takes a line hours from the periods valid that day (added up), else from its last period', () => {
    const periods = [
      { from: '2026-01-01', to: '2026-03-31', hours: '8' },
      { from: '2026-03-01', to: '2026-03-31', hours: '2.5' }, // overtime
      { from: '2025-01-01', to: '2025-12-31', hours: '7' },
    ];
    expect(hoursOn(periods, '2026-03-02')).toBe('10.5000');
    expect(hoursOn(periods, '2026-07-01')).toBe('10.5000');
    expect(hoursOn(periods, '2025-06-01')).toBe('7.0000');
    expect(hoursOn([], '2026-03-02')).toBe('0.0000');
  });
});

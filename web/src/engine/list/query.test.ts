// q and p of page-list from a list's filters, sort and paging, and back (SES-24 restores them).
import { describe, expect, it } from 'vitest';
import { buildPage, buildQuery, defaultSort, filterKind, filterValuesOf, isSortable } from './query';
import { testOrder } from '../test/fixtures';
import { columnField } from '../fields/systemFields';

describe('list query', () => {
  it('text filters: prefix for normalised codes (in their case), like for free text; empty ones dropped', () => {
    expect(buildQuery(testOrder, { code: ' so-1 ', title: ' Tee ', status: [], priority: undefined })).toEqual({
      code: { op: 'prefix', value: 'SO-1' },
      title: { op: 'like', value: 'Tee' },
    });
  });

  it('choices are "in", dates and numbers "between", flags and references "eq"', () => {
    const q = buildQuery(testOrder, {
      status: ['draft', 'submitted'],
      order_date: ['2024-03-01', null],
      quantity: ['10', '20'],
      urgent: 'true',
      vendor_id: 'v1',
    });
    expect(q).toEqual({
      status: { op: 'in', value: ['draft', 'submitted'] },
      order_date: { op: 'between', value: ['2024-03-01', null] },
      quantity: { op: 'between', value: ['10', '20'] },
      urgent: { op: 'eq', value: true },
      vendor_id: { op: 'eq', value: 'v1' },
    });
  });

  it('a saved q gives the filter bar its values back', () => {
    const values = { code: 'SO-1', status: ['draft'], order_date: ['2024-03-01', '2024-03-31'], urgent: 'false', vendor_id: 'v1' };
    expect(filterValuesOf(testOrder, buildQuery(testOrder, values))).toEqual({ ...values, urgent: false });
  });

  it('p: page, size and sort; the default sort is the definition\'s', () => {
    expect(buildPage(3, 50, [{ field: 'code', order: 'desc' }])).toEqual({ page: 3, size: 50, sort: [{ field: 'code', order: 'desc' }] });
    expect(buildPage(0, 20)).toEqual({ page: 1, size: 20, sort: [] });
    expect(defaultSort(testOrder)).toEqual([{ field: 'code', order: 'asc' }]);
  });

  it('kinds and sortability per field type, system columns included', () => {
    expect(filterKind(columnField(testOrder, 'updated_at')!)).toBe('datetime');
    expect(isSortable(columnField(testOrder, 'updated_at')!)).toBe(true);
    expect(isSortable(columnField(testOrder, 'tags')!)).toBe(false);
    expect(isSortable(columnField(testOrder, 'vendor_id')!)).toBe(false);
    expect(filterKind(columnField(testOrder, 'extra')!)).toBeNull();
  });
});

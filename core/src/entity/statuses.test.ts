import { describe, expect, it } from 'vitest';
import { defineStatuses } from './statuses';

describe('defineStatuses', () => {
  it('gives the codes and the status values, in the table order, from one table', () => {
    const { codes, values } = defineStatuses({ DRAFT: ['Draft', '草稿', 'default'], SHIPPED: ['Shipped', '已发货'] });
    expect(codes).toEqual({ DRAFT: 'DRAFT', SHIPPED: 'SHIPPED' });
    expect(values).toEqual([
      { value: 'DRAFT', label: { en: 'Draft', zh: '草稿' }, color: 'default' },
      { value: 'SHIPPED', label: { en: 'Shipped', zh: '已发货' } },
    ]);
  });
});

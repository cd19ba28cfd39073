// A child table with a row limit (ChildTableDef.maxRows; the company card's five case slots, issue
// 23): the form offers 'Add a row' until the table is full, then says how many it takes instead.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defineEntity } from '@seamline/core';
import { companyEntity } from '../../../../areas/masterdata/meta/company';
import { setLang } from '../../i18n';
import { registerEntity } from '../registry';
import { renderApp } from '../../test/renderApp';
import { signedInServer, testOrder } from '../test/fixtures';

vi.setConfig({ testTimeout: 120_000 });

const L = (en: string, zh: string) => ({ en, zh });
const slotOrder = defineEntity({
  ...testOrder,
  name: 'slot-order',
  table: 'slot_order',
  route: { cata: 'tst', opt: 'slot-order' },
  children: [{ name: 'cases', label: L('Cases', '案例'), maxRows: 2, fields: [{ name: 'title', type: 'string', label: L('Case', '案例') }] }],
});
registerEntity(slotOrder);

beforeEach(() => setLang('en'));

const STORED = {
  id: 'd1', version: 1, code: 'SO-0001', title: 'Basic tee', status: 'draft', priority: '1', quantity: 100, spare_qty: 0,
  customer_ref: 'C-1', order_date: '2024-03-01', urgent: false, cases: [{ id: 'c1', title: 'One' }],
};

describe('a child table with a row limit', () => {
  it('adds rows up to the limit, then offers no more', async () => {
    signedInServer().on('GET', 'scmapi/slot-order/view', () => STORED);
    renderApp('/tst/page/slot-order?id=d1');
    fireEvent.click(await screen.findByTestId('child-cases-add', undefined, { timeout: 30_000 }));
    await waitFor(() => expect(screen.queryByTestId('child-cases-add')).toBeNull());
    expect(screen.getByTestId('child-cases-full').textContent).toBe('Cases takes at most 2 rows');
  });

  it('the company card takes five cases, as its server rule says', () => {
    expect(companyEntity.children?.find((c) => c.name === 'cases')?.maxRows).toBe(5);
  });
});

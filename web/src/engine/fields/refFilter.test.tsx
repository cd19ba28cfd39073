// A reference with ref.filter (issue 13: a configuration picker offered inactive versions): the
// search select and the pick list both ask the server only for rows meeting the filter.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { FieldDef } from '@seamline/core';
import { AppProviders } from '../../AppProviders';
import { setLang } from '../../i18n';
import { choose, signedInServer } from '../test/fixtures';
import { ReferenceInput } from './ReferenceInput';

vi.setConfig({ testTimeout: 60_000 });

const order: FieldDef = {
  name: 'order_id',
  type: 'reference',
  label: { en: 'Order', zh: '订单' },
  ref: { entity: 'test-order', displayField: 'code', filter: { status: ['approved'] } },
};
const qOf = (r: { query: URLSearchParams }) => JSON.parse(r.query.get('q') ?? '{}');

describe('reference filter', () => {
  it('search and pick list carry the filter; the chosen id is stored', async () => {
    setLang('en');
    const server = signedInServer().on('GET', 'scmapi/test-order/page-list', (req) => ({
      rows: qOf(req).status?.[0] === 'approved' ? [{ id: 'o-2', version: 1, code: 'SO-2', status: 'approved' }] : [{ id: 'o-1', version: 1, code: 'SO-1', status: 'draft' }],
      total: 1,
      page: 1,
      size: 20,
    }));
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders>
        <MemoryRouter>
          <ReferenceInput field={order} onChange={onChange} />
        </MemoryRouter>
      </AppProviders>,
    );
    await choose(container, 'SO-2');
    expect(onChange).toHaveBeenCalledWith('o-2');
    expect(qOf(server.calls('scmapi/test-order/page-list')[0])).toEqual({ status: ['approved'] });

    fireEvent.change(container.querySelector('input')!, { target: { value: 'SO' } });
    await waitFor(() => expect(server.calls('scmapi/test-order/page-list').map(qOf)).toContainEqual({ status: ['approved'], code: { op: 'like', value: 'SO' } }));

    fireEvent.click(screen.getByTestId('pick-order_id'));
    await screen.findByTestId('pick-modal-test-order', undefined, { timeout: 20_000 });
    await waitFor(() => expect(screen.getAllByText('SO-2').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(server.calls('scmapi/test-order/page-list').every((r) => qOf(r).status?.[0] === 'approved')).toBe(true);
  });
});

// A reference to a platform user: the select searches the company's users (utilsapi/users/options).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, waitFor } from '@testing-library/react';
import type { FieldDef } from '@seamline/core';
import { AppProviders } from '../../AppProviders';
import { signedInServer, choose } from '../test/fixtures';
import { ReferenceInput } from './ReferenceInput';

const owner: FieldDef = { name: 'owner_id', type: 'reference', label: { en: 'Owner', zh: '负责人' }, ref: { entity: 'user', displayField: 'full_name' } };

describe('user reference', () => {
  it("searches the company's users and stores the chosen user's id", async () => {
    const server = signedInServer().on('GET', 'utilsapi/users/options', (req) =>
      req.query.get('search') === 'ann' ? [{ value: 'u-2', label: 'Ann Lee', username: 'brand.buyer' }] : [
        { value: 'u-1', label: 'Wang Fang', username: 'brand.admin' },
        { value: 'u-2', label: 'Ann Lee', username: 'brand.buyer' },
      ],
    );
    const onChange = vi.fn();
    const { container } = render(
      <AppProviders>
        <ReferenceInput field={owner} onChange={onChange} />
      </AppProviders>,
    );
    await choose(container, 'Ann Lee (brand.buyer)');
    expect(onChange).toHaveBeenCalledWith('u-2');
    expect(server.calls('utilsapi/users/options')[0].query.get('token')).toBe('T1');

    fireEvent.change(container.querySelector('input')!, { target: { value: 'ann' } });
    await waitFor(() => expect(server.calls('utilsapi/users/options').some((r) => r.query.get('search') === 'ann')).toBe(true));
  });

  it('asks only for the people who open the menu its ref.filter names (SRC-09 reviewers)', async () => {
    const reviewer: FieldDef = { ...owner, name: 'user_id', ref: { entity: 'user', displayField: 'full_name', filter: { menu: 'SRM_ADMISSION_EVAL' } } };
    const server = signedInServer().on('GET', 'utilsapi/users/options', () => [{ value: 'u-3', label: 'Olivia Chen', username: 'brand.approver1' }]);
    const { container } = render(
      <AppProviders>
        <ReferenceInput field={reviewer} onChange={vi.fn()} />
      </AppProviders>,
    );
    await choose(container, 'Olivia Chen (brand.approver1)');
    expect(server.calls('utilsapi/users/options')[0].query.get('menu')).toBe('SRM_ADMISSION_EVAL');
  });
});

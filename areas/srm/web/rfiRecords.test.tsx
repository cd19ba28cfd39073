// /srm/index/rfi-record (SupplierTable, kind rfi): a record a row with its project, supplier, state
// and submission time; a submitted one offers shortlist and eliminate; its answers open under it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 120_000 });
beforeEach(() => setLang('en'));

describe('the RFI records', () => {
  it('lists each record with its project and state; a submitted one can be shortlisted or eliminated; the answers expand', async () => {
    const row = {
      id: 'R1', version: 1, project_code: 'SP2611001', project_name: 'SS27 shirting', supplier_name: 'Demo Mill', status: 'submitted',
      submitted_at: '2026-11-20T08:00:00Z', capacity: '20k m / month', certifications: 'OEKO-TEX', main_customers: 'Acme', remarks: null,
      answers: [{ question_id: 'Q1', answer: 'Yes, in house' }],
    };
    signedInServer().on('GET', 'srmapi/rfi-record/page-list', () => ({ rows: [row, { ...row, id: 'R2', supplier_name: 'Other Mill', status: 'eliminated' }], total: 2, page: 1, size: 20 }));
    renderApp('/srm/index/rfi-record');
    const table = await screen.findByTestId('rfi-records', undefined, { timeout: 60_000 });
    const first = (await within(table).findByText('Demo Mill')).closest('tr')!;
    expect(first.textContent).toContain('SP2611001 SS27 shirting');
    expect(within(first).getByTestId('state-rfi').getAttribute('data-state')).toBe('submitted');
    expect(within(first).getByText('Shortlist')).toBeTruthy();
    expect(within(first).getByText('Eliminate')).toBeTruthy();
    const other = within(table).getByText('Other Mill').closest('tr')!;
    expect(within(other).queryByText('Shortlist')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: /expand/i }));
    expect(await within(table).findByText('Yes, in house')).toBeTruthy();
    expect(within(table).getByText('OEKO-TEX')).toBeTruthy();
  });
});

// The ticket screens in jsdom against a fake API: actions offered per role (a guest gets no
// Invite or Add admin, TKT-10), the closing form checked before anything is sent and only sent
// after the confirmation (TKT-02, TKT-04..06), and the status labels of spec §9 (TKT-01).
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../../web/src/AppProviders';
import { queryClient } from '../../../web/src/api/queryClient';
import { setLang } from '../../../web/src/i18n';
import { fakeServer } from '../../../web/src/test/fakeServer';
import { storeSignedIn } from '../../../web/src/test/session';
import type { TicketRole } from '../meta';
import type { Ticket } from './api';
import { ClosingForm } from './ClosingForm';
import { Members } from './Members';
import { StatusTag } from './StatusTag';

const ticket = (role: TicketRole, extra: Partial<Ticket> = {}): Ticket => ({
  id: '11111111-1111-4111-8111-111111111111', version: 3, code: 'TK1', client_id: 'c1', counterpart_client_id: 'c2',
  client_name: 'Demo Garment Factory', counterpart_name: 'Demo Brand Co.', title: 'Shade variation', design_no: 'D-1001',
  tags: [], description: null, category_id: null, owner_id: 'u1', owner_name: '李强', group_role_id: null, status: 0,
  is_public: true, duration_hours: 48, due_at: null, remaining_hours: 38, closing_summary: null, penalty_result: null,
  reasons: [], deduction_amount: null, deduction_ratio: null, deduction_type: null, deduction_voucher: null, closed_at: null,
  created_at: '2026-11-20T08:00:00Z', my_role: role,
  members: [{ user_id: 'u1', role: 'ADMIN', client_id: 'c1', client_name: 'Demo Garment Factory', full_name: '李强', username: 'factory.admin' }],
  ...extra,
});

const wrap = (node: React.ReactNode) => render(<AppProviders>{node}</AppProviders>);

beforeEach(() => {
  setLang('en');
  queryClient.clear();
  storeSignedIn();
});

describe('ticket roles in the web (TKT-08..12)', () => {
  it('a guest may only join: no Invite, Add admin, Quit admin or Leave', () => {
    fakeServer();
    wrap(<Members ticket={ticket('GUEST')} lang="en" onChange={() => undefined} />);
    expect(screen.getByTestId('ticket-join')).toBeTruthy();
    for (const id of ['ticket-invite', 'ticket-add-admin', 'ticket-quit-admin', 'ticket-quit']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('ticket-my-role').textContent).toBe('Guest');
  });

  it('a member invites and leaves; an admin also adds admins and quits as admin', () => {
    fakeServer();
    const member = wrap(<Members ticket={ticket('MEMBER')} lang="en" onChange={() => undefined} />);
    expect(screen.getByTestId('ticket-invite')).toBeTruthy();
    expect(screen.getByTestId('ticket-quit')).toBeTruthy();
    expect(screen.queryByTestId('ticket-add-admin')).toBeNull();
    expect(screen.queryByTestId('ticket-join')).toBeNull();
    member.unmount();
    wrap(<Members ticket={ticket('ADMIN')} lang="zh" onChange={() => undefined} />);
    for (const id of ['ticket-invite', 'ticket-add-admin', 'ticket-quit-admin', 'ticket-quit']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.getByTestId('ticket-my-role').textContent).toBe('管理员');
  });

  it('a closed ticket offers no membership actions', () => {
    fakeServer();
    wrap(<Members ticket={ticket('ADMIN', { status: 100 })} lang="en" onChange={() => undefined} />);
    for (const id of ['ticket-join', 'ticket-invite', 'ticket-add-admin', 'ticket-quit']) expect(screen.queryByTestId(id)).toBeNull();
  });
});

describe('closing (TKT-02, TKT-04..06)', () => {
  it('checks the record before asking, sends nothing on Cancel, and sends it after OK', { timeout: 30_000 }, async () => {
    const server = fakeServer().on('POST', 'vfapi/ticket/closing', (req) => ({ ...ticket('ADMIN'), status: 50, ...JSON.parse(req.body!.get('DATA')!) }));
    let done: Ticket | null = null;
    wrap(<ClosingForm ticket={ticket('ADMIN')} lang="en" open onClose={() => undefined} onDone={(t) => (done = t)} />);
    const ok = () => fireEvent.click(screen.getAllByRole('button', { name: 'Close ticket' }).at(-1)!);
    fireEvent.change(screen.getByTestId('closing-amount'), { target: { value: '1.23456' } });
    ok();
    expect(await screen.findByText('Please correct the input error, before submit form！')).toBeTruthy();
    expect(screen.queryByText('Close this ticket?')).toBeNull();

    fireEvent.change(screen.getByTestId('closing-summary'), { target: { value: 'Re-dyed' } });
    fireEvent.click(screen.getByLabelText('Deduction'));
    fireEvent.click(screen.getByLabelText('Contract terms'));
    fireEvent.click(screen.getByLabelText('Customer complaint'));
    fireEvent.change(screen.getByTestId('closing-amount'), { target: { value: '1200.5' } });
    fireEvent.change(screen.getByTestId('closing-voucher'), { target: { value: 'V-88' } });
    // The confirmation dialog: its buttons, the newest dialog's (antd keeps closed ones in the DOM).
    const confirmButton = (primary: boolean) => {
      const dialogs = document.querySelectorAll('.ant-modal-confirm');
      return dialogs[dialogs.length - 1]!.querySelector<HTMLButtonElement>(primary ? '.ant-btn-primary' : '.ant-btn:not(.ant-btn-primary)')!;
    };
    ok();
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1));
    expect(screen.getAllByText('Close this ticket?').length).toBeGreaterThan(0);
    fireEvent.click(confirmButton(false));
    expect(server.calls('vfapi/ticket/closing')).toHaveLength(0);

    ok();
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(2));
    fireEvent.click(confirmButton(true));
    await waitFor(() => expect(server.calls('vfapi/ticket/closing')).toHaveLength(1));
    const sent = JSON.parse(server.calls('vfapi/ticket/closing')[0]!.body!.get('DATA')!);
    expect(sent).toMatchObject({
      id: ticket('ADMIN').id, version: 3, closing_summary: 'Re-dyed', penalty_result: 'DEDUCTION',
      reasons: ['CONTRACT', 'CUSTOMER_COMPLAINT'], deduction_amount: '1200.5', deduction_voucher: 'V-88',
    });
    await waitFor(() => expect(done).not.toBeNull());
  });
});

describe('status labels (TKT-01)', () => {
  it('0 in progress, 50 closing, 100 closed, in both languages', () => {
    const { container, rerender } = render(<StatusTag status={0} lang="en" />);
    expect(container.textContent).toBe('In progress');
    rerender(<StatusTag status={50} lang="en" />);
    expect(container.textContent).toBe('Closing');
    rerender(<StatusTag status={100} lang="zh" />);
    expect(container.textContent).toBe('已关闭');
  });
});

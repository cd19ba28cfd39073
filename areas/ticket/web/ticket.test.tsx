// The ticket screens in jsdom against a fake API: actions offered per role (a guest gets no
// Invite or Add admin, TKT-10), the closing form checked before anything is sent and only sent
// after the confirmation (TKT-02, TKT-04..06), and the status labels of spec §9 (TKT-01).
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, fakeServer, storeSignedIn, renderApp, signedInServer } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import type { TicketRole } from '../meta';
import type { Ticket } from './api';
import { ClosingForm } from './ClosingForm';
import { Members } from './Members';
import { StatusTag } from './StatusTag';
import { TicketForm } from './TicketForm';

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

describe('picking people and editing the ticket (issue 13)', () => {
  it.each([
    ['en', 'Nobody else of the two companies can open tickets yet'],
    ['zh', '双方企业中暂无其他可使用工单的用户'],
  ] as const)('%s: the invite picker groups the offered people under their company and sends their ids', { timeout: 30_000 }, async (lang, empty) => {
    setLang(lang);
    const invitees = [
      { id: 'u2', full_name: 'Ana Buyer', username: 'brand.buyer', client_name: 'Demo Brand Co.' },
      { id: 'u3', full_name: 'Wang Wei', username: 'factory.qc', client_name: 'Demo Garment Factory' },
    ];
    let offered = invitees;
    const server = fakeServer()
      .on('GET', 'vfapi/ticket/invitees', () => offered)
      .on('POST', 'vfapi/ticket/invite', () => ticket('ADMIN'));
    const view = wrap(<Members ticket={ticket('ADMIN')} lang={lang} onChange={() => undefined} />);
    fireEvent.click(screen.getByTestId('ticket-invite'));
    fireEvent.mouseDown(within(await screen.findByTestId('ticket-pick-users')).getByRole('combobox'));
    await screen.findByText('Ana Buyer');
    expect(document.querySelectorAll('.ant-select-item-group')).toHaveLength(2);
    expect([...document.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent)).toEqual(['Demo Brand Co.', 'Demo Garment Factory']);
    fireEvent.click(screen.getByText('Wang Wei'));
    fireEvent.click(screen.getAllByRole('button', { name: lang === 'en' ? 'OK' : /确\s?定/ }).at(-1)!);
    await waitFor(() => expect(server.calls('vfapi/ticket/invite')).toHaveLength(1));
    expect(JSON.parse(server.calls('vfapi/ticket/invite')[0]!.body!.get('DATA')!)).toEqual({ id: ticket('ADMIN').id, user_ids: ['u3'] });
    view.unmount();
    // Nobody to offer: the picker says why instead of an empty box.
    offered = [];
    queryClient.clear();
    wrap(<Members ticket={ticket('ADMIN', { version: 4 })} lang={lang} onChange={() => undefined} />);
    fireEvent.click(screen.getByTestId('ticket-invite'));
    fireEvent.mouseDown(within(await screen.findByTestId('ticket-pick-users')).getByRole('combobox'));
    expect(await screen.findByText(empty)).toBeTruthy();
  });

  it.each(['en', 'zh'] as const)('%s: an admin edits title, design number and tags; the answer with its new version goes back', { timeout: 30_000 }, async (lang) => {
    setLang(lang);
    const server = fakeServer().on('POST', 'vfapi/ticket/save', (req) => ({ ...ticket('ADMIN'), ...JSON.parse(req.body!.get('DATA')!), version: 4 }));
    let saved: Ticket | null = null;
    wrap(<TicketForm open lang={lang} ticket={ticket('ADMIN', { tags: ['shade'] })} onClose={() => undefined} onSaved={(t) => (saved = t)} />);
    const title = (await screen.findByTestId('ticket-title')) as HTMLInputElement;
    expect(title.value).toBe('Shade variation');
    expect(screen.queryByTestId('ticket-counterpart')).toBeNull();
    expect(screen.getByText(lang === 'en' ? 'Edit ticket' : '编辑工单')).toBeTruthy();
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Save' : /保\s?存/ }));
    await waitFor(() => expect(document.querySelector('#title_help, .ant-form-item-explain-error')).not.toBeNull());
    expect(server.calls('vfapi/ticket/save')).toHaveLength(0);
    fireEvent.change(title, { target: { value: 'Shade variation, lot 2311' } });
    fireEvent.change(screen.getByTestId('ticket-design-no'), { target: { value: 'D-1002' } });
    const tags = within(screen.getByTestId('ticket-tags')).getByRole('combobox');
    fireEvent.change(tags, { target: { value: 'lot 2311' } });
    fireEvent.keyDown(tags, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Save' : /保\s?存/ }));
    await waitFor(() => expect(server.calls('vfapi/ticket/save')).toHaveLength(1));
    expect(JSON.parse(server.calls('vfapi/ticket/save')[0]!.body!.get('DATA')!)).toEqual({
      id: ticket('ADMIN').id, version: 3, title: 'Shade variation, lot 2311', design_no: 'D-1002', tags: ['shade', 'lot 2311'], description: '',
    });
    await waitFor(() => expect(saved?.version).toBe(4));
  });
});

describe('the detail page edits the ticket (issue 13)', () => {
  it.each([
    ['ADMIN', true],
    ['MEMBER', false],
    ['GUEST', false],
  ] as const)('%s: Edit offered = %s; an edit shows the answer at once', { timeout: 60_000 }, async (role, offered) => {
    let current = ticket(role);
    const server = signedInServer()
      .on('GET', 'vfapi/ticket/view', () => current)
      .on('GET', 'vfapi/ticket/comments', () => ({ delete_days: 3, rows: [] }))
      .on('POST', 'vfapi/ticket/save', (req) => (current = { ...current, ...JSON.parse(req.body!.get('DATA')!), version: current.version + 1 }));
    renderApp(`/page/ticket/view?key=${current.id}`);
    expect((await screen.findByTestId('ticket-view-title', undefined, { timeout: 45_000 })).textContent).toBe('Shade variation');
    if (!offered) {
      expect(screen.queryByTestId('ticket-edit')).toBeNull();
      return;
    }
    fireEvent.click(screen.getByTestId('ticket-edit'));
    fireEvent.change(await screen.findByTestId('ticket-title'), { target: { value: 'Shade variation, lot 2311' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('ticket-view-title').textContent).toBe('Shade variation, lot 2311'));
    expect(JSON.parse(server.calls('vfapi/ticket/save')[0]!.body!.get('DATA')!)).toMatchObject({ version: 3, title: 'Shade variation, lot 2311' });
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

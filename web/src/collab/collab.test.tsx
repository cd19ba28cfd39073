// The collaboration screens and rules in the browser half: unread bookkeeping (NTF-05..08), the
// inbox (NTF-03, NTF-04, NTF-09..12), tasks (NTF-13..16).
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../i18n';
import { sessionStore } from '../session/store';
import type { SessionUser } from '../session/types';
import { fakeServer, json } from '../test/fakeServer';
import { currentUrl, renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';
import { addContact, applyIncoming, applySummary, categoryUnread, TYPE_COLOURS, type NotificationMessage } from './unread';

const N = 'utilsapi/notifyapi/notify-msg/';

const MENUS = {
  SYS: [
    { ID: 'M1', CODE: 'SYS_USER', CATEGORY: 'SYS', TITLE: 'Users', URL: '/sys/index/user' },
    { ID: 'M2', CODE: 'SYS_ROLE', CATEGORY: 'SYS', TITLE: 'Roles', URL: '/sys/index/role' },
  ],
  SCM: [{ ID: 'M3', CODE: 'SCM_PO', CATEGORY: 'SCM', TITLE: 'Orders', URL: '/scm/index/po' }],
};

function message(over: Partial<NotificationMessage>): NotificationMessage {
  return {
    msgid: '77', type: 'MSG', from_client_id: 'C9', from_client_name: 'Acme', from_org_name: 'Acme', from_user_fullname: 'Li Qiang',
    to_client_id: 'c1', to_client_name: 'Demo Brand Co.', module: 'TICKET', function_subarea: '', related_key: '9',
    content: 'Ticket 9 was updated', url: '/page/ticket/view?key=9', time: new Date(Date.now() - 5 * 60_000).toISOString(),
    post_user_fullname: 'Li Qiang', post_user_avatar: '', menu_id: '', read: false, ...over,
  };
}

describe('unread bookkeeping', () => {
  const user: SessionUser = { menus: MENUS, unread_total: 3, menu_unread: { M1: { UNREAD_CT: 3 } }, menu_modules: [{ CATEGORY: 'SYS' }, { CATEGORY: 'SCM' }] };

  it('adds up a category from its menus (NTF-08)', () => {
    expect(categoryUnread(Object.values(MENUS).flat(), { M1: { UNREAD_CT: 3 }, M2: { UNREAD_CT: 2 }, M3: { UNREAD_CT: 1 } })).toEqual({ SYS: 5, SCM: 1 });
  });

  it('a new message raises the total, its menu and its category (NTF-05, NTF-07)', () => {
    const patch = applyIncoming(user, { menu_id: 'SYS_ROLE' });
    expect(patch.unread_total).toBe(4);
    expect(patch.menu_unread).toEqual({ M1: { UNREAD_CT: 3 }, M2: { UNREAD_CT: 1 } });
    expect(patch.category_unread).toEqual({ SYS: 4, SCM: 0 });
    expect(patch.menu_modules?.map((m) => m.UNREAD_CT)).toEqual([4, 0]);
    // A message for a menu the user does not have still counts in the total.
    expect(applyIncoming(user, { menu_id: 'OTHER' }).unread_total).toBe(4);
  });

  it("the server's summary replaces the counts", () => {
    const patch = applySummary(user, { total: 1, byMenuCode: { SCM_PO: 1 } });
    expect(patch).toMatchObject({ unread_total: 1, menu_unread: { M1: { UNREAD_CT: 0 }, M2: { UNREAD_CT: 0 }, M3: { UNREAD_CT: 1 } }, category_unread: { SYS: 0, SCM: 1 } });
  });

  it('online contacts map a client name to FROM_CLIENT_ID (NTF-06)', () => {
    expect(addContact({}, { from_client_name: 'Acme', from_client_id: 'C9' })).toEqual({ Acme: { FROM_CLIENT_ID: 'C9' } });
  });

  it('gives each message type its own colour (NTF-12)', () => {
    expect(new Set(['APPR', 'CONFIRM', 'LINK', 'MSG'].map((t) => TYPE_COLOURS[t])).size).toBe(4);
  });
});

function signedIn(user: SessionUser = { ...USER, unread_total: 4 }) {
  storeSignedIn();
  return fakeServer().on('GET', 'utilsapi/access/user-state', () => user);
}

beforeEach(() => setLang('en'));

describe('inbox', () => {
  const rows = [
    message({ msgid: '77', type: 'APPR', content: 'Approve PO 12' }),
    message({ msgid: '78', type: 'CONFIRM', content: 'Confirm the holiday notice', read: true }),
    message({ msgid: '79', type: 'LINK', content: 'Ticket 9 was updated' }),
    message({ msgid: '80', type: 'MSG', content: 'Hello' }),
  ];

  it('lists index messages with type tags, sender and relative time; mark read posts read-msg and lowers the total (NTF-03, NTF-09, NTF-10, NTF-12)', async () => {
    const server = signedIn()
      .on('GET', N + 'index', () => ({ rows, total: 4, page: 1, size: 10, unread_total: 3 }))
      .on('POST', N + 'read-msg', () => ({ unread_total: 3 }));
    renderApp('/workspace/mailindex');
    const items = await screen.findAllByTestId('inbox-item', undefined, { timeout: 10_000 });
    expect(items).toHaveLength(4);
    expect(server.calls(N + 'index')).toHaveLength(1);
    for (const type of ['APPR', 'CONFIRM', 'LINK', 'MSG']) expect(screen.getByTestId(`type-${type}`)).toBeTruthy();
    expect(within(items[0]!).getByTestId('inbox-sender').textContent).toBe('Li Qiang · Acme');
    expect(within(items[0]!).getByTestId('relative-time').textContent).toBe('5 minutes ago');
    await waitFor(() => expect(sessionStore.get()?.unread_total).toBe(4));
    fireEvent.click(within(items[0]!).getByTestId('mark-read'));
    await waitFor(() => expect(server.calls(N + 'read-msg')).toHaveLength(1));
    expect(server.calls(N + 'read-msg')[0]!.body?.get('msgid')).toBe('77');
    await waitFor(() => expect(sessionStore.get()?.unread_total).toBe(3));
  });

  it("a failed mark-read says 'mark-as-read failed' and the message stays unread (NTF-11)", async () => {
    signedIn()
      .on('GET', N + 'index', () => ({ rows, total: 4, page: 1, size: 10, unread_total: 3 }))
      .on('POST', N + 'read-msg', () => json(500, { code: 500, message: 'boom' }));
    renderApp('/workspace/mailindex');
    const items = await screen.findAllByTestId('inbox-item', undefined, { timeout: 10_000 });
    fireEvent.click(within(items[0]!).getByTestId('mark-read'));
    expect(await screen.findByText('mark-as-read failed')).toBeTruthy();
    expect(screen.getAllByTestId('inbox-item')[0]!.getAttribute('data-read')).toBe('0');
    expect(sessionStore.get()?.unread_total).toBe(4);
  });

  it('opening a message marks it read and goes to its url (NTF-04)', async () => {
    const server = signedIn()
      .on('GET', N + 'index', () => ({ rows, total: 4, page: 1, size: 10, unread_total: 3 }))
      .on('POST', N + 'read-msg', () => ({ unread_total: 2 }));
    const { router } = renderApp('/workspace/mailindex');
    const items = await screen.findAllByTestId('inbox-item', undefined, { timeout: 10_000 });
    fireEvent.click(within(items[2]!).getByTestId('inbox-open'));
    await waitFor(() => expect(currentUrl(router)).toBe('/page/ticket/view?key=9'));
    expect(server.calls(N + 'read-msg')[0]!.body?.get('msgid')).toBe('79');
  });
});

describe('tasks', () => {
  const task = {
    id: 'T1', subject: 'Check fabric', description: '', due_date: '2024-04-01', priority: 'HIGH', status: 10, overdue: true,
    participants: [{ id: 'u2', fullname: 'Wang Fang' }], created_by: 'u1', created_by_name: 'Ann Lee', created_at: new Date().toISOString(), version: 1,
  };

  it('the workbench asks my-task-list and shows the open tasks (NTF-13)', async () => {
    const server = signedIn()
      .on('GET', N + 'my-task-list', () => [task])
      .on('GET', N + 'index', () => ({ rows: [], total: 0, page: 1, size: 5, unread_total: 0 }))
      .on('GET', 'utilsapi/workspace/control-tower', () => [{ key: 'collab.overdueTasks', label: 'Overdue tasks', url: '/workspace/mailindex?tab=tasks&overdue=1', count: 1 }])
      .on('GET', 'utilsapi/clientinfoapi/user-profile/my-workspace-home-setting', () => ({ panels: ['inbox', 'tasks', 'controlTower'] }));
    renderApp('/workspace/home');
    expect((await screen.findAllByTestId('my-task')).map((el) => el.textContent)).toEqual([expect.stringContaining('Check fabric')]);
    expect(server.calls(N + 'my-task-list')).toHaveLength(1);
    expect((await screen.findByTestId('counter-collab.overdueTasks')).textContent).toContain('Overdue tasks');
  });

  it('the task list pages with page-task-list; done sends status 30; a failed delete says deletion failed (NTF-13, NTF-15, NTF-16)', async () => {
    const server = signedIn()
      .on('GET', N + 'page-task-list', () => ({ rows: [task], total: 1, page: 1, size: 10 }))
      .on('POST', N + 'task-change-status', () => ({ ...task, status: 30 }))
      .on('DELETE', N + 'task-remove', () => json(500, { code: 500, message: 'boom' }));
    renderApp('/workspace/mailindex?tab=tasks');
    await screen.findByText('Check fabric', undefined, { timeout: 10_000 });
    expect(server.calls(N + 'page-task-list')[0]!.query.get('page')).toBe('1');
    fireEvent.click(screen.getByTestId('row-task-done'));
    await waitFor(() => expect(server.calls(N + 'task-change-status')).toHaveLength(1));
    expect(server.calls(N + 'task-change-status')[0]!.body?.get('status')).toBe('30');
    fireEvent.click(screen.getByTestId('task-delete'));
    const confirm = await waitFor(() => {
      const pop = document.querySelector('.ant-popconfirm');
      if (!pop) throw new Error('no confirm yet');
      return pop as HTMLElement;
    });
    expect(confirm.textContent).toContain('Delete the task "Check fabric"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deletion failed')).toBeTruthy();
    expect(server.calls(N + 'task-remove')[0]!.query.get('id')).toBe('T1');
  });
});

// The administration screens and the list layouts over the request client (fake server at the
// fetch boundary): what is sent, what is shown, and that nothing is sent before the form is valid.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { json, renderApp, USER, posted, signedInServer, fromLayout, toLayout } from '@seamline/web/testing';
import { previewSerial } from './SerialNumbersPage';

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => {
  localStorage.clear();
  setLang('en');
});
// Screens load lazily; on a busy machine the first render takes a while.
const slow = { timeout: 45_000 };

const ADMIN: typeof USER = { ...USER, user_type: 'ADMIN' };
const user = (over: Record<string, unknown>) => ({
  id: `id-${over.username}`,
  version: 1,
  status: 'ACTIVE',
  user_type: 'COMMON',
  roles: [],
  last_login_time: null,
  last_login_ip: null,
  full_name: `Name of ${String(over.username)}`,
  ...over,
});
const ROWS = [
  user({ username: 'boss', user_type: 'ADMIN' }),
  user({ username: 'guest', user_type: 'GUEST' }),
  user({ username: 'nobody', user_type: 'UNASSIGNED' }),
  user({ username: 'worker', user_type: 'COMMON', status: 'FROZEN', roles: [{ id: 'r1', code: 'QA', name: 'Quality' }] }),
];

function usersServer(me: typeof USER = ADMIN) {
  return signedInServer(me)
    .on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: ROWS, total: ROWS.length, page: 1, size: 20 }))
    .on('GET', 'utilsapi/sys/roles/list', () => [{ id: 'r1', code: 'QA', name: 'Quality', menus: [], user_count: 1 }]);
}

describe('user management', () => {
  it('shows each user type as a tag of its own colour and filters on the server', async () => {
    const server = usersServer();
    renderApp('/sys/index/user');
    await screen.findByText('boss', undefined, slow);
    const colour = (type: string) => [...screen.getByTestId(`user-type-${type}`).classList].find((c) => c.startsWith('ant-tag-') && c !== 'ant-tag-borderless');
    const colours = ['ADMIN', 'GUEST', 'UNASSIGNED', 'COMMON'].map(colour);
    expect(new Set(colours).size).toBe(4);
    expect(screen.getByText('Frozen')).toBeTruthy();

    const search = screen.getByPlaceholderText('Name, username or email');
    fireEvent.change(search, { target: { value: 'wor' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const last = server.calls('utilsapi/sys/users/page-list').at(-1)!;
      expect(JSON.parse(last.query.get('q') ?? '{}')).toEqual({ search: 'wor' });
    });
  });

  it('sorts by a column and pages on the server; a filter starts again at the first page', async () => {
    const server = usersServer().on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: ROWS, total: 45, page: 1, size: 20 }));
    renderApp('/sys/index/user');
    await screen.findByText('boss', undefined, slow);
    const lastPage = () => JSON.parse(server.calls('utilsapi/sys/users/page-list').at(-1)!.query.get('p') ?? '{}');
    expect(screen.getByText('45 records')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('user-table')).getAllByText('Email')[0]);
    await waitFor(() => expect(lastPage()).toEqual({ page: 1, size: 20, sort: [{ field: 'email', order: 'asc' }] }));
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastPage()).toMatchObject({ page: 3, sort: [{ field: 'email', order: 'asc' }] }));
    const search = screen.getByPlaceholderText('Name, username or email');
    fireEvent.change(search, { target: { value: 'bo' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastPage()).toMatchObject({ page: 1 }));
  });

  it('validates a new user before posting, then sends every field; server field errors land on the field', async () => {
    const server = usersServer().on('POST', 'utilsapi/sys/users/save', () =>
      json(422, { code: 11000, message: 'Please correct the input error, before submit form！', data: { errors: { username: ['This username is already taken'] } } }),
    );
    renderApp('/sys/index/user');
    fireEvent.click(await screen.findByTestId('user-new', undefined, slow));
    fireEvent.click(await screen.findByTestId('user-save'));
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(3), slow);
    expect(server.calls('utilsapi/sys/users/save')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('user-field-username'), { target: { value: 'new.one' } });
    fireEvent.change(screen.getByTestId('user-field-full_name'), { target: { value: 'New One' } });
    fireEvent.change(screen.getByTestId('user-field-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('user-field-wx_id'), { target: { value: 'wx-9' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/users/save')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/sys/users/save')[0])).toMatchObject({
      username: 'new.one', full_name: 'New One', password: 'Secret123', wx_id: 'wx-9', user_type: 'COMMON', role_ids: [],
    });
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
  });

  it("greys out what only the account's owner may change and sends the rest (docs/security.md)", async () => {
    const locked = ['username', 'email', 'wx_id', 'qywx_id', 'dd_id', 'password'];
    const server = usersServer()
      .on('GET', 'utilsapi/sys/users/view', () => ({ ...ROWS[1], email: 'g@example.com', wx_id: 'wx-g', other_companies: 0, locked_fields: locked }))
      .on('POST', 'utilsapi/sys/users/save', () => ({ ...ROWS[1], title: 'Planner', locked_fields: locked }));
    renderApp('/sys/index/user');
    fireEvent.click(await screen.findByTestId('edit-guest', undefined, slow));
    await screen.findByTestId('user-owner-only', undefined, slow);
    for (const f of ['username', 'email', 'wx_id']) expect((screen.getByTestId(`user-field-${f}`) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('user-field-password')).toBeNull();
    expect((screen.getByTestId('user-field-title') as HTMLInputElement).disabled).toBe(false);
    fireEvent.change(screen.getByTestId('user-field-title'), { target: { value: 'Planner' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/users/save')).toHaveLength(1));
    const sent = posted(server.calls('utilsapi/sys/users/save')[0]);
    expect(sent).toMatchObject({ id: 'id-guest', title: 'Planner', email: 'g@example.com', username: 'guest' });
    expect(sent).not.toHaveProperty('password');
  });

  it.each([
    ['en', 'Invitation not yet accepted'],
    ['zh', '尚未接受邀请'],
  ] as const)('%s: an invited colleague without a username says so and is saved without one', async (lang, pending) => {
    setLang(lang);
    const invited = user({ username: null, email: 'ivy@example.com', full_name: 'Ivy', user_type: 'INVITED' });
    const server = signedInServer(ADMIN)
      .on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: [invited], total: 1, page: 1, size: 20 }))
      .on('GET', 'utilsapi/sys/roles/list', () => [])
      .on('GET', 'utilsapi/sys/users/view', () => ({ ...invited, other_companies: 0, locked_fields: ['username', 'email', 'password'] }))
      .on('POST', 'utilsapi/sys/users/save', () => ({ ...invited, title: 'Planner', locked_fields: [] }));
    renderApp('/sys/index/user');
    expect((await screen.findByTestId('invitation-pending', undefined, slow)).textContent).toBe(pending);
    fireEvent.click(screen.getByTestId('edit-ivy@example.com'));
    const name = (await screen.findByTestId('user-field-username', undefined, slow)) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(name.placeholder).toBe(pending);
    fireEvent.change(screen.getByTestId('user-field-title'), { target: { value: 'Planner' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/users/save')).toHaveLength(1), slow);
    const sent = posted(server.calls('utilsapi/sys/users/save')[0]);
    expect(sent).toMatchObject({ id: invited.id, title: 'Planner' });
    expect(sent).not.toHaveProperty('username');
  });

  it.each([
    ['freeze', 'freeze-membership'],
    ['remove', 'remove'],
  ])('asks before the %s of a membership, then posts it', async (button, route) => {
    const url = `utilsapi/sys/users/${route}`;
    const server = usersServer().on('POST', url, () => ({ ...ROWS[0], membership_status: 'FROZEN' }));
    renderApp('/sys/index/user');
    fireEvent.click(await screen.findByTestId(`${button}-guest`, undefined, slow));
    expect(server.calls(url)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls(url)).toHaveLength(1));
    expect(posted(server.calls(url)[0])).toEqual({ id: 'id-guest' });
  });

  it('members without administrator rights get no create or freeze buttons', async () => {
    usersServer(USER);
    renderApp('/sys/index/user');
    await screen.findByText('boss', undefined, slow);
    expect(screen.queryByTestId('user-new')).toBeNull();
    expect(screen.queryByTestId('freeze-guest')).toBeNull();
    expect(screen.queryByTestId('remove-guest')).toBeNull();
  });
});

describe('roles (the role definition in the engine list + drawer)', () => {
  const TREE = [{ code: 'SCM', title: 'Supply chain', menus: [{ code: 'SCM_CUSTOMER', title: 'Customers', enabled: true }, { code: 'SCM_OFF', title: 'Off', enabled: false }] }];
  const rolesServer = (me: typeof USER = ADMIN) =>
    signedInServer(me)
      .on('GET', 'utilsapi/sys/roles/list', () => [{ id: 'r1', version: 3, code: 'QA', name: 'Quality', description: null, menus: ['SCM_CUSTOMER'], user_count: 1 }])
      .on('GET', 'utilsapi/sys/roles/view', () => ({ id: 'r1', version: 3, code: 'QA', name: 'Quality', description: null, menus: ['SCM_CUSTOMER'], users: [{ id: 'id-worker' }] }))
      .on('GET', 'utilsapi/sys/menus/tree', () => TREE)
      .on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: ROWS, total: ROWS.length, page: 1, size: 200 }))
      .on('POST', 'utilsapi/sys/roles/save', () => ({ id: 'r2', version: 1 }));

  it('lists the columns of the definition; a new role is checked, upper-cased and sent with its menus and users', async () => {
    const server = rolesServer();
    renderApp('/sys/index/role');
    await screen.findByText('Quality', undefined, slow);
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
    for (const h of ['Role code', 'Role name', 'Description', 'Menus it opens', 'Users', 'Actions']) expect(headers).toContain(h);
    fireEvent.click(screen.getByTestId('role-new'));
    fireEvent.click(await screen.findByTestId('role-save', undefined, slow));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2), slow);
    expect(server.calls('utilsapi/sys/roles/save')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('role-field-code'), { target: { value: 'e2e_cust' } });
    fireEvent.change(screen.getByTestId('role-field-name'), { target: { value: 'Customer desk' } });
    // Only switched-on menus are offered.
    expect(within(await screen.findByTestId('role-menus', undefined, slow)).queryByText('Off (SCM_OFF)')).toBeNull();
    fireEvent.click(within(screen.getByTestId('role-menus')).getByText('Customers (SCM_CUSTOMER)'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/roles/save')).toHaveLength(1), slow);
    expect(posted(server.calls('utilsapi/sys/roles/save')[0])).toEqual({ code: 'E2E_CUST', name: 'Customer desk', user_ids: [], menus: ['SCM_CUSTOMER'] });
  });

  it('edits a role from its detail and sends its id and version', async () => {
    const server = rolesServer();
    renderApp('/sys/index/role');
    fireEvent.click(await screen.findByTestId('role-edit-QA', undefined, slow));
    await waitFor(() => expect((screen.getByTestId('role-field-name') as HTMLInputElement).value).toBe('Quality'), slow);
    fireEvent.change(screen.getByTestId('role-field-name'), { target: { value: 'Quality desk' } });
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/roles/save')).toHaveLength(1), slow);
    expect(posted(server.calls('utilsapi/sys/roles/save')[0])).toMatchObject({ id: 'r1', version: 3, code: 'QA', name: 'Quality desk', user_ids: ['id-worker'], menus: ['SCM_CUSTOMER'] });
  });

  it('members without administrator rights see the role greyed out, with no new, save or delete', async () => {
    rolesServer(USER);
    renderApp('/sys/index/role');
    fireEvent.click(await screen.findByTestId('role-edit-QA', undefined, slow));
    await waitFor(() => expect((screen.getByTestId('role-field-name') as HTMLInputElement).disabled).toBe(true), slow);
    expect(screen.queryByTestId('role-new')).toBeNull();
    expect(screen.queryByTestId('role-save')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});

describe('serial numbers and the UI config', () => {
  it('previews the number a series gives', () => {
    const now = new Date(2026, 10, 22);
    expect(previewSerial({ prefix: 'PO', date_prefix: 'YYYYMMDD', suffix: '', length: 4 }, now)).toBe('PO202611220001');
    expect(previewSerial({ prefix: 'V', length: 6, suffix: '-X' }, now)).toBe('V000001-X');
  });

  it('a new series (the definition in the engine list + modal) previews its number and is sent upper-cased', async () => {
    const server = signedInServer(ADMIN)
      .on('GET', 'utilsapi/sys/serial-numbers/list', () => [{ id: 's1', version: 2, code: 'PO', prefix: 'PO', date_prefix: '', suffix: '', length: 4, flag: 1, sample: 'PO0001', description: null }])
      .on('POST', 'utilsapi/sys/serial-numbers/save', () => ({ id: 's2', version: 1 }));
    renderApp('/sys/index/serial-number');
    expect(await screen.findByText('PO0001', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByTestId('serial-new'));
    fireEvent.click(await screen.findByTestId('serial-save', undefined, slow));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(1), slow);
    fireEvent.change(screen.getByTestId('serial-field-code'), { target: { value: 'so' } });
    fireEvent.change(screen.getByTestId('serial-field-prefix'), { target: { value: 'SO' } });
    await waitFor(() => expect(screen.getByTestId('serial-preview').textContent).toBe('SO0001'));
    fireEvent.click(screen.getByTestId('serial-save'));
    await waitFor(() => expect(server.calls('utilsapi/sys/serial-numbers/save')).toHaveLength(1), slow);
    expect(posted(server.calls('utilsapi/sys/serial-numbers/save')[0])).toEqual({ code: 'SO', prefix: 'SO', date_prefix: '', suffix: '', length: 4, flag: 1 });
  });

  it('the system UI config is refused on screen to anyone but the super admin', async () => {
    const server = signedInServer(ADMIN);
    renderApp('/sys/page/ui-config');
    expect(await screen.findByText('Only the platform administrator may change these settings.', undefined, slow)).toBeTruthy();
    expect(server.calls('utilsapi/sys/ui-config')).toHaveLength(0);
  });
});

describe('list layouts kept by the server (CFG-18..20)', () => {
  const page = '/tst/index/test-order';
  const template = (effective: unknown) => ({ page, person: effective, company: null, effective, can_save_company: false });

  it('converts between the screen settings and the server layout', () => {
    const settings = { order: ['a', 'b', 'c'], hidden: ['b'], widths: { c: 150 } };
    const layout = toLayout(settings);
    expect(layout).toEqual({ columns: [{ key: 'a' }, { key: 'b', hidden: true }, { key: 'c', width: 150 }] });
    expect(fromLayout(layout)).toEqual(settings);
    expect(fromLayout(null)).toBeNull();
  });

  it('loads the layout (page-person-template), saves a change (submit-cache) and resets (reset-page)', async () => {
    const server = signedInServer()
      .on('GET', 'scmapi/test-order/page-list', () => ({ rows: [{ id: 'r1', version: 1, code: 'SO-1', title: 'First', status: 'draft' }], total: 1, page: 1, size: 20 }))
      .on('GET', 'utilsapi/scommonapi/sconf-ui-config-person/page-person-template', () => template({ columns: [{ key: 'title' }, { key: 'code', hidden: true }] }))
      .on('POST', 'utilsapi/scommonapi/sconf-ui-config-person/submit-cache', () => template(null))
      .on('POST', 'utilsapi/scommonapi/sconf-ui-config-person/reset-page', () => template(null));
    renderApp(page);
    await screen.findByText('First', undefined, slow);
    await waitFor(() => expect(server.calls('utilsapi/scommonapi/sconf-ui-config-person/page-person-template')).toHaveLength(1));
    expect(server.calls('utilsapi/scommonapi/sconf-ui-config-person/page-person-template')[0].query.get('page')).toBe(page);
    // The server's layout: title first, code hidden.
    await waitFor(() => {
      const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');
      expect(headers.some((h) => h.includes('Title'))).toBe(true);
      expect(headers.some((h) => h.includes('Order code'))).toBe(false);
    });

    fireEvent.click(screen.getByTestId('columns-button'));
    fireEvent.click(await screen.findByTestId('column-toggle-code'));
    await waitFor(() => expect(server.calls('utilsapi/scommonapi/sconf-ui-config-person/submit-cache')).toHaveLength(1));
    const sent = posted(server.calls('utilsapi/scommonapi/sconf-ui-config-person/submit-cache')[0]) as { page: string; config: { columns: Array<{ key: string; hidden?: boolean }> } };
    expect(sent.page).toBe(page);
    expect(sent.config.columns.slice(0, 2)).toEqual([{ key: 'title' }, { key: 'code' }]);

    fireEvent.click(screen.getByTestId('columns-reset'));
    await waitFor(() => expect(server.calls('utilsapi/scommonapi/sconf-ui-config-person/reset-page')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/scommonapi/sconf-ui-config-person/reset-page')[0])).toEqual({ page });
  });
});

describe('menus', () => {
  it('moves a switched-on menu up or down among the switched-on ones of its category', async () => {
    const tree = [
      {
        code: 'SCM',
        title: 'Supply chain',
        menus: [
          { code: 'A_FIRST', title: 'First', enabled: true },
          { code: 'B_SECOND', title: 'Second', enabled: true },
          { code: 'C_OFF', title: 'Off', enabled: false },
        ],
      },
    ];
    const server = signedInServer(ADMIN)
      .on('GET', 'utilsapi/sys/menus/tree', () => tree)
      .on('POST', 'utilsapi/sys/menus/order', () => tree);
    renderApp('/sys/index/menu');
    const up = (await screen.findByRole('button', { name: 'Move Second up' }, slow)) as HTMLButtonElement;
    expect((screen.getByRole('button', { name: 'Move First up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Second down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Off down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(up);
    await waitFor(() => expect(server.calls('utilsapi/sys/menus/order')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/sys/menus/order')[0])).toEqual({ codes: ['B_SECOND', 'A_FIRST'] });
    fireEvent.click(screen.getByRole('button', { name: 'Move First down' }));
    await waitFor(() => expect(server.calls('utilsapi/sys/menus/order')).toHaveLength(2));
    expect(posted(server.calls('utilsapi/sys/menus/order')[1])).toEqual({ codes: ['B_SECOND', 'A_FIRST'] });
  });
});

describe('data authorization (the user definition in the engine master-detail)', () => {
  it("shows the chosen member's rules in the rule definition's columns and deletes one after asking", async () => {
    const rule = { id: 'dr1', menu_code: 'SRM_VENDOR', field: 'grade', operator: '=', value: 'A' };
    const server = signedInServer(ADMIN)
      .on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: ROWS, total: ROWS.length, page: 1, size: 200 }))
      .on('GET', 'utilsapi/sys/data-rules/fields', () => ({ operators: ['='], entities: [] }))
      .on('GET', 'utilsapi/sys/data-rules/effective', () => ({ menus: [{ menu_code: 'SRM_VENDOR', opens_menu: false, rules: [rule] }] }))
      .on('POST', 'utilsapi/sys/data-rules/delete', () => ({}));
    renderApp('/sys/masterdetail/data-auth');
    expect(await screen.findByText('Choose a user on the left', undefined, slow)).toBeTruthy();
    fireEvent.keyDown(await screen.findByTestId('auth-user-worker', undefined, slow), { key: 'Enter' });
    const rules = await screen.findByTestId('auth-rules', undefined, slow);
    await within(rules).findByText('grade', undefined, slow);
    for (const title of ['Menu', 'Field', 'Operator', 'Value']) expect(within(rules).getByRole('columnheader', { name: title })).toBeTruthy();
    expect(within(screen.getByTestId('auth-effective')).getByText('The user does not open this menu, so the rules have no effect yet.')).toBeTruthy();
    fireEvent.click(within(rules).getByRole('button', { name: 'Delete' }));
    expect(server.calls('utilsapi/sys/data-rules/delete')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('utilsapi/sys/data-rules/delete')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/sys/data-rules/delete')[0])).toEqual(['dr1']);
  });
});

describe('data authorization value picker (issue 13)', () => {
  it.each([
    ['en', 'Add rule'],
    ['zh', '添加规则'],
  ] as const)('%s: the value is picked from the values the field really takes, several joined for "in"', async (lang, addLabel) => {
    setLang(lang);
    const server = signedInServer(ADMIN)
      .on('GET', 'utilsapi/sys/users/page-list', () => ({ rows: ROWS, total: ROWS.length, page: 1, size: 200 }))
      .on('GET', 'utilsapi/sys/data-rules/fields', () => ({
        operators: ['=', 'in'],
        entities: [{ entity: 'vendor', label: 'Vendor', menu_code: 'SRM_VENDOR', fields: [{ name: 'grade', label: 'Grade' }] }],
      }))
      .on('GET', 'utilsapi/sys/data-rules/effective', () => ({ menus: [] }))
      .on('GET', 'utilsapi/sys/data-rules/values', () => [
        { value: 'A', label: 'Grade A' },
        { value: 'B', label: 'Grade B' },
      ])
      .on('POST', 'utilsapi/sys/data-rules/save', () => ({ id: 'r1' }));
    renderApp('/sys/masterdetail/data-auth');
    fireEvent.click(await screen.findByTestId('auth-user-worker', undefined, slow));
    const pick = async (testId: string, option: string) => {
      fireEvent.mouseDown(within(await screen.findByTestId(testId, undefined, slow)).getByRole('combobox'));
      const items = await screen.findAllByTitle(option, undefined, slow);
      fireEvent.click(items.at(-1)!);
    };
    await pick('rule-menu', 'Vendor (SRM_VENDOR)');
    await pick('rule-field', 'Grade (grade)');
    await pick('rule-operator', 'in');
    await pick('rule-value', 'Grade A');
    await pick('rule-value', 'Grade B');
    await waitFor(() => expect(server.calls('utilsapi/sys/data-rules/values').at(-1)?.query.get('field')).toBe('grade'));
    expect(server.calls('utilsapi/sys/data-rules/values').at(-1)!.query.get('entity')).toBe('vendor');
    fireEvent.click(screen.getByRole('button', { name: addLabel }));
    await waitFor(() => expect(server.calls('utilsapi/sys/data-rules/save')).toHaveLength(1), slow);
    expect(posted(server.calls('utilsapi/sys/data-rules/save')[0])).toEqual({ menu_code: 'SRM_VENDOR', field: 'grade', operator: 'in', value: 'A,B', user_id: 'id-worker' });
  });
});

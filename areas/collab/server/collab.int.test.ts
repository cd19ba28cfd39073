// The collaboration API over real HTTP on a real database: inbox and unread counts, tasks,
// announcements with read confirmation, attachments and notes, the control tower.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea, notify, registerWorkCounter, sql, type Api } from '@seamline/server/api';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { WaveFile } from 'wavefile';
import { whoAmI, type Me } from './testing';

const N = 'utilsapi/notifyapi/notify-msg/';
const A = 'utilsapi/notifyapi/announcement/';
const F = 'utilsapi/collabapi/attachment/';

// Sends inbox messages from the factory to whoever the test names.
const probe = defineArea({
  name: 'collab-api-probe',
  routes: (api: Api) => {
    api.post('utilsapi/test-collab/send', { auth: true }, ({ session, body, tenant }) =>
      tenant((tx) =>
        notify(tx, session, {
          type: String(body.type) as 'MSG',
          toUserIds: [String(body.to)],
          toClientId: String(body.toClient),
          module: 'TEST',
          content: { en: String(body.text), zh: `中文 ${String(body.text)}` },
          url: '/page/ticket/view?key=9',
          menuId: body.menu ? String(body.menu) : undefined,
        }),
      ),
    );
  },
});
registerWorkCounter({ key: 'test.seven', label: { en: 'Seven things', zh: '七件事' }, url: '/x', count: async () => 7 });
registerWorkCounter({ key: 'test.broken', label: { en: 'Broken', zh: '坏的' }, url: '/y', count: async () => { throw new Error('boom'); } });

let srv: TestServer;
let dataDir: string;
let admin: Me; // brand.admin, ADMIN, zh
let buyer: Me; // brand.buyer, COMMON, en
let factory: Me;
let savedMax: string | undefined;

const send = (to: Me, text: string, type = 'MSG', menu?: string) =>
  srv.call('POST', 'utilsapi/test-collab/send', { token: factory.token, json: { to: to.id, toClient: to.clientid, text, type, menu } });

beforeAll(async () => {
  savedMax = process.env.ATTACHMENT_MAX_BYTES;
  process.env.ATTACHMENT_MAX_BYTES = String(64 * 1024);
  dataDir = await mkdtemp(join(tmpdir(), 'seamline-collab-'));
  srv = await startTestServer({ config: { dataDir }, extraAreas: [probe] });
  admin = await whoAmI(srv.call, (await login(srv.call, 'brand.admin')).token);
  buyer = await whoAmI(srv.call, (await login(srv.call, 'brand.buyer')).token);
  factory = await whoAmI(srv.call, (await login(srv.call, 'factory.admin')).token);
});
afterAll(async () => {
  if (savedMax === undefined) delete process.env.ATTACHMENT_MAX_BYTES;
  else process.env.ATTACHMENT_MAX_BYTES = savedMax;
  await srv?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('inbox', () => {
  it('lists messages newest first, paged, in the reader’s language, with the unread total', async () => {
    for (const text of ['one', 'two', 'three']) expect((await send(buyer, text, 'APPR', 'COLLAB_TICKET')).status).toBe(200);
    const res = await srv.call('GET', N + 'index', { token: buyer.token, query: { page: '1', size: '2' } });
    expect(res.status).toBe(200);
    const r = res.body.data.results;
    expect(r.total).toBe(3);
    expect(r.rows.map((m: { content: string }) => m.content)).toEqual(['three', 'two']);
    expect(r.rows[0]).toMatchObject({ type: 'APPR', from_client_name: 'Demo Garment Factory', post_user_fullname: '李强', url: '/page/ticket/view?key=9', read: false });
    expect(r.unread_total).toBe(3);
    const page2 = await srv.call('GET', N + 'index', { token: buyer.token, query: { page: '2', size: '2' } });
    expect(page2.body.data.results.rows.map((m: { content: string }) => m.content)).toEqual(['one']);
    // Nobody else sees them.
    expect((await srv.call('GET', N + 'index', { token: admin.token })).body.data.results.total).toBe(0);
  });

  it('counts unread per menu (menu-unread-sum, by menu ID) and in the session, per menu and per category', async () => {
    const sum = (await srv.call('GET', N + 'menu-unread-sum', { token: buyer.token })).body.data.results;
    const entries = Object.entries(sum) as [string, { UNREAD_CT: number; CODE: string }][];
    expect(entries).toHaveLength(1);
    expect(entries[0]![1]).toEqual({ UNREAD_CT: 3, CODE: 'COLLAB_TICKET' });
    const state = (await srv.call('GET', 'utilsapi/access/user-state', { token: buyer.token })).body.data.results;
    expect(state.unread_total).toBe(3);
    expect(state.menu_unread[entries[0]![0]]).toEqual({ UNREAD_CT: 3 });
    expect(state.category_unread.COLLAB).toBe(3);
    expect(state.menu_modules.find((m: { CATEGORY: string }) => m.CATEGORY === 'COLLAB').UNREAD_CT).toBe(3);
  });

  it('read-msg marks one message read and answers the new total; another user’s message is 404', async () => {
    const rows = (await srv.call('GET', N + 'index', { token: buyer.token })).body.data.results.rows;
    const res = await srv.call('POST', N + 'read-msg', { token: buyer.token, form: { msgid: rows[0].msgid } });
    expect(res.status).toBe(200);
    expect(res.body.data.results.unread_total).toBe(2);
    const again = (await srv.call('GET', N + 'index', { token: buyer.token, query: { read: '1' } })).body.data.results;
    expect(again.rows.map((m: { msgid: string }) => m.msgid)).toEqual([rows[0].msgid]);
    expect((await srv.call('POST', N + 'read-msg', { token: admin.token, form: { msgid: rows[1].msgid } })).status).toBe(404);
    expect((await srv.call('POST', N + 'read-msg', { token: buyer.token, form: { msgid: 'nope' } })).status).toBe(404);
    // The refused calls changed nothing.
    expect((await srv.call('GET', N + 'index', { token: buyer.token })).body.data.results.unread_total).toBe(2);
    const all = await srv.call('POST', N + 'read-msg', { token: buyer.token, form: { all: '1' } });
    expect(all.body.data.results.unread_total).toBe(0);
  });

  it('needs a session', async () => {
    expect((await srv.call('GET', N + 'index')).status).toBe(401);
    expect((await srv.call('GET', N + 'menu-unread-sum')).status).toBe(401);
  });
});

describe('tasks', () => {
  let taskId: string;

  it('task-save validates subject, due date, priority and participants (11000, nothing saved)', async () => {
    const res = await srv.call('POST', N + 'task-save', {
      token: admin.token,
      json: { DATA: { subject: '', due_date: '2024-02-30', priority: 'URGENT', participants: [factory.id] } },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(11000);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['due_date', 'participants', 'priority', 'subject']);
    expect((await srv.call('GET', N + 'page-task-list', { token: admin.token })).body.data.results.total).toBe(0);
  });

  it('creates a task with participants, who are notified and see it', async () => {
    const res = await srv.call('POST', N + 'task-save', {
      token: admin.token,
      form: { DATA: JSON.stringify({ subject: 'Check fabric', due_date: '2024-04-01', priority: 'HIGH', participants: [buyer.id] }) },
    });
    expect(res.status).toBe(200);
    const task = res.body.data.results;
    taskId = task.id;
    expect(task).toMatchObject({ subject: 'Check fabric', due_date: '2024-04-01', priority: 'HIGH', status: 10, overdue: true, created_by_name: '王芳' });
    expect(task.participants).toEqual([{ id: buyer.id, fullname: 'Ann Lee' }]);
    const inbox = (await srv.call('GET', N + 'index', { token: buyer.token, query: { read: '0' } })).body.data.results.rows;
    expect(inbox[0]).toMatchObject({ type: 'MSG', module: 'TASK', content: '王芳 added you to the task "Check fabric"', related_key: taskId, menu_id: 'COLLAB_TASK' });
    const mine = (await srv.call('GET', N + 'my-task-list', { token: buyer.token })).body.data.results;
    expect(mine.map((t: { id: string }) => t.id)).toEqual([taskId]);
    // Another company neither lists nor reaches it.
    expect((await srv.call('GET', N + 'page-task-list', { token: factory.token })).body.data.results.total).toBe(0);
    expect((await srv.call('POST', N + 'task-change-status', { token: factory.token, form: { id: taskId, status: '30' } })).status).toBe(404);
  });

  it('pages and filters the task list', async () => {
    await srv.call('POST', N + 'task-save', { token: admin.token, json: { DATA: { subject: 'Book the sample courier', priority: 'LOW' } } });
    const all = (await srv.call('GET', N + 'page-task-list', { token: admin.token, query: { page: '1', size: '1' } })).body.data.results;
    expect(all).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(all.rows).toHaveLength(1);
    const found = (await srv.call('GET', N + 'page-task-list', { token: admin.token, query: { keyword: 'fabric' } })).body.data.results;
    expect(found.rows.map((t: { subject: string }) => t.subject)).toEqual(['Check fabric']);
    const overdue = (await srv.call('GET', N + 'page-task-list', { token: admin.token, query: { overdue: '1' } })).body.data.results;
    expect(overdue.rows.map((t: { subject: string }) => t.subject)).toEqual(['Check fabric']);
  });

  it('task-change-status: 30 done, 10 reopens; other values are refused', async () => {
    const done = await srv.call('POST', N + 'task-change-status', { token: buyer.token, form: { id: taskId, status: '30' } });
    expect(done.status).toBe(200);
    expect(done.body.data.results).toMatchObject({ status: 30, overdue: false });
    // The creator hears that a participant finished it.
    const inbox = (await srv.call('GET', N + 'index', { token: admin.token, query: { read: '0' } })).body.data.results.rows;
    expect(inbox[0].content).toBe('Ann Lee 完成了任务“Check fabric”');
    expect((await srv.call('POST', N + 'task-change-status', { token: buyer.token, form: { id: taskId, status: '20' } })).status).toBe(400);
    const reopened = await srv.call('POST', N + 'task-change-status', { token: admin.token, form: { id: taskId, status: '10' } });
    expect(reopened.body.data.results.status).toBe(10);
    expect((await srv.call('GET', N + 'my-task-list', { token: buyer.token })).body.data.results).toHaveLength(1);
  });

  it('only the creator edits; a stale version is 409', async () => {
    const view = (await srv.call('GET', N + 'task-view', { token: admin.token, query: { id: taskId } })).body.data.results;
    const edit = { id: taskId, version: view.version, subject: 'Check fabric weight', priority: 'HIGH', participants: [buyer.id] };
    expect((await srv.call('POST', N + 'task-save', { token: buyer.token, json: { DATA: edit } })).status).toBe(403);
    const saved = await srv.call('POST', N + 'task-save', { token: admin.token, json: { DATA: edit } });
    expect(saved.body.data.results).toMatchObject({ subject: 'Check fabric weight', version: view.version + 1 });
    expect((await srv.call('POST', N + 'task-save', { token: admin.token, json: { DATA: edit } })).status).toBe(409);
  });

  it('task-remove: a participant may not, the creator may', async () => {
    expect((await srv.call('DELETE', N + 'task-remove', { token: buyer.token, query: { id: taskId } })).status).toBe(403);
    expect((await srv.call('DELETE', N + 'task-remove', { token: admin.token, query: { id: taskId } })).status).toBe(200);
    expect((await srv.call('GET', N + 'task-view', { token: admin.token, query: { id: taskId } })).status).toBe(404);
    expect((await srv.call('DELETE', N + 'task-remove', { token: admin.token, query: { id: taskId } })).status).toBe(404);
  });
});

describe('announcements', () => {
  let id: string;

  it('publish validates, then notifies every other member with a CONFIRM message', async () => {
    const bad = await srv.call('POST', A + 'publish', { token: admin.token, json: { DATA: { title: '', content: '' } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['content', 'title']);
    const res = await srv.call('POST', A + 'publish', { token: admin.token, json: { DATA: { title: 'Holiday schedule', content: 'Closed on 1 May.' } } });
    expect(res.status).toBe(200);
    id = res.body.data.results.id;
    expect(res.body.data.results).toMatchObject({ title: 'Holiday schedule', publisher_name: '王芳', read: true, read_count: 1, can_see_readers: true });
    const inbox = (await srv.call('GET', N + 'index', { token: buyer.token, query: { read: '0' } })).body.data.results.rows;
    expect(inbox[0]).toMatchObject({ type: 'CONFIRM', module: 'ANNOUNCEMENT', related_key: id, content: 'Announcement: Holiday schedule' });
    // Another company does not see it.
    expect((await srv.call('GET', A + 'page-list', { token: factory.token })).body.data.results.total).toBe(0);
    expect((await srv.call('GET', A + 'view', { token: factory.token, query: { id } })).status).toBe(404);
  });

  it('each reader confirms; the publisher sees who has read and who has not', async () => {
    const before = (await srv.call('GET', A + 'page-list', { token: buyer.token, query: { read: '0' } })).body.data.results;
    expect(before.rows.map((a: { id: string }) => a.id)).toEqual([id]);
    expect(before.rows[0]).toMatchObject({ read: false, can_see_readers: false });
    expect((await srv.call('GET', A + 'read-status', { token: buyer.token, query: { id } })).status).toBe(403);

    const status0 = (await srv.call('GET', A + 'read-status', { token: admin.token, query: { id } })).body.data.results;
    expect(status0.read.map((u: { username: string }) => u.username)).toEqual(['brand.admin']);
    expect(status0.unread.map((u: { username: string }) => u.username)).toContain('brand.buyer');

    const confirmed = await srv.call('POST', A + 'confirm-read', { token: buyer.token, form: { id } });
    expect(confirmed.body.data.results).toMatchObject({ read: true, read_count: 2 });
    // Confirming twice is harmless; the announcement's message counts as read.
    expect((await srv.call('POST', A + 'confirm-read', { token: buyer.token, form: { id } })).status).toBe(200);
    const msgs = (await srv.call('GET', N + 'index', { token: buyer.token, query: { read: '0' } })).body.data.results.rows;
    expect(msgs.filter((m: { related_key: string }) => m.related_key === id)).toEqual([]);

    const status1 = (await srv.call('GET', A + 'read-status', { token: admin.token, query: { id } })).body.data.results;
    expect(status1.read.map((u: { username: string }) => u.username).sort()).toEqual(['brand.admin', 'brand.buyer']);
    expect(status1.unread.map((u: { username: string }) => u.username)).not.toContain('brand.buyer');
  });

  it('counts and offers only people who can read: no invitation placeholder, no UNASSIGNED member, not the super admin (issue 23)', async () => {
    // An open invitation ('~invited-…' placeholder) and a membership awaiting assignment.
    const invited = await srv.call('POST', 'utilsapi/access/invite', { token: admin.token, json: { email: 'new.colleague@example.com', fullname: 'New Colleague' } });
    expect(invited.status).toBe(200);
    const waiting = await srv.db.asSystem(async (tx) => {
      const inserted = await tx.execute(sql`insert into app_user (username, password_hash, full_name) values ('brand.waiting', 'x', 'Waiting Person') returning id`);
      const u = (inserted as unknown as { rows: { id: string }[] }).rows[0]!;
      await tx.execute(sql`insert into user_client (client_id, user_id, user_type) values (${admin.clientid}, ${u.id}, 'UNASSIGNED')`);
      return u.id;
    });
    const superAdmin = await whoAmI(srv.call, (await login(srv.call, 'super.admin')).token);
    const status = (await srv.call('GET', A + 'read-status', { token: admin.token, query: { id } })).body.data.results;
    const everyone = [...status.read, ...status.unread].map((u: { username: string }) => u.username);
    expect(everyone.some((u: string) => u.startsWith('~invited'))).toBe(false);
    expect(everyone).not.toContain('brand.waiting');
    expect(everyone).not.toContain('super.admin');
    expect(everyone).toEqual(expect.arrayContaining(['brand.admin', 'brand.buyer', 'brand.approver1']));
    // The task participant picker offers the same people, and a save refuses the others.
    const offered = (await srv.call('GET', 'utilsapi/users/options', { token: admin.token })).body.data.results.map((u: { username: string }) => u.username);
    expect(offered).not.toContain('brand.waiting');
    expect(offered).not.toContain('super.admin');
    expect(offered.some((u: string) => u.startsWith('~invited'))).toBe(false);
    for (const who of [waiting, superAdmin.id]) {
      const res = await srv.call('POST', N + 'task-save', { token: admin.token, json: { DATA: { subject: 'Check the samples', participants: [who] } } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.errors)).toEqual(['participants']);
    }
  });
});

describe('attachments and notes', () => {
  let vendorId: string;
  let taskId: string;
  const upload = async (token: string, fields: Record<string, string>, name: string, bytes: Buffer, type = 'application/octet-stream') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${srv.url}/api/${F}upload?token=${encodeURIComponent(token)}`, { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    const list = await srv.call('GET', 'mdapi/vendor/page-list', { token: admin.token });
    vendorId = list.body.data.results.rows[0].id;
    taskId = (await srv.call('POST', N + 'task-save', { token: admin.token, json: { DATA: { subject: 'With files', participants: [buyer.id] } } })).body.data.results.id;
  });

  it('adds a file and a note to an engine document; both are listed and the file downloads', async () => {
    const pdf = Buffer.from('%PDF-1.4 sample');
    const up = await upload(admin.token, { entity: 'vendor', id: vendorId }, 'spec sheet.pdf', pdf, 'application/pdf');
    expect(up.status).toBe(200);
    const note = await srv.call('POST', F + 'note', { token: admin.token, json: { entity: 'vendor', id: vendorId, note: 'Audit booked for May' } });
    expect(note.status).toBe(200);
    const list = (await srv.call('GET', F + 'list', { token: admin.token, query: { entity: 'vendor', id: vendorId } })).body.data.results;
    expect(list.map((a: { kind: string; file_name: string; note: string }) => [a.kind, a.file_name, a.note])).toEqual([
      ['FILE', 'spec sheet.pdf', ''],
      ['NOTE', '', 'Audit booked for May'],
    ]);
    expect(list[0]).toMatchObject({ size: pdf.length, mime: 'application/pdf', created_by_name: '王芳', mine: true });
    const file = await fetch(`${srv.url}/api/${F}download?id=${list[0].id}&token=${encodeURIComponent(admin.token)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // Another company can neither list nor download them.
    expect((await srv.call('GET', F + 'list', { token: factory.token, query: { entity: 'vendor', id: vendorId } })).status).toBe(404);
    expect((await fetch(`${srv.url}/api/${F}download?id=${list[0].id}&token=${encodeURIComponent(factory.token)}`)).status).toBe(404);
  });

  it('refuses a file over the size limit, a refused type, an unknown document type and an empty note', async () => {
    const big = await upload(admin.token, { entity: 'vendor', id: vendorId }, 'big.pdf', Buffer.alloc(64 * 1024 + 1, 1));
    expect(big.status).toBe(400);
    expect(big.body.message).toContain('64 KB');
    const exe = await upload(admin.token, { entity: 'vendor', id: vendorId }, 'tool.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect((await upload(admin.token, { entity: 'no-such', id: vendorId }, 'a.pdf', Buffer.from('x'))).status).toBe(400);
    expect((await srv.call('POST', F + 'note', { token: admin.token, json: { entity: 'vendor', id: vendorId, note: ' ' } })).status).toBe(422);
    const list = (await srv.call('GET', F + 'list', { token: admin.token, query: { entity: 'vendor', id: vendorId } })).body.data.results;
    expect(list).toHaveLength(2);
  });

  it('tasks carry attachments and notes for their creator and participants only', async () => {
    expect((await upload(buyer.token, { entity: 'collab-task', id: taskId }, 'photo.png', Buffer.from('png-bytes'), 'image/png')).status).toBe(200);
    expect((await srv.call('POST', F + 'note', { token: buyer.token, json: { entity: 'collab-task', id: taskId, note: 'Done by Friday' } })).status).toBe(200);
    const list = (await srv.call('GET', F + 'list', { token: admin.token, query: { entity: 'collab-task', id: taskId } })).body.data.results;
    expect(list.map((a: { kind: string }) => a.kind)).toEqual(['FILE', 'NOTE']);
    // Only whoever added an item (or an administrator) removes it.
    expect((await srv.call('POST', F + 'remove', { token: buyer.token, form: { id: list[1].id } })).status).toBe(200);
    expect((await srv.call('POST', F + 'remove', { token: factory.token, form: { id: list[0].id } })).status).toBe(404);
    expect((await srv.call('GET', F + 'list', { token: factory.token, query: { entity: 'collab-task', id: taskId } })).status).toBe(404);
  });

  it('accepts a voice note (.wav) and serves it back as audio/wav, byte for byte', async () => {
    const wav = new WaveFile();
    wav.fromScratch(1, 16000, '16', Array.from({ length: 1600 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000))));
    const bytes = Buffer.from(wav.toBuffer());
    const up = await upload(buyer.token, { entity: 'collab-task', id: taskId }, 'voice-note.wav', bytes, 'audio/wav');
    expect(up.status).toBe(200);
    const item = up.body.data.results.find((a: { file_name: string }) => a.file_name === 'voice-note.wav');
    expect(item).toMatchObject({ kind: 'FILE', mime: 'audio/wav', size: bytes.length });
    const file = await fetch(`${srv.url}/api/${F}download?id=${item.id}&inline=1&token=${encodeURIComponent(admin.token)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
    expect(file.headers.get('content-disposition')).toMatch(/^inline/);
    const back = new WaveFile(new Uint8Array(await file.arrayBuffer()));
    expect(back.fmt).toMatchObject({ sampleRate: 16000, bitsPerSample: 16, numChannels: 1 });
    expect((await srv.call('GET', F + 'rules', { token: buyer.token })).body.data.results.extensions).toContain('.wav');
  });
});

describe('control tower', () => {
  it('shows every registered counter; a failing one shows as null without hiding the others', async () => {
    const res = await srv.call('GET', 'utilsapi/workspace/control-tower', { token: buyer.token });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.results.map((c: { key: string }) => [c.key, c]));
    expect(byKey['test.seven']).toMatchObject({ label: 'Seven things', count: 7, url: '/x' });
    expect(byKey['test.broken'].count).toBeNull();
    expect(byKey['collab.unreadMessages'].count).toBeGreaterThanOrEqual(1);
    expect(byKey['collab.overdueTasks']).toMatchObject({ label: 'Overdue tasks', count: 0 });
  });
});

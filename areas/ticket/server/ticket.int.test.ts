// Exception tickets over real HTTP on a real database: the document and its status path, the
// cross-company rule (both companies see it, a third company gets 404), the rights of spec §6 per
// role, the live discussion (comments, photos readable by both companies, flags, the delete window
// on an injected clock) and the notifications it sends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, client, eq, notifyMsg, role, sql } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer, download, pngOf, upload } from '@seamline/server/testing';
import { connectSocket, connectTo, followGroups, nextEvent } from '../../collab/server/testing';
import { setTicketClock } from './clock';
import { TICKET_EVENT } from './live';

let srv: TestServer;
let dataDir: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let brand: string;
let garment: string;

type Doc = Record<string, any>;
const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const get = (who: string, path: string, query: Record<string, unknown> = {}) =>
  srv.call('GET', `vfapi/ticket/${path}`, {
    token: tokens[who],
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  });
const post = (who: string, path: string, data: unknown) => srv.call('POST', `vfapi/ticket/${path}`, { token: tokens[who], json: { DATA: data } });

async function categoryId(who: string, code: string): Promise<string> {
  const res = ok(await srv.call('GET', 'vfapi/ticket-category/page-list', { token: tokens[who], query: { q: JSON.stringify({ code }) } }));
  return res.rows[0].id;
}

async function openTicket(extra: Doc = {}): Promise<Doc> {
  return ok(await post('factory.admin', 'save', { title: 'Shade variation', design_no: 'D-1001', tags: ['shade', 'lot 2311'], counterpart_client_id: brand, ...extra }));
}

const T0 = new Date('2026-11-20T08:00:00Z');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'seamline-ticket-'));
  srv = await startTestServer({ config: { dataDir } });
  for (const u of ['brand.admin', 'brand.buyer', 'factory.admin', 'fabric.admin']) {
    const l = await login(srv.call, u);
    tokens[u] = l.token;
    ids[u] = ok(await srv.call('GET', 'utilsapi/access/user-state', { token: l.token })).id;
  }
  const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
  brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
  garment = companies.find((c) => c.code === 'DEMO_GARMENT')!.id;
});
afterEach(() => setTicketClock());
afterAll(async () => {
  await srv?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a ticket across two companies', () => {
  it('is opened by the factory against the brand, inherits the category, and is seen by both companies only', async () => {
    setTicketClock(() => T0);
    const fabricCat = await categoryId('factory.admin', 'FABRIC');
    const t = await openTicket({ category_id: fabricCat });
    expect(t).toMatchObject({
      title: 'Shade variation', design_no: 'D-1001', tags: ['shade', 'lot 2311'], status: 0, is_public: false,
      client_id: garment, counterpart_client_id: brand, duration_hours: 48, remaining_hours: 48,
      owner_id: ids['factory.admin'], my_role: 'ADMIN', counterpart_name: 'Demo Brand Co.',
    });
    expect(t.code).toMatch(/^DEMO_GARMENT-TK\d{8}\d{3}$/);
    expect(t.due_at).toBe(new Date(T0.getTime() + 48 * 3_600_000).toISOString());
    // Both sides get admins: the opener and the brand's administrators — not the platform's super admin.
    expect(t.members.map((m: Doc) => [m.username, m.role]).sort()).toEqual([['brand.admin', 'ADMIN'], ['factory.admin', 'ADMIN']].sort());
    // The brand sees the factory's category by name, not '—' (issue 23).
    expect(t.category_name).toBe('面料问题');

    // 10 hours later 38 hours remain (TKT-16).
    setTicketClock(() => new Date(T0.getTime() + 10 * 3_600_000));
    const seen = ok(await get('brand.admin', 'view', { key: t.id }));
    expect(seen).toMatchObject({ id: t.id, my_role: 'ADMIN', remaining_hours: 38, client_name: 'Demo Garment Factory', category_name: '面料问题' });
    expect(ok(await get('brand.admin', 'page-list', { q: { side: 'theirs' } })).rows.map((r: Doc) => r.id)).toContain(t.id);

    // A third company: not found, not listed, cannot act.
    expect((await get('fabric.admin', 'view', { key: t.id })).status).toBe(404);
    expect(ok(await get('fabric.admin', 'page-list')).rows.map((r: Doc) => r.id)).not.toContain(t.id);
    expect((await post('fabric.admin', 'comment', { id: t.id, body: 'hello' })).status).toBe(404);
    expect((await post('fabric.admin', 'join', { id: t.id })).status).toBe(404);
    // RLS itself, not only the handler: the fabric mill's tenant transaction reads nothing.
    const fabric = await companies('DEMO_FABRIC');
    const rows = await srv.db.withTenant(fabric, (tx) => tx.execute(sql`select count(*)::int as n from tk_ticket where id = ${t.id}`));
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    // A private ticket is not shown to a plain user of the brand who is no member (404).
    expect((await get('brand.buyer', 'view', { key: t.id })).status).toBe(404);

    // The brand's admins were notified, with the ticket menu's badge.
    const msgs = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.userId, ids['brand.admin']), eq(notifyMsg.relatedKey, t.id))));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ clientId: brand, menuId: 'COLLAB_TICKET', module: 'TICKET', url: `/page/ticket/view?key=${t.id}` });
  });

  it('never shows two tickets of one relation with the same code, even opened at once from both sides', async () => {
    setTicketClock(() => new Date('2026-11-21T08:00:00Z'));
    const fromBoth = await Promise.all([
      ...Array.from({ length: 4 }, () => openTicket()),
      ...Array.from({ length: 4 }, async () => ok(await post('brand.admin', 'save', { title: 'Late delivery', counterpart_client_id: garment }))),
    ]);
    const codes = fromBoth.map((t) => t.code);
    expect(new Set(codes).size).toBe(codes.length);
    const list = ok(await get('brand.admin', 'page-list', { p: { size: 100 } }));
    const listed = list.rows.map((r: Doc) => r.code);
    expect(new Set(listed).size).toBe(listed.length);
    for (const c of codes) expect(listed).toContain(c);
  });

  it('a category keeps typed tags beside its dictionary suggestions, with level, owner, duration and attributes (TKT-17)', async () => {
    const dict = await srv.call('POST', 'mdapi/dictionary/save', { token: tokens['factory.admin'], json: { DATA: { type_code: 'TICKET_TAG', code: 'SHADE', name: 'shade' } } });
    expect(dict.status).toBe(200);
    const res = await srv.call('POST', 'vfapi/ticket-category/save', {
      token: tokens['factory.admin'],
      json: { DATA: { code: 'TRIMS', name: 'Trims', level: 'HIGH', owner_id: ids['factory.admin'], tags: ['SHADE', 'zipper pull'], duration_hours: 24, attributes: ['QUALITY'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results).toMatchObject({ tags: ['SHADE', 'zipper pull'], level: 'HIGH', duration_hours: 24, owner_id: ids['factory.admin'] });
    const t = await openTicket({ category_id: res.body.data.results.id });
    expect(t).toMatchObject({ duration_hours: 24, owner_id: ids['factory.admin'] });
  });

  it('refuses bad documents field by field and leaves nothing behind', async () => {
    const before = ok(await get('factory.admin', 'page-list')).total;
    const res = await post('factory.admin', 'save', { title: '', counterpart_client_id: garment, category_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(11000);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['category_id', 'counterpart_client_id', 'title']);
    expect(ok(await get('factory.admin', 'page-list')).total).toBe(before);
  });

  it('edits title and the public flag; a stale version answers 409', async () => {
    const t = await openTicket();
    const saved = ok(await post('factory.admin', 'save', { id: t.id, version: t.version, title: 'Shade variation, lot 2311', is_public: true }));
    expect(saved).toMatchObject({ title: 'Shade variation, lot 2311', is_public: true, version: t.version + 1 });
    expect((await post('factory.admin', 'save', { id: t.id, version: t.version, title: 'x' })).status).toBe(409);
    // Public: every user of both companies sees it, as a guest.
    expect(ok(await get('brand.buyer', 'view', { key: t.id })).my_role).toBe('GUEST');
    const unpublic = ok(await post('factory.admin', 'save', { id: t.id, version: saved.version, is_public: false }));
    expect(unpublic.is_public).toBe(false);
    expect((await get('brand.buyer', 'view', { key: t.id })).status).toBe(404);
  });
});

async function companies(code: string): Promise<string> {
  const [c] = await srv.db.asSystem((tx) => tx.select({ id: client.id }).from(client).where(eq(client.code, code)));
  return c!.id;
}

describe('status path 0 → 50 → 100 (TKT-01..06)', () => {
  it('records the closing, needs the confirmation, and is then closed for good', async () => {
    const t = await openTicket();
    // The closing record is checked: summary and penalty result required, amounts 4 decimals, ratio ≤ 100.
    const bad = await post('brand.admin', 'closing', { id: t.id, version: t.version, deduction_amount: '1.23456', deduction_ratio: '101', penalty_result: 'NOPE' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['closing_summary', 'deduction_amount', 'deduction_ratio', 'penalty_result']);
    expect(ok(await get('brand.admin', 'view', { key: t.id })).status).toBe(0);

    const closing = ok(
      await post('brand.admin', 'closing', {
        id: t.id, version: t.version, closing_summary: 'Re-dyed lot accepted', penalty_result: 'DEDUCTION',
        reasons: ['HISTORICAL_REPEAT', 'CONTRACT'], deduction_amount: '1200.5', deduction_ratio: '5', deduction_type: 'CASH', deduction_voucher: 'V-88',
      }),
    );
    expect(closing).toMatchObject({
      status: 50, closing_summary: 'Re-dyed lot accepted', penalty_result: 'DEDUCTION', reasons: ['HISTORICAL_REPEAT', 'CONTRACT'],
      deduction_amount: '1200.5000', deduction_ratio: '5.0000', deduction_type: 'CASH', deduction_voucher: 'V-88',
    });
    // Not from 50 again; close without confirmation refused; stale version 409.
    expect((await post('brand.admin', 'closing', { id: t.id, version: closing.version, closing_summary: 'x', penalty_result: 'NONE' })).status).toBe(400);
    const unconfirmed = await post('brand.admin', 'close', { id: t.id, version: closing.version });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe('关闭工单需要确认');
    expect((await post('brand.admin', 'close', { id: t.id, version: t.version, confirmed: true })).status).toBe(409);
    const closed = ok(await post('brand.admin', 'close', { id: t.id, version: closing.version, confirmed: true }));
    expect(closed).toMatchObject({ status: 100, closed_by: ids['brand.admin'] });
    expect(closed.closed_at).toBeTruthy();
    // Closed: no more comments, no reopen, no edits.
    expect((await post('factory.admin', 'comment', { id: t.id, body: 'late' })).status).toBe(400);
    expect((await post('brand.admin', 'reopen', { id: t.id, version: closed.version })).status).toBe(400);
    expect((await post('factory.admin', 'save', { id: t.id, version: closed.version, title: 'changed' })).status).toBe(400);
    // The list filters by status.
    expect(ok(await get('factory.admin', 'page-list', { q: { status: [100] } })).rows.map((r: Doc) => r.id)).toContain(t.id);
    expect(ok(await get('factory.admin', 'page-list', { q: { status: [0, 50] } })).rows.map((r: Doc) => r.id)).not.toContain(t.id);
  });

  it('reopens from closing back to in progress', async () => {
    const t = await openTicket();
    const c = ok(await post('factory.admin', 'closing', { id: t.id, version: t.version, closing_summary: 'done', penalty_result: 'NONE' }));
    expect(ok(await post('factory.admin', 'reopen', { id: t.id, version: c.version })).status).toBe(0);
  });
});

describe('roles and rights (spec §6, TKT-08..12)', () => {
  it('a guest may only look and join; a member invites; only admins add admins; the last admin stays', async () => {
    const t = await openTicket({ is_public: true });
    // brand.buyer is a guest on a public ticket.
    const asGuest = ok(await get('brand.buyer', 'view', { key: t.id }));
    expect(asGuest.my_role).toBe('GUEST');
    for (const [path, data] of [
      ['comment', { id: t.id, body: 'hi' }],
      ['invite', { id: t.id, user_ids: [ids['brand.admin']] }],
      ['add-admin', { id: t.id, user_id: ids['brand.buyer'] }],
      ['quit-admin', { id: t.id }],
      ['assign-group', { id: t.id, role_id: null }],
      ['closing', { id: t.id, version: t.version, closing_summary: 'x', penalty_result: 'NONE' }],
      ['save', { id: t.id, version: t.version, title: 'guest edit' }],
    ] as const) {
      const res = await post('brand.buyer', path, data);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect((await get('brand.buyer', 'invitees', { key: t.id })).status).toBe(403);

    // Join → member: may comment and invite, still not add admins.
    const joined = ok(await post('brand.buyer', 'join', { id: t.id }));
    expect(joined.my_role).toBe('MEMBER');
    expect((await post('brand.buyer', 'join', { id: t.id })).status).toBe(403);
    const invitees = ok(await get('brand.buyer', 'invitees', { key: t.id }));
    expect(invitees.map((u: Doc) => u.username)).not.toContain('brand.buyer');
    expect(invitees.map((u: Doc) => u.username)).not.toContain('fabric.admin');
    expect((await post('brand.buyer', 'add-admin', { id: t.id, user_id: ids['brand.buyer'] })).status).toBe(403);
    // Nobody outside the two companies can be invited.
    expect((await post('brand.buyer', 'invite', { id: t.id, user_ids: [ids['fabric.admin']] })).status).toBe(400);

    // The owner makes the buyer an admin; the buyer quits as admin and stays a member, then leaves.
    expect(ok(await post('factory.admin', 'add-admin', { id: t.id, user_id: ids['brand.buyer'] })).members.find((m: Doc) => m.user_id === ids['brand.buyer']).role).toBe('ADMIN');
    const quitAdmin = ok(await post('brand.buyer', 'quit-admin', { id: t.id }));
    expect(quitAdmin.my_role).toBe('MEMBER');
    const left = ok(await post('brand.buyer', 'quit', { id: t.id }));
    expect(left.my_role).toBe('GUEST');
    expect(left.members.map((m: Doc) => m.user_id)).not.toContain(ids['brand.buyer']);
  });

  it('an invited user is notified and becomes a member', async () => {
    const t = await openTicket();
    const after = ok(await post('factory.admin', 'invite', { id: t.id, user_ids: [ids['brand.buyer']] }));
    expect(after.members.find((m: Doc) => m.user_id === ids['brand.buyer'])).toMatchObject({ role: 'MEMBER', client_id: brand });
    expect(ok(await get('brand.buyer', 'view', { key: t.id })).my_role).toBe('MEMBER');
    const msgs = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.userId, ids['brand.buyer']), eq(notifyMsg.relatedKey, t.id))));
    expect(msgs.map((m) => m.clientId)).toEqual([brand]);
  });

  it('offers and accepts only users who can open tickets: no role without the ticket menu, guest or frozen membership (issue 13)', async () => {
    const t = await openTicket();
    const sys = (path: string, data: unknown) => srv.call('POST', `utilsapi/sys/${path}`, { token: tokens['factory.admin'], json: { DATA: data } });
    const newMember = async (user_type: string) =>
      ok(await sys('users/save', { username: `tk${Math.random().toString(36).slice(2, 9)}`, full_name: `Worker ${user_type}`, password: 'Secret123', user_type }));
    const noMenu = await newMember('COMMON');
    const guest = await newMember('GUEST');
    const frozen = await newMember('ADMIN');
    ok(await sys('users/freeze-membership', { id: frozen.id }));
    const before = ok(await get('factory.admin', 'invitees', { key: t.id })).map((u: Doc) => u.id);
    for (const u of [noMenu, guest, frozen]) expect(before).not.toContain(u.id);
    expect(before).toContain(ids['brand.buyer']);
    for (const lang of ['en', 'zh']) {
      const refused = await srv.call('POST', 'vfapi/ticket/invite', { token: tokens['factory.admin'], headers: { 'x-seamline-lang': lang }, json: { DATA: { id: t.id, user_ids: [noMenu.id] } } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(lang === 'en' ? 'This user cannot take part in this ticket: only active users of its two companies who have access to tickets can' : '该用户无法参与此工单：仅限工单双方企业中可使用工单的有效用户');
    }
    // A role that opens the ticket menu makes the same user invitable.
    const roles = ok(await srv.call('GET', 'utilsapi/sys/roles/list', { token: tokens['factory.admin'] })) as Doc[];
    const withTickets = roles.find((r) => r.menus.includes('COLLAB_TICKET'))!;
    ok(await sys('users/save', { id: noMenu.id, version: noMenu.version, role_ids: [withTickets.id] }));
    expect(ok(await get('factory.admin', 'invitees', { key: t.id })).map((u: Doc) => u.id)).toContain(noMenu.id);
    expect(ok(await post('factory.admin', 'invite', { id: t.id, user_ids: [noMenu.id] })).members.map((m: Doc) => m.user_id)).toContain(noMenu.id);
  });

  it('a plain member leaves a private ticket, and re-inviting a member says so (TKT-11, issue 13)', async () => {
    const t = await openTicket();
    ok(await post('factory.admin', 'invite', { id: t.id, user_ids: [ids['brand.buyer']] }));
    const again = await post('factory.admin', 'invite', { id: t.id, user_ids: [ids['brand.buyer']] });
    expect([again.status, again.body.message]).toEqual([400, '已是该工单成员']);
    expect(ok(await post('brand.buyer', 'quit', { id: t.id }))).toEqual({ id: t.id, left: true });
    expect((await get('brand.buyer', 'view', { key: t.id })).status).toBe(404);
    expect(ok(await get('factory.admin', 'view', { key: t.id })).members.map((m: Doc) => m.user_id)).not.toContain(ids['brand.buyer']);
  });

  it('the owner (here also the last admin) can neither quit as admin nor leave: the owner is always a member (issue 23)', async () => {
    const t = await openTicket();
    ok(await post('brand.admin', 'quit', { id: t.id }));
    const alone = await post('factory.admin', 'quit-admin', { id: t.id });
    expect([alone.status, alone.body.message]).toEqual([400, '工单负责人始终是该工单的成员和管理员']);
    const leaving = await srv.call('POST', 'vfapi/ticket/quit', { token: tokens['factory.admin'], headers: { 'x-seamline-lang': 'en' }, json: { DATA: { id: t.id } } });
    expect([leaving.status, leaving.body.message]).toEqual([400, "The ticket's owner stays a member and an admin of it"]);
    const view = ok(await get('factory.admin', 'view', { key: t.id }));
    expect(view.members.find((m: Doc) => m.user_id === view.owner_id)).toMatchObject({ role: 'ADMIN', client_id: garment });
  });

  it('members are people of the two companies: the platform super admin is neither made admin nor offered (issue 23)', async () => {
    const t = await openTicket();
    expect(t.members.map((m: Doc) => m.username)).not.toContain('super.admin');
    expect(ok(await get('factory.admin', 'invitees', { key: t.id })).map((u: Doc) => u.username)).not.toContain('super.admin');
    const [superAdmin] = await srv.db.asSystem((tx) => tx.execute(sql`select id from app_user where username = 'super.admin'`).then((r) => (r as unknown as { rows: Doc[] }).rows));
    expect((await post('factory.admin', 'invite', { id: t.id, user_ids: [superAdmin.id] })).status).toBe(400);
  });

  it('the assigned discussion group (a role of the company) sees a private ticket, comments and may join', async () => {
    const t = await openTicket();
    expect((await get('brand.buyer', 'view', { key: t.id })).status).toBe(404);
    const [buyerRole] = await srv.db.asSystem((tx) => tx.select({ id: role.id }).from(role).where(and(eq(role.clientId, brand), eq(role.code, 'BUYER'))));
    const groups = ok(await get('brand.admin', 'groups'));
    expect(groups.map((g: Doc) => g.value)).toContain(buyerRole!.id);
    // The factory cannot assign a role of the brand.
    expect((await post('factory.admin', 'assign-group', { id: t.id, role_id: buyerRole!.id })).status).toBe(400);
    const assigned = ok(await post('brand.admin', 'assign-group', { id: t.id, role_id: buyerRole!.id }));
    expect(assigned.group_name).toBe('采购员');
    const asAssigned = ok(await get('brand.buyer', 'view', { key: t.id }));
    expect(asAssigned.my_role).toBe('ASSIGNED');
    expect(ok(await post('brand.buyer', 'comment', { id: t.id, body: 'Looking into it' })).body).toBe('Looking into it');
    expect(ok(await post('brand.buyer', 'join', { id: t.id })).my_role).toBe('MEMBER');
    // Clearing the group takes a non-member's access away again.
    ok(await post('brand.buyer', 'quit', { id: t.id }));
    ok(await post('brand.admin', 'assign-group', { id: t.id, role_id: '' }));
    expect((await get('brand.buyer', 'view', { key: t.id })).status).toBe(404);
  });
});

describe('the discussion (TKT-13..15)', () => {
  it('comments carry photos that both companies read, and nobody else', async () => {
    const t = await openTicket();
    const up = await upload(srv.url, 'utilsapi/files/upload-image', tokens['brand.admin'], [{ name: 'a.png', bytes: pngOf(40, 30) }, { name: 'b.png', bytes: pngOf(20, 20) }], {}, {});
    const urls = up.body.data.results.map((r: Doc) => r.url);
    expect(urls).toHaveLength(2);
    const c = ok(await post('brand.admin', 'comment', { id: t.id, body: 'See photos', photos: urls }));
    expect(c.photos).toHaveLength(2);
    // The factory (another company) reads the photo through the ticket…
    const viaTicket = await download(srv.url, c.photos[0].replace(/^\/api\//, '/api/'), tokens['factory.admin']);
    expect(viaTicket.status).toBe(200);
    expect(viaTicket.headers.get('content-type')).toBe('image/png');
    // …but not through /files/ (tenant-only), and a third company gets 404 either way.
    expect((await download(srv.url, urls[0], tokens['factory.admin'])).status).toBe(404);
    expect((await download(srv.url, c.photos[0], tokens['fabric.admin'])).status).toBe(404);
    // A file that is not on this ticket is not served through it.
    const other = await openTicket();
    expect((await download(srv.url, c.photos[0].replace(t.id, other.id), tokens['factory.admin'])).status).toBe(404);
    // Photos of another company (or made-up keys) cannot be attached.
    expect((await post('factory.admin', 'comment', { id: t.id, photos: urls })).status).toBe(400);
    expect((await post('factory.admin', 'comment', { id: t.id, body: '  ' })).status).toBe(400);
    // The other side was notified.
    const msgs = await srv.db.asSystem((tx) => tx.select().from(notifyMsg).where(and(eq(notifyMsg.userId, ids['factory.admin']), eq(notifyMsg.relatedKey, t.id))));
    expect(msgs.length).toBeGreaterThanOrEqual(1);
  });

  it('flags and unflags a comment', async () => {
    const t = await openTicket();
    const c = ok(await post('factory.admin', 'comment', { id: t.id, body: 'Flag me' }));
    expect(ok(await post('brand.admin', 'comment-flag', { id: c.id, flagged: true }))).toEqual({ id: c.id, flagged: true });
    expect(ok(await get('factory.admin', 'comments', { key: t.id })).rows.find((r: Doc) => r.id === c.id).flagged).toBe(true);
    ok(await post('brand.admin', 'comment-flag', { id: c.id, flagged: false }));
    expect(ok(await get('factory.admin', 'comments', { key: t.id })).rows.find((r: Doc) => r.id === c.id).flagged).toBe(false);
    expect((await post('fabric.admin', 'comment-flag', { id: c.id, flagged: true })).status).toBe(404);
  });

  it('deletes own comments only, within the window of days (TKT-14)', async () => {
    const t = await openTicket();
    setTicketClock(() => T0);
    const young = ok(await post('factory.admin', 'comment', { id: t.id, body: 'one day old' }));
    const old = ok(await post('factory.admin', 'comment', { id: t.id, body: 'five days old' }));
    expect((await post('brand.admin', 'comment-delete', { id: young.id })).status).toBe(403);
    setTicketClock(() => new Date(T0.getTime() + 1 * 86_400_000));
    expect(ok(await post('factory.admin', 'comment-delete', { id: young.id }))).toEqual({ deleted: 1 });
    setTicketClock(() => new Date(T0.getTime() + 5 * 86_400_000));
    const list = ok(await get('factory.admin', 'comments', { key: t.id }));
    expect(list.delete_days).toBe(3);
    expect(list.rows.find((r: Doc) => r.id === old.id).can_delete).toBe(false);
    const late = await post('factory.admin', 'comment-delete', { id: old.id });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('评论只能在 3 天内删除');
    const lateEn = await srv.call('POST', 'vfapi/ticket/comment-delete', { token: tokens['factory.admin'], json: { DATA: { id: old.id } }, headers: { 'x-seamline-lang': 'en' } });
    expect(lateEn.body.message).toBe('comments can only be deleted within 3 days');
    expect(ok(await get('factory.admin', 'comments', { key: t.id })).rows.map((r: Doc) => r.id)).toEqual(expect.arrayContaining([old.id]));
  });
});

describe('live discussion over socket.io', () => {
  it('a member of the other company gets the comment as a notification and in the ticket room, without asking', async () => {
    const t = await openTicket();
    const socket = await connectSocket(srv.url, { token: tokens['brand.admin'] });
    try {
      const joined = await connectTo(socket, ids['brand.admin'], brand);
      // The ticket's group room is among the rooms the member's socket joins.
      expect(joined.groups).toContain(`ticket:${t.id}`);
      const message = nextEvent<Doc>(socket, 'message');
      const event = nextEvent<Doc>(socket, TICKET_EVENT);
      const c = ok(await post('factory.admin', 'comment', { id: t.id, body: 'Live from the factory' }));
      expect(await event).toEqual({ ticket_id: t.id, kind: 'comment', comment_id: c.id });
      expect(await message).toMatchObject({ module: 'TICKET', related_key: t.id, menu_id: 'COLLAB_TICKET', url: `/page/ticket/view?key=${t.id}` });
    } finally {
      socket.close();
    }
  });

  it('assigning a discussion group brings its people into the room at once (GROUP_ADD), and clearing it takes them out (TKT-12, issue 23)', async () => {
    const t = await openTicket();
    const [buyerRole] = await srv.db.asSystem((tx) => tx.select({ id: role.id }).from(role).where(and(eq(role.clientId, brand), eq(role.code, 'BUYER'))));
    const socket = await connectSocket(srv.url, { token: tokens['brand.buyer'] });
    try {
      const joined = await connectTo(socket, ids['brand.buyer'], brand);
      expect(joined.groups ?? []).not.toContain(`ticket:${t.id}`);
      const groups = followGroups(socket);
      ok(await post('brand.admin', 'assign-group', { id: t.id, role_id: buyerRole!.id }));
      expect(await groups.next()).toEqual({ event: 'GROUP_ADD', group: `ticket:${t.id}`, ok: true });
      // In the room now, without reconnecting: the next comment reaches the buyer live.
      const event = nextEvent<Doc>(socket, TICKET_EVENT);
      const c = ok(await post('factory.admin', 'comment', { id: t.id, body: 'For the buyers' }));
      expect(await event).toEqual({ ticket_id: t.id, kind: 'comment', comment_id: c.id });
      ok(await post('brand.admin', 'assign-group', { id: t.id, role_id: '' }));
      expect(await groups.next()).toEqual({ event: 'GROUP_REMOVE', group: `ticket:${t.id}`, ok: true });
    } finally {
      socket.close();
    }
  });

  it('a third company cannot enter the ticket room', async () => {
    const t = await openTicket({ is_public: true });
    const socket = await connectSocket(srv.url, { token: tokens['fabric.admin'] });
    try {
      const joined = await connectTo(socket, ids['fabric.admin'], await companies('DEMO_FABRIC'));
      expect(joined.groups ?? []).not.toContain(`ticket:${t.id}`);
      const asked = await socket.timeout(10_000).emitWithAck('GROUP_ADD', { group: `ticket:${t.id}` });
      expect(asked).toEqual({ ok: false });
    } finally {
      socket.close();
    }
  });
});

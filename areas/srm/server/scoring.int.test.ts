// Admission scoring by a chosen reviewer who is no buyer (issue 13): the reviewer gets the to-do,
// asks what the server allows and scores; a buyer who is no reviewer may edit and conclude but
// not score — real HTTP on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { sql } from '@seamline/server/api';

let srv: TestServer;
const rows = async (q: ReturnType<typeof sql>) => ((await srv.db.asSystem((tx) => tx.execute(q))) as unknown as { rows: Doc[] }).rows;
let buyer: string; // brand.buyer: BUYER role
let reviewer: string; // brand.approver1: role APPROVER only, given the admission menu below
let superAdmin: string; // administers Demo Brand Co., no reviewer
type Doc = Record<string, any>;
const EN = { 'x-seamline-lang': 'en' };

const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string> } = {}) =>
  srv.call(method, path, { token, headers: EN, ...opts });
const post = (path: string, token: string, data: unknown) => call('POST', path, token, { json: { DATA: data } });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}

let ev: Doc;

beforeAll(async () => {
  srv = await startTestServer();
  // brand.approver1 has no buyer role; the demo's APPROVER role opens the admission menu (SRC-09).
  [buyer, reviewer, superAdmin] = await Promise.all(['brand.buyer', 'brand.approver1', 'super.admin'].map(async (u) => (await login(srv.call, u)).token));
  const [approver] = await rows(sql`select id from app_user where username = 'brand.approver1'`);
  const config = ok(
    await post('srmapi/access-eval-config/save', buyer, {
      version_no: 'V-REVIEW',
      name: 'Reviewer scoring',
      pass_score: '60',
      items: [
        { item_code: 'QUALITY', item_name: 'Quality', weight: '60', weight_level: '5', is_additional: '0' },
        { item_code: 'DELIVERY', item_name: 'Delivery', weight: '40', weight_level: '3', is_additional: '0' },
      ],
      reviewers: [{ user_id: approver.id }],
    }),
  );
  ok(await post('srmapi/access-eval-config/activate', buyer, { id: config.id, version: config.version }));
  const vendor = ok(await post('mdapi/vendor/save', buyer, { short_name: 'Lace Co', full_name: 'Lace Co Ltd', contacts: [{ person: 'Li', is_primary: true }] }));
  ev = ok(await post('srmapi/admission-eval/save', buyer, { title: 'Lace Co admission', vendor_id: vendor.id, config_id: config.id }));
});

afterAll(async () => {
  await srv?.close();
});

describe('admission scoring by the chosen reviewers (SRC-09, issue 13)', () => {
  it('tells each user what the server allows on the evaluation', async () => {
    const mine = ok(await call('GET', 'srmapi/admission-eval/abilities', reviewer, { query: { id: ev.id } }));
    expect(mine).toMatchObject({ edit: false, score: true, conclude: false });
    expect(mine.items.map((i: Doc) => i.item_code)).toEqual(['QUALITY', 'DELIVERY']);
    expect(ok(await call('GET', 'srmapi/admission-eval/abilities', buyer, { query: { id: ev.id } }))).toMatchObject({ edit: true, score: false, conclude: true });
    expect(ok(await call('GET', 'srmapi/admission-eval/abilities', superAdmin, { query: { id: ev.id } }))).toMatchObject({ score: false });
  });

  it('lets the reviewer score without the buyer role, and nobody else', async () => {
    // The engine's save stays the buyers' (the reviewer may not edit or delete the evaluation) …
    expect((await post('srmapi/admission-eval/save', reviewer, { id: ev.id, version: ev.version, title: 'changed' })).status).toBe(403);
    // … the buyer, no reviewer, may not score.
    const notReviewer = await post('srmapi/admission-eval/score', buyer, { id: ev.id, version: ev.version, scores: [{ item_code: 'QUALITY', score: '90' }] });
    expect([notReviewer.status, notReviewer.body.message]).toEqual([403, 'Only the chosen reviewers may score']);
    const scored = ok(
      await post('srmapi/admission-eval/score', reviewer, {
        id: ev.id,
        version: ev.version,
        scores: [
          { item_code: 'QUALITY', score: '80', reviewer_id: 'someone else' },
          { item_code: 'DELIVERY', score: '70' },
        ],
      }),
    );
    // 80 × 0.6 + 70 × 0.4 = 76 ≥ 60
    expect(scored).toMatchObject({ result_score: '76.0000', result: 'admitted' });
    expect(new Set(scored.scores.map((s: Doc) => s.reviewer_id)).size).toBe(1);
    // Scoring again replaces the reviewer's own rows; the version guards against stale screens.
    expect((await post('srmapi/admission-eval/score', reviewer, { id: ev.id, version: ev.version, scores: [] })).status).toBe(409);
    const again = ok(await post('srmapi/admission-eval/score', reviewer, { id: ev.id, version: scored.version, scores: [{ item_code: 'QUALITY', score: '50' }, { item_code: 'DELIVERY', score: '50' }] }));
    expect(again).toMatchObject({ result_score: '50.0000', result: 'rejected' });
    expect(again.scores).toHaveLength(2);
    const conclude = await post('srmapi/admission-eval/conclude', reviewer, { id: ev.id, version: again.version });
    expect(conclude.status).toBe(403);
    const done = ok(await post('srmapi/admission-eval/conclude', buyer, { id: ev.id, version: again.version }));
    expect(ok(await call('GET', 'srmapi/admission-eval/abilities', reviewer, { query: { id: done.id } }))).toMatchObject({ edit: false, score: false, conclude: false });
    expect((await post('srmapi/admission-eval/score', reviewer, { id: ev.id, version: done.version, scores: [] })).status).toBe(422);
  });

  it('answers bad input with 400/404, never 500', async () => {
    expect((await call('GET', 'srmapi/admission-eval/abilities', reviewer)).status).toBe(400);
    expect((await call('GET', 'srmapi/admission-eval/abilities', reviewer, { query: { id: 'nope' } })).status).toBe(404);
    expect((await call('GET', 'srmapi/admission-eval/abilities', reviewer, { query: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await post('srmapi/admission-eval/score', reviewer, { id: ev.id })).status).toBe(400);
    expect((await post('srmapi/admission-eval/score', reviewer, { id: ev.id, version: 1, scores: ['x', null] })).status).toBeLessThan(500);
  });

  it('refuses an evaluation against a config version that is not active (issue 13)', async () => {
    const draft = ok(await post('srmapi/access-eval-config/save', buyer, { version_no: 'V-DRAFT', name: 'Draft', pass_score: '60', items: [{ item_code: 'Q', item_name: 'Q', weight: '100', weight_level: '1', is_additional: '0' }] }));
    const res = await post('srmapi/admission-eval/save', buyer, { title: 'On a draft', vendor_id: ev.vendor_id, config_id: draft.id });
    expect([res.status, res.body.data.errors.config_id]).toEqual([422, ['The selected record cannot be chosen here (for example it is not active)']]);
  });
});

describe('the demo reviewers of a config score (SRC-09, issue 23)', () => {
  it('brand.admin picks brand.approver1 and itself for V2; brand.approver1 scores the evaluation brand.buyer opened', async () => {
    const admin = (await login(srv.call, 'brand.admin')).token;
    const users = await rows(sql`select id, username from app_user where username in ('brand.approver1', 'brand.admin', 'super.admin')`);
    const id = (name: string) => users.find((u) => u.username === name)!.id as string;
    // The picker offers the people who can score: not the platform super admin, not a member without the menu.
    const [nobody] = await rows(sql`insert into app_user (username, password_hash, full_name) values ('brand.nomenu', 'x', 'No Menu') returning id`);
    await rows(sql`insert into user_client (client_id, user_id, user_type) select id, ${nobody.id}, 'COMMON' from client where code = 'DEMO_BRAND'`);
    const offered = ok(await call('GET', 'utilsapi/users/options', admin, { query: { menu: 'SRM_ADMISSION_EVAL' } })).map((u: Doc) => u.username);
    expect(offered).toEqual(expect.arrayContaining(['brand.approver1', 'brand.approver2', 'brand.admin', 'brand.buyer']));
    expect(offered).not.toContain('super.admin');
    expect(offered).not.toContain('brand.nomenu');
    expect(ok(await call('GET', 'utilsapi/users/options', admin, { query: { search: 'No Menu' } })).map((u: Doc) => u.username)).toEqual(['brand.nomenu']);
    const items = [{ item_code: 'QUALITY', item_name: 'Quality', weight: '100', weight_level: '5', is_additional: '0' }];
    // … and the save refuses anyone else, whatever the screen sent.
    const refused = await post('srmapi/access-eval-config/save', admin, { version_no: 'V2', name: 'Second', pass_score: '60', items, reviewers: [{ user_id: nobody.id }, { user_id: id('super.admin') }] });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.data.errors)).toContain('cannot be chosen here');
    const v2 = ok(await post('srmapi/access-eval-config/save', admin, { version_no: 'V2', name: 'Second', pass_score: '60', items, reviewers: [{ user_id: id('brand.approver1') }, { user_id: id('brand.admin') }] }));
    ok(await post('srmapi/access-eval-config/activate', admin, { id: v2.id, version: v2.version }));
    const [garment] = await rows(sql`select v.id from md_vendor v join client c on c.id = v.client_id where c.code = 'DEMO_BRAND' and v.full_name like 'Demo Garment%' limit 1`);
    const evaluation = ok(await post('srmapi/admission-eval/save', buyer, { title: 'Demo Garment admission', vendor_id: garment.id, config_id: v2.id }));
    expect(ok(await call('GET', 'srmapi/admission-eval/abilities', reviewer, { query: { id: evaluation.id } }))).toMatchObject({ score: true, edit: false });
    const scored = ok(await post('srmapi/admission-eval/score', reviewer, { id: evaluation.id, version: evaluation.version, scores: [{ item_code: 'QUALITY', score: '75' }] }));
    expect(scored).toMatchObject({ result_score: '75.0000', result: 'admitted' });
    expect(ok(await call('GET', 'srmapi/admission-eval/abilities', admin, { query: { id: evaluation.id } }))).toMatchObject({ score: true });
  });
});

describe('the demo evaluation config reads in its company’s language (issue 23)', () => {
  it('Demo Brand Co. works in Chinese: V1’s name, items and options are Chinese, the codes stay', async () => {
    const cjk = /[\u4e00-\u9fff]/;
    const v1 = (ok(await call('GET', 'srmapi/access-eval-config/page-list', buyer, {})).rows as Doc[]).find((r) => r.version_no === 'V1')!;
    const config = ok(await call('GET', 'srmapi/access-eval-config/view', buyer, { query: { id: v1.id } }));
    expect(config.name).toBe('标准供应商准入');
    expect(config.items.map((i: Doc) => i.item_code)).toEqual(['QUALITY', 'DELIVERY', 'PRICE', 'CERT']);
    const texts = [config.name, ...config.items.map((i: Doc) => i.item_name), ...config.options.map((o: Doc) => o.option_text)];
    expect(texts.length).toBe(1 + 4 + 7);
    expect(texts.filter((t) => !cjk.test(t))).toEqual([]);
  });
});

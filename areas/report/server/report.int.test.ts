// Reports over real HTTP on a real database: definitions, exact measures (numeric, 4 places),
// the engine's data rules and tenancy, client reports for exactly one relation (third company:
// 404), .xlsx export read back with ExcelJS ('nothing to export' on an empty result), the control
// tower's figures and a customer document's print language.
import '@seamline/server/testing'; // before ExcelJS itself
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, client, eq, sql, dataRule } from '@seamline/server/api';
import { login, startTestServer, writeGrants, type ApiResponse, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
const tok: Record<'buyer' | 'factory' | 'mill', string> = { buyer: '', factory: '', mill: '' };
const ids: Record<'brand' | 'factory' | 'mill', string> = { brand: '', factory: '', mill: '' };
const EN = { 'x-seamline-lang': 'en' };
type Doc = Record<string, any>;

const get = (path: string, token: string, query: Record<string, string> = {}, headers = EN) => srv.call('GET', path, { token, query, headers });
function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
const run = async (token: string, opt: string, q?: Doc) => ok(await get('rptapi/report/run', token, { opt, ...(q ? { q: JSON.stringify(q) } : {}) }));
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const system = <T>(query: ReturnType<typeof sql>) => srv.db.asSystem(async (tx) => rowsOf<T>(await tx.execute(query)));

/** Downloads an export: the raw answer (status, content type, bytes). */
async function download(path: string, token: string, query: Record<string, string>) {
  const res = await fetch(`${srv.url}/api/${path}?${new URLSearchParams({ ...query, token })}`, { headers: EN });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

let customerId = '';
const CUSTOMER = '=HYPERLINK("http://x","Report test customer")';

beforeAll(async () => {
  srv = await startTestServer();
  tok.buyer = (await login(srv.call, 'brand.buyer')).token;
  tok.factory = (await login(srv.call, 'factory.admin')).token;
  tok.mill = (await login(srv.call, 'fabric.admin')).token;
  const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, name: client.name }).from(client));
  ids.brand = companies.find((c) => c.name === 'Demo Brand Co.')!.id;
  ids.factory = companies.find((c) => c.name === 'Demo Garment Factory')!.id;
  ids.mill = companies.find((c) => c.name === 'Demo Fabric Mill')!.id;
  // A customer of the factory (print language English, a formula-like name) with three open orders
  // whose quantities a float sum or average would get wrong.
  [{ id: customerId }] = await system<{ id: string }>(
    sql`insert into md_customer (client_id, code, name, print_language) values (${ids.factory}, 'RPT-C1', ${CUSTOMER}, 'en') returning id`,
  );
  for (const [code, qty, status, due] of [
    ['RPT-1', '0.1000', 'OPEN', '2020-01-01'],
    ['RPT-2', '0.2000', 'IN_PROGRESS', '2020-01-02'],
    ['RPT-3', '1234567890.0001', 'OPEN', '2999-01-01'],
    ['RPT-4', '5.0000', 'COMPLETED', '2020-01-01'],
  ] as const) {
    await system(sql`insert into ord_customer_order (client_id, code, customer_id, status, total_qty, delivery_date)
      values (${ids.factory}, ${code}, ${customerId}, ${status}, ${qty}, ${due})`);
  }
});
afterAll(() => srv?.close());

describe('report definitions', () => {
  it('lists the reports a user opens, in the user’s language, without client reports', async () => {
    const en = ok(await get('rptapi/report/list', tok.buyer)) as Doc[];
    expect(en.map((r) => r.opt)).toEqual(expect.arrayContaining(['open-orders', 'vendors-by-category', 'quotations-waiting', 'tickets-by-category', 'capacity-load']));
    expect(en.find((r) => r.opt === 'vendors-by-category')).toMatchObject({ label: 'Vendors by category', chart: 'pie', entity: 'vendor' });
    expect(en.some((r) => r.client)).toBe(false);
    const zh = ok(await get('rptapi/report/list', tok.buyer, {}, { 'x-seamline-lang': 'zh' })) as Doc[];
    expect(zh.find((r) => r.opt === 'vendors-by-category')!.label).toBe('供应商(按类别)');
  });

  it('groups like the entity’s own list counts them, with option labels', async () => {
    const res = await run(tok.buyer, 'vendors-by-category');
    expect(res.rows.length).toBeGreaterThan(1);
    for (const row of res.rows as Doc[]) {
      const list = ok(await get('mdapi/vendor/page-list', tok.buyer, { q: JSON.stringify(row.key === null ? {} : { category: row.key }), p: '{"size":1}' }));
      if (row.key !== null) expect([row.key, row.count]).toEqual([row.key, String(list.total)]);
      expect(row.label).not.toBe('');
    }
    const all = ok(await get('mdapi/vendor/page-list', tok.buyer, { p: '{"size":1}' }));
    expect(res.total.count).toBe(String(all.total));
  });

  it('computes sums and averages exactly with 4 places, in SQL numeric', async () => {
    const res = await run(tok.factory, 'orders-by-customer');
    const mine = (res.rows as Doc[]).find((r) => r.key === `c:${customerId}`)!;
    // 0.1 + 0.2 + 1234567890.0001 — a float sum gives 1234567890.3000998…
    expect(mine).toMatchObject({ label: CUSTOMER, count: '3', sum_total_qty: '1234567890.3001' });
    const open = await run(tok.factory, 'open-orders', { customer_id: customerId });
    const byStatus = Object.fromEntries((open.rows as Doc[]).map((r) => [r.key, r]));
    expect(byStatus.OPEN).toMatchObject({ label: 'Pending acceptance', count: '2', sum_total_qty: '1234567890.1001', avg_total_qty: '617283945.0501' });
    expect(byStatus.IN_PROGRESS).toMatchObject({ label: 'In progress', sum_total_qty: '0.2000', avg_total_qty: '0.2000' });
    expect(byStatus.COMPLETED).toBeUndefined(); // the report's own filter: open orders only
    expect(open.total).toMatchObject({ count: '3', sum_total_qty: '1234567890.3001', avg_total_qty: '411522630.1000' });
  });

  it('applies @yesterday fixed filters: late orders are the open ones past delivery', async () => {
    const late = await run(tok.factory, 'late-orders');
    const mine = (late.rows as Doc[]).find((r) => r.key === `c:${customerId}`)!;
    expect(mine).toMatchObject({ count: '2', sum_total_qty: '0.3000' });
  });

  it('refuses filters the report does not offer and unknown reports', async () => {
    const bad = await get('rptapi/report/run', tok.factory, { opt: 'open-orders', q: JSON.stringify({ remark: 'x' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This report cannot be filtered by remark');
    expect((await get('rptapi/report/run', tok.factory, { opt: 'open-orders', q: '{"delivery_date":{"op":"gte","value":"not a date"}}' })).status).toBe(400);
    expect((await get('rptapi/report/run', tok.factory, { opt: 'no-such-report' })).status).toBe(404);
    expect((await get('rptapi/report/run', tok.factory, { opt: 'placed-orders' })).status).toBe(404); // a client report is not a report
  });
});

describe('data rules and tenancy', () => {
  it('shows a user with a data rule only the rows the entity’s list shows them', async () => {
    const [buyer] = await system<{ id: string }>(sql`select id from app_user where username = 'brand.buyer'`);
    const before = await run(tok.buyer, 'vendors-by-category');
    const category = (before.rows as Doc[]).find((r) => r.key !== null)!.key as string;
    await writeGrants(srv.db, ids.brand, (tx) => tx.insert(dataRule).values({ clientId: ids.brand, menuCode: 'SRM_VENDOR', userId: buyer!.id, field: 'category', operator: '=', value: category }));
    try {
      const after = await run(tok.buyer, 'vendors-by-category');
      expect((after.rows as Doc[]).map((r) => r.key)).toEqual([category]);
      const list = ok(await get('mdapi/vendor/page-list', tok.buyer, { p: '{"size":1}' }));
      expect(after.total.count).toBe(String(list.total));
    } finally {
      await writeGrants(srv.db, ids.brand, (tx) => tx.delete(dataRule).where(and(eq(dataRule.userId, buyer!.id), eq(dataRule.menuCode, 'SRM_VENDOR'))));
    }
  });

  it('never counts another company’s rows', async () => {
    const mill = await run(tok.mill, 'orders-by-customer');
    expect((mill.rows as Doc[]).some((r) => r.key === `c:${customerId}`)).toBe(false);
    const [{ n }] = await system<{ n: string }>(sql`select count(*)::text as n from ord_customer_order where (client_id = ${ids.mill} or buyer_client_id = ${ids.mill}) and status in ('OPEN', 'IN_PROGRESS')`);
    expect(mill.total.count).toBe(n);
  });

  it('client report: the brand sees exactly the orders it placed at its supplier; a third company gets 404', async () => {
    const companies = ok(await get('rptapi/clientrpt/companies', tok.buyer)) as Doc[];
    expect(companies.map((c) => c.client_id)).toContain(ids.factory);
    const res = ok(await get('rptapi/clientrpt/run', tok.buyer, { opt: 'placed-orders', company: ids.factory }));
    const [{ n }] = await system<{ n: string }>(sql`select count(*)::text as n from ord_customer_order where client_id = ${ids.factory} and buyer_client_id = ${ids.brand}`);
    expect(Number(n)).toBeGreaterThan(0);
    expect(res.total.count).toBe(n);
    // The factory's own customer (RPT-…) orders are not the brand's: they are not in it.
    const [{ n: all }] = await system<{ n: string }>(sql`select count(*)::text as n from ord_customer_order where client_id = ${ids.factory}`);
    expect(Number(all)).toBeGreaterThan(Number(n));
    for (const [token, company] of [[tok.mill, ids.factory], [tok.factory, ids.brand], [tok.buyer, ids.brand], [tok.buyer, '00000000-0000-0000-0000-000000000000'], [tok.buyer, 'x']]) {
      expect((await get('rptapi/clientrpt/run', token, { opt: 'placed-orders', company })).status).toBe(404);
    }
    expect((await get('rptapi/clientrpt/run', tok.buyer, { opt: 'open-orders', company: ids.factory })).status).toBe(404);
  });
});

describe('export', () => {
  it('writes the report as .xlsx: group labels neutralised, exact measures, a total row', async () => {
    const res = await run(tok.factory, 'orders-by-customer');
    const file = await download('rptapi/report/export', tok.factory, { opt: 'orders-by-customer' });
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const rows = await sheetRows(file.bytes);
    expect(rows[0]).toEqual(['Customer or supplier', 'Orders', 'Ordered quantity', 'Produced']);
    expect(rows).toContainEqual([`'${CUSTOMER}`, '3', '1234567890.3001', '0.0000']);
    expect(rows).toHaveLength((res.rows as Doc[]).length + 2);
    expect(rows.at(-1)).toEqual(['Total', res.total.count, res.total.sum_total_qty, res.total.sum_produced_qty]);
  });

  it('answers “nothing to export” for an empty result, and nothing is downloaded', async () => {
    const file = await download('rptapi/report/export', tok.factory, { opt: 'open-orders', q: JSON.stringify({ delivery_date: { op: 'gte', value: '3999-01-01' } }) });
    expect(file.status).toBe(400);
    expect(JSON.parse(file.bytes.toString()).message).toBe('nothing to export');
  });
});

describe('control tower and print language', () => {
  it('counts the late open orders for the factory', async () => {
    const tower = ok(await get('utilsapi/workspace/control-tower', tok.factory)) as Doc[];
    const late = tower.find((c) => c.key === 'rpt.lateOrders')!;
    const [{ n }] = await system<{ n: string }>(
      sql`select count(*)::text as n from ord_customer_order where (client_id = ${ids.factory} or buyer_client_id = ${ids.factory}) and status in ('OPEN','IN_PROGRESS') and delivery_date < current_date`,
    );
    expect(late).toMatchObject({ label: 'Open orders past delivery', url: '/rpt/dsrptindex/late-orders', count: Number(n) });
    expect(Number(n)).toBeGreaterThanOrEqual(2);
    const roles = ok(await get('rptapi/control-tower/roles', tok.factory)) as Doc[];
    expect(roles.map((r) => r.key)).toEqual(['buyer', 'planner', 'factory', 'quality']);
    // factory.admin (roles ADMIN only) opens on its own side, the factory manager's; the buyer on the buyer's (issue 23).
    expect(roles.filter((r) => r.own).map((r) => r.key)).toEqual(['factory']);
    expect((ok(await get('rptapi/control-tower/roles', tok.buyer)) as Doc[]).filter((r) => r.own).map((r) => r.key)).toEqual(['buyer']);
  });

  it('the brand’s figure and the report it opens count the same rows: its placed orders, under the supplier’s name (issue 23)', async () => {
    await system(sql`insert into ord_customer_order (client_id, buyer_client_id, code, status, total_qty, delivery_date)
      values (${ids.factory}, ${ids.brand}, 'RPT-PLACED-LATE', 'OPEN', '7.0000', '2020-02-01')`);
    const tower = ok(await get('utilsapi/workspace/control-tower', tok.buyer)) as Doc[];
    const figure = tower.find((c) => c.key === 'rpt.lateOrders')!.count as number;
    expect(figure).toBeGreaterThanOrEqual(1);
    const late = await run(tok.buyer, 'late-orders');
    expect(Number(late.total.count)).toBe(figure);
    const rows = late.rows as Doc[];
    expect(rows.find((r) => r.key === `co:${ids.factory}`)).toMatchObject({ label: 'Demo Garment Factory' });
    expect(rows.some((r) => r.key === null || r.label === '(none)')).toBe(false);
    // The factory reads the same order under the company that placed it, not '(none)'.
    const factoryFigure = (ok(await get('utilsapi/workspace/control-tower', tok.factory)) as Doc[]).find((c) => c.key === 'rpt.lateOrders')!.count;
    const factoryLate = await run(tok.factory, 'late-orders');
    expect(Number(factoryLate.total.count)).toBe(factoryFigure);
    expect((factoryLate.rows as Doc[]).find((r) => r.key === `co:${ids.brand}`)).toMatchObject({ label: 'Demo Brand Co.' });
    const byCustomer = await run(tok.factory, 'orders-by-customer');
    expect((byCustomer.rows as Doc[]).some((r) => r.key === null)).toBe(false);
    const zh = ok(await get('rptapi/report/run', tok.factory, { opt: 'orders-by-customer' }, { 'x-seamline-lang': 'zh' }));
    expect((zh.rows as Doc[]).map((r) => r.label)).not.toContain('(空)');
  });

  it('tickets by category read the category’s name on both sides of a ticket, never its id (issue 23)', async () => {
    let seen = 0;
    for (const token of [tok.buyer, tok.factory]) {
      const res = await run(token, 'tickets-by-category');
      seen += (res.rows as Doc[]).length;
      for (const r of res.rows as Doc[]) expect(r.label).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('the wall board lists the work order just scanned, even one not activated; a cancelled scan counts nothing (issue 23)', async () => {
    const [wo] = await system<{ id: string; process_id: string }>(sql`insert into ord_work_order (client_id, code, customer_order_id, plant_id, process_id, qty, status)
      select client_id, 'WO-WALL-1', customer_order_id, plant_id, process_id, qty, 'PLANNED' from ord_work_order where client_id = ${ids.factory} limit 1
      returning id, process_id`);
    const before = ok(await get('rptapi/visual/board', tok.factory));
    await system(sql`insert into vf_scan (client_id, bundle_id, work_order_id, process_id, seq, quantity) values (${ids.factory}, gen_random_uuid(), ${wo!.id}, ${wo!.process_id}, 1, 5)`);
    await system(sql`insert into vf_scan (client_id, bundle_id, work_order_id, process_id, seq, quantity, cancelled_at) values (${ids.factory}, gen_random_uuid(), ${wo!.id}, ${wo!.process_id}, 1, 100, now())`);
    const board = ok(await get('rptapi/visual/board', tok.factory));
    expect((board.work_orders as Doc[])[0]).toMatchObject({ id: wo!.id, code: 'WO-WALL-1' });
    expect(Number(board.pieces) - Number(before.pieces)).toBe(5);
  });

  it('tells the print language of a customer document; another company gets 404', async () => {
    const [order] = await system<{ id: string }>(sql`select id from ord_customer_order where client_id = ${ids.factory} and code = 'RPT-1'`);
    expect(ok(await get('rptapi/print/language', tok.factory, { entity: 'customer-order', id: order!.id }))).toEqual({ language: 'en' });
    expect((await get('rptapi/print/language', tok.mill, { entity: 'customer-order', id: order!.id })).status).toBe(404);
    expect((await get('rptapi/print/language', tok.factory, { entity: 'nope', id: order!.id })).status).toBe(404);
  });
});

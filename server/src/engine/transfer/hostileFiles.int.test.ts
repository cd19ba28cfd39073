// Files can't hurt (issue 11 point 9, docs/security.md 'Files'), over real HTTP on a real
// database: exports neutralise formula cells and read back as written; a zip bomb is refused
// before ExcelJS reads it, fast and without taking memory.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import './exceljsFix'; // before ExcelJS itself
import ExcelJS from 'exceljs';
import { sql } from '@seamline/server/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { neutralize, unneutralize } from './cells';
import { download, readXlsx, upload, xlsxOf } from './testing';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let srv: TestServer;
let buyer: string; // brand.buyer (en)
let fabric: string; // fabric.admin (zh)

const ROWS = 20_000;
let savedMax: string | undefined;
beforeAll(async () => {
  savedMax = process.env.IMPORT_MAX_ROWS;
  process.env.IMPORT_MAX_ROWS = String(ROWS);
  srv = await startTestServer();
  [buyer, fabric] = (await Promise.all(['brand.buyer', 'fabric.admin'].map((u) => login(srv.call, u)))).map((l) => l.token);
});
afterAll(async () => {
  if (savedMax === undefined) delete process.env.IMPORT_MAX_ROWS;
  else process.env.IMPORT_MAX_ROWS = savedMax;
  await srv?.close();
});

const importFile = (token: string, bytes: Buffer, fields: Record<string, string> = {}) =>
  upload(srv.url, 'mdapi/vendor/import', token, [{ name: 'vendors.xlsx', bytes, type: XLSX }], fields);

describe('formula cells (OWASP CSV injection)', () => {
  it('neutralises every formula start, keeps numbers and plain text, and undoes itself', () => {
    for (const s of ['=1+1', '+A1', '-cmd', '@SUM(A1)', '\tx', '\rx', '＝1', '＋1', '－1', '＠x']) {
      expect(neutralize(s)).toBe(`'${s}`);
      expect(unneutralize(neutralize(s))).toBe(s);
    }
    for (const s of ['-12.5', '+3', 'plain', "'quoted", '']) expect(neutralize(s)).toBe(s);
    expect(unneutralize("'plain")).toBe("'plain"); // only a quote an export could have added goes
  });

  it('an export writes formula-like texts with a leading quote, and importing it gives the same values', async () => {
    // (A leading tab is neutralised too — see above — but the name field trims it on save.)
    const names = ['=HYPERLINK("http://x.example","click")', '+SUM(1,2)', '-2+3', '@cmd', '－1+1', '＝全角'];
    const rows = names.map((n, i) => [`FX ${i} ${n}`.slice(0, 40), n, `Scope ${i}`]);
    const created = await importFile(buyer, await xlsxOf([['Short name', 'Full name', 'Business scope'], ...rows]));
    expect(created.status).toBe(200);

    const q = JSON.stringify({ short_name: { op: 'prefix', value: 'FX ' } });
    const exported = await download(srv.url, 'mdapi/vendor/export', buyer, { q });
    expect(exported.status).toBe(200);
    const [sheet] = await readXlsx(exported.bytes);
    const col = (sheet.rows[0] as string[]).indexOf('Full name');
    const cells = sheet.rows.slice(1).map((r) => r[col]);
    expect([...cells].sort()).toEqual(names.map((n) => `'${n}`).sort());
    // No cell of the file starts a formula.
    for (const r of sheet.rows) for (const c of r) if (typeof c === 'string') expect(c).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);

    // Round trip: the exported file imported as an update leaves every value as it was.
    const back = await importFile(buyer, exported.bytes, { mode: 'upsert' });
    expect(back.status).toBe(200);
    expect(back.body.data.results).toMatchObject({ created: 0, updated: names.length });
    const list = await srv.call('GET', 'mdapi/vendor/page-list', { token: buyer, query: { q, p: JSON.stringify({ size: 50 }) } });
    expect(list.body.data.results.rows.map((r: { full_name: string }) => r.full_name).sort()).toEqual([...names].sort());
  });
});

/** A zip of one entry (deflated as a stream, never held whole); `declare` is the size its directory states. */
async function zipOf(name: string, parts: { head: string; repeat: string; times: number; tail: string }, declare?: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  let size = 0;
  const write = async (s: string | Buffer) => {
    size += s.length;
    if (!deflate.write(s)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(parts.head);
  const block = Buffer.from(parts.repeat.repeat(Math.ceil((1 << 20) / parts.repeat.length)));
  const blocks = Math.ceil((parts.times * parts.repeat.length) / block.length);
  for (let i = 0; i < blocks; i++) await write(block);
  await write(parts.tail);
  deflate.end();
  await done;
  const data = Buffer.concat(chunks);
  const file = Buffer.from(name);
  const declared = declare ?? size;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(file.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = 30 + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + file.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

describe('zip bombs', () => {
  const SHEET = 'xl/worksheets/sheet1.xml';
  const head = '<?xml version="1.0"?><worksheet><sheetData>';

  const refuse = async (bytes: Buffer, token: string) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      return await importFile(token, bytes);
    } finally {
      clearInterval(sampler);
      // A sanity bound, not a timing: reading the bomb whole would take gigabytes.
      expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    }
  };

  it('one cell of a gigabyte (1 MB zipped) is refused as soon as the cell passes the limit', async () => {
    const bomb = await zipOf(SHEET, { head: `${head}<row r="1"><c r="A1" t="inlineStr"><is><t>`, repeat: 'A', times: 1 << 30, tail: '</t></is></c></row></sheetData></worksheet>' }, 1000);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const res = await refuse(bomb, buyer);
    expect([res.status, res.body.message]).toEqual([400, 'A cell of the workbook holds more than 32,767 characters; the file was not accepted']);
  });

  it('half a gigabyte of small rows whose directory lies about its size is refused at the unpacked limit', async () => {
    const row = '<row><c t="n"><v>1</v></c></row>';
    const bomb = await zipOf(SHEET, { head, repeat: row, times: Math.ceil((1 << 29) / row.length), tail: '</sheetData></worksheet>' }, 2048);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const res = await refuse(bomb, fabric);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^工作簿解压后超过 .+，未被接收$/);
  });

  it('a directory that declares a huge entry is refused before anything is inflated', async () => {
    const bomb = await zipOf(SHEET, { head, repeat: 'x', times: 10, tail: '' }, 0xfffffff0);
    const res = await refuse(bomb, buyer);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The workbook unpacks to more than /);
  });
});

describe('a large import does not stall other companies', () => {
  it('another company\'s lists answer between the batches of a 20,000-row import, and the import is all or nothing', async () => {
    const path = join(tmpdir(), `seamline-interleave-${process.pid}.xlsx`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Short name', 'Full name']).commit();
    for (let i = 0; i < ROWS; i++) ws.addRow([`IL ${i}`, `Interleave ${i} Ltd.`]).commit();
    ws.commit();
    await wb.commit();
    const bytes = await readFile(path);
    await rm(path, { force: true });

    // Rows staged so far (the stage's main table), read as its own short transaction.
    const staged = () =>
      srv.db.asSystem(async (tx) => {
        const t = (await tx.execute(sql`select tablename from pg_tables where tablename like 'import_stage_%_0'`)) as unknown as { rows: Array<{ tablename: string }> };
        if (t.rows.length === 0) return null;
        const n = (await tx.execute(sql`select count(*)::int as n from ${sql.identifier(t.rows[0].tablename)}`)) as unknown as { rows: Array<{ n: number }> };
        return n.rows[0].n;
      });
    let answered = false;
    const importing = importFile(buyer, bytes).finally(() => (answered = true));
    // What happened, in order: 'P' the stage held some rows but not all, 'L' a list of the other company answered.
    const events: string[] = [];
    while (!answered) {
      const count = await staged().catch(() => null); // the stage may be dropped under the query
      if (count !== null && count > 0 && count < ROWS) events.push('P');
      const list = await srv.call('GET', 'mdapi/vendor/page-list', { token: fabric });
      expect(list.status).toBe(200);
      if (!answered) events.push('L');
    }
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.body.data.results).toMatchObject({ rows: ROWS, created: ROWS });
    // A list answered after some batches were written and before the last: ordering, not timing.
    expect(events.join('')).toMatch(/PLP/);
    expect(await staged()).toBeNull(); // the stage is gone

    // All or nothing: the same file with one bad row at the end saves none of its rows.
    const bad = await importFile(buyer, await xlsxOf([['Short name', 'Full name'], ...Array.from({ length: 30 }, (_, i) => [`AON ${i}`, i === 29 ? '' : `All or nothing ${i}`])]));
    expect(bad.status).toBe(422);
    const none = await srv.call('GET', 'mdapi/vendor/page-list', { token: buyer, query: { q: JSON.stringify({ short_name: { op: 'prefix', value: 'AON ' } }) } });
    expect(none.body.data.results.total).toBe(0);
  }, 240_000);
});

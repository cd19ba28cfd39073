// Import budget (ARCHITECTURE.md 'Performance budgets'): BENCH_IMPORT_ROWS (default 100,000)
// vendor rows × 20 columns, validated and committed all or nothing in under 30 s, with memory that
// does not grow with the file. The file is written with ExcelJS's streaming writer, posted as
// multipart to POST mdapi/vendor/import (a real HTTP request to the in-process server), and the
// peak RSS of the process is sampled every 50 ms. Then the same rows are exported
// (GET mdapi/vendor/export). BENCH_ONLY=import npm run bench; DATABASE_URL for PostgreSQL.
// Run it at two sizes (e.g. 20,000 and 100,000) to see whether the peak grows with the file.
import { openAsBlob } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { client, eq, sql } from '@seamline/server/api';
import { startBenchServer } from './harness';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

const HEADER = [
  'Vendor code', 'Short name', 'Full name', 'Vendor type', 'Grade', 'Company scale', 'Vendor category', 'Business scope',
  'Owner', 'Taxpayer ID (TIN)', 'Valid from', 'Valid to', 'Status', 'Supplier company (platform)', 'Payment terms', 'Currency',
  'Bank type', 'Bank name', 'Bank branch code', 'Bank account',
];

export async function writeFile(path: string, supplierId: string, rows = ROWS): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('Data');
  ws.addRow(HEADER).commit();
  const grades = ['A', 'B - Preferred', 'C级(合格)'];
  for (let i = 1; i <= rows; i++) {
    ws.addRow([
      `IV${String(i).padStart(7, '0')}`,
      `Import vendor ${i}`,
      `Import Vendor ${i} Textile Co., Ltd.`,
      i % 2 ? 'Manufacturer' : 'TRADER',
      grades[i % 3],
      '100-499',
      i % 3 ? 'FABRIC' : 'Trims and accessories',
      'Woven and knit fabrics; dyeing and finishing',
      'brand.buyer',
      '91440605MA4UJ8LX3D',
      new Date(Date.UTC(2026, 0, 1 + (i % 28))),
      '2027-12-31',
      'New',
      i % 10 === 0 ? supplierId : null,
      'NET30',
      'CNY',
      'DOMESTIC',
      'Industrial and Commercial Bank of China',
      '10258800012',
      `6222 0000 ${String(i).padStart(8, '0')}`,
    ]).commit();
  }
  ws.commit();
  await wb.commit();
}

export async function benchImport() {
  // The product's default limit is 5,000 rows an import (IMPORT_MAX_ROWS); raised here for the figure.
  process.env.IMPORT_MAX_ROWS = String(Math.max(ROWS, 5000));
  process.env.EXPORT_MAX_ROWS = String(Math.max(ROWS + 1000, 100_000));
  const srv = await startBenchServer('brand.admin');
  const path = join(tmpdir(), `seamline-import-bench-${Date.now()}.xlsx`);
  try {
    const [fabric] = await srv.db.asSystem((tx) => tx.select({ id: client.id }).from(client).where(eq(client.code, 'DEMO_FABRIC')));
    let t = Date.now();
    await writeFile(path, fabric.id);
    const size = (await stat(path)).size;
    console.log(`\nimport bench on ${srv.kind}: ${ROWS} rows × ${HEADER.length} columns, ${(size / 1e6).toFixed(1)} MB .xlsx written in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const form = new FormData();
    form.append('mode', 'create');
    form.append('file', await openAsBlob(path), 'vendors.xlsx');
    t = Date.now();
    const res = await fetch(`${srv.base}/api/mdapi/vendor/import?token=${srv.token}`, { method: 'POST', body: form });
    const body = (await res.json()) as { data?: { results?: unknown; errors?: { rows?: unknown[] } }; message: string };
    const importS = (Date.now() - t) / 1000;
    clearInterval(sampler);
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${body.message} ${JSON.stringify(body.data?.errors?.rows?.slice(0, 3))}`);
    const counted = await srv.db.asSystem((tx) => tx.execute(sql`select count(*)::int as n from md_vendor where code like 'IV%'`));
    const stored = (counted as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    console.log(`import: ${importS.toFixed(1)} s (budget 30 s; default row limit 5,000, raised to ${process.env.IMPORT_MAX_ROWS} here), ${Math.round(ROWS / importS)} rows/s, ${stored} rows stored, answer ${JSON.stringify(body.data?.results)}`);
    console.log(`memory: RSS before ${(base / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB (+${((peak - base) / 1e6).toFixed(0)} MB)`);

    peak = process.memoryUsage().rss;
    const exportSampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    t = Date.now();
    const q = encodeURIComponent(JSON.stringify({ code: { op: 'prefix', value: 'IV' } }));
    const exp = await fetch(`${srv.base}/api/mdapi/vendor/export?token=${srv.token}&q=${q}`);
    const bytes = (await exp.arrayBuffer()).byteLength;
    clearInterval(exportSampler);
    console.log(`export of the same rows: ${((Date.now() - t) / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, status ${exp.status}, peak RSS ${(peak / 1e6).toFixed(0)} MB`);
  } finally {
    await rm(path, { force: true });
    await srv.close();
  }
}

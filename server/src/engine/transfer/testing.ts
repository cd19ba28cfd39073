// Test helpers for import, export and uploads: real .xlsx files written and read with ExcelJS,
// real multipart requests, real PNG files (tests only; not part of the app).
import { deflateSync } from 'node:zlib';
import './exceljsFix'; // before ExcelJS itself: multi-byte characters across chunks
import ExcelJS from 'exceljs';

export interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The envelope, when the answer was JSON. */
  json?: any;
}

/** GET /api/<path> (or an absolute '/…' path) as bytes. */
export async function download(baseUrl: string, path: string, token: string | undefined, query: Record<string, string> = {}): Promise<Download> {
  const url = new URL(path.startsWith('/') ? path : `/api/${path}`, baseUrl);
  for (const [k, v] of Object.entries({ ...query, ...(token ? { token } : {}) })) url.searchParams.set(k, v);
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, bytes, json };
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** POST multipart/form-data: text fields first, then the files (field 'file'). */
export async function upload(
  baseUrl: string,
  path: string,
  token: string | undefined,
  files: UploadFile[],
  fields: Record<string, string> = {},
  query: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const url = new URL(`/api/${path}`, baseUrl);
  for (const [k, v] of Object.entries({ ...query, ...(token ? { token } : {}) })) url.searchParams.set(k, v);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = await fetch(url, { method: 'POST', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** An .xlsx whose first sheet holds `rows` (row 1 = header). Extra sheets optional. */
export async function xlsxOf(rows: unknown[][], extra: Record<string, unknown[][]> = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  for (const [name, sheetRows] of Object.entries(extra)) {
    const s = wb.addWorksheet(name);
    for (const r of sheetRows) s.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every sheet of a workbook as rows of plain values (1-based columns dropped to 0-based). */
export async function readXlsx(bytes: Buffer): Promise<Array<{ name: string; state: string; rows: unknown[][] }>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = (row.values as unknown[]).slice(1).map((v) => (v && typeof v === 'object' && 'richText' in (v as object) ? (v as { richText: Array<{ text: string }> }).richText.map((r) => r.text).join('') : v));
    });
    return { name: ws.name, state: ws.state, rows: Array.from(rows, (r) => r ?? []) };
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable grey PNG of width × height; `padTo` pads it (a private chunk) to that many bytes. */
export function pngOf(width: number, height: number, padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter: none
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw))];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > size + 12) parts.push(chunk('pAdd', Buffer.alloc(padTo - size - 12)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

// An uploaded .xlsx is a zip: a 1 MB zip can inflate to gigabytes (a zip bomb), and one huge
// cell or shared string would be held whole in memory by the XML reader. Before ExcelJS opens an
// upload, checkWorkbookZip reads the zip's central directory and then inflates every entry as a
// stream (nothing is kept), refusing as soon as a limit is passed:
//   - entry count, and the sizes the directory declares (an honest bomb is refused at once);
//   - bytes actually inflated, per entry and in total (a directory may lie about sizes);
//   - in XML entries, the longest run of bytes between two '<' — the text of one cell or shared
//     string (Excel's own limit is 32,767 characters a cell).
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** Bytes all entries inflate to together. */
  maxTotal: number;
  /** Bytes one entry inflates to. */
  maxEntry: number;
  maxEntries: number;
  /** Bytes of XML between two tags (one cell's text, escaped). */
  maxRun: number;
}

/** Why a workbook was refused: 'size' (too much inflated data), 'cell' (one cell too long), 'zip' (not a zip we read). */
export class WorkbookRefused extends Error {
  constructor(readonly reason: 'size' | 'cell' | 'zip') {
    super(`workbook refused: ${reason}`);
    this.name = 'WorkbookRefused';
  }
}

interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function centralDirectory(path: string): Promise<{ entries: Entry[]; fileSize: number }> {
  const fh = await open(path, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    const tailLen = Math.min(fileSize, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, fileSize - tailLen);
    let at = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new WorkbookRefused('zip');
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    // Zip64 markers: no workbook within our limits needs them.
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff || cdOffset + cdSize > fileSize) throw new WorkbookRefused('zip');
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const entries: Entry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new WorkbookRefused('zip');
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      entries.push({
        method: cd.readUInt16LE(p + 10),
        compressed: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        offset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLen),
      });
      p += 46 + nameLen + extraLen + commentLen;
    }
    // Where each entry's data starts: after its local header (whose name/extra lengths may differ).
    for (const e of entries) {
      const head = Buffer.alloc(30);
      await fh.read(head, 0, 30, e.offset);
      if (head.readUInt32LE(0) !== LOCAL) throw new WorkbookRefused('zip');
      e.offset += 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
      if (e.offset + e.compressed > fileSize) throw new WorkbookRefused('zip');
    }
    return { entries, fileSize };
  } finally {
    await fh.close();
  }
}

const LT = 0x3c; // '<'

/** Inflates one entry as a stream, counting bytes and (XML) the longest run between tags. */
function inflateEntry(path: string, e: Entry, limits: ZipLimits, budget: { left: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (e.compressed === 0) return resolve();
    const source = createReadStream(path, { start: e.offset, end: e.offset + e.compressed - 1, highWaterMark: 64 * 1024 });
    const stored = e.method === 0;
    const out = stored ? source : source.pipe(createInflateRaw());
    const xml = /\.(xml|rels)$/i.test(e.name);
    let size = 0;
    let run = 0;
    let done = false;
    const stop = (err?: Error) => {
      if (done) return;
      done = true;
      source.destroy();
      if (!stored) out.destroy();
      if (err) reject(err);
      else resolve();
    };
    out.on('data', (chunk: Buffer) => {
      size += chunk.length;
      budget.left -= chunk.length;
      if (size > limits.maxEntry || budget.left < 0) return stop(new WorkbookRefused('size'));
      if (!xml) return;
      let from = 0;
      for (;;) {
        const lt = chunk.indexOf(LT, from);
        if (lt < 0) {
          run += chunk.length - from;
          break;
        }
        run += lt - from;
        if (run > limits.maxRun) break;
        run = 0;
        from = lt + 1;
      }
      if (run > limits.maxRun) stop(new WorkbookRefused('cell'));
    });
    out.on('end', () => stop());
    out.on('error', () => stop(new WorkbookRefused('zip')));
    source.on('error', () => stop(new WorkbookRefused('zip')));
  });
}

/** Throws WorkbookRefused when the zip at `path` breaks a limit; reads it as a stream, holds nothing. */
export async function checkWorkbookZip(path: string, limits: ZipLimits): Promise<void> {
  const { entries } = await centralDirectory(path);
  if (entries.length > limits.maxEntries) throw new WorkbookRefused('size');
  let declared = 0;
  for (const e of entries) {
    if (e.method !== 0 && e.method !== 8) throw new WorkbookRefused('zip');
    if (e.size > limits.maxEntry) throw new WorkbookRefused('size');
    declared += e.size;
  }
  if (declared > limits.maxTotal) throw new WorkbookRefused('size');
  const budget = { left: limits.maxTotal };
  for (const e of entries) await inflateEntry(path, e, limits, budget);
}

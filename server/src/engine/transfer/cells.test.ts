// Cells ↔ values (pure): what the importer makes of what a spreadsheet holds, and what an export writes.
import { describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '@seamline/core';
import { CellError, cellScalar, exportValue, fixedOptionIndex, importValue, optionIndex, plainNumber } from './cells';
import { keyField, mapHeader } from './columns';
import { checkImage, sniffImage } from './files';
import { problemText } from './report';

const f = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ name: 'x', type, label: { en: 'X', zh: '叉' }, ...extra });
const GRADE = fixedOptionIndex([
  { value: 'A', label: { en: 'A - Strategic', zh: 'A级(战略)' } },
  { value: 'B', label: { en: 'B - Preferred', zh: 'B级(优选)' } },
]);

describe('reading cells', () => {
  it('reads formulas by their result, rich text and links by their text, errors as errors', () => {
    expect(cellScalar({ formula: 'A1+1', result: 3 })).toBe(3);
    expect(cellScalar({ richText: [{ text: 'Ab' }, { text: 'c' }] })).toBe('Abc');
    expect(cellScalar({ text: 'site', hyperlink: 'http://x' })).toBe('site');
    expect(cellScalar({ error: '#N/A' })).toBeInstanceOf(CellError);
    expect(cellScalar(undefined)).toBeNull();
  });

  it('writes numbers plainly, cut to the 15 digits Excel keeps', () => {
    expect(plainNumber(0.1 + 0.2)).toBe('0.3');
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(12)).toBe('12');
    expect(plainNumber(13800002000)).toBe('13800002000');
  });

  it('converts per field type', () => {
    expect(importValue(f('string'), 1001, 'en')).toBe('1001');
    expect(importValue(f('string'), '  ', 'en')).toBeNull();
    expect(importValue(f('integer'), 7, 'en')).toBe(7);
    expect(importValue(f('integer'), 7.5, 'en')).toBe('7.5');
    expect(importValue(f('decimal'), 12.5, 'en')).toBe('12.5');
    expect(importValue(f('decimal'), '1,234.50', 'en')).toBe('1234.50');
    expect(importValue(f('decimal'), '12.5000', 'en')).toBe('12.5000');
    for (const yes of ['是', 'yes', 'Y', 'TRUE', '1', 1, true]) expect(importValue(f('boolean'), yes, 'zh')).toBe(true);
    for (const no of ['否', 'No', 'n', 'false', '0', 0, false]) expect(importValue(f('boolean'), no, 'en')).toBe(false);
    expect(importValue(f('boolean'), 'maybe', 'en')).toBe('maybe');
  });

  it('reads dates from Excel serials and from the ways people type them', () => {
    expect(importValue(f('date'), 46088, 'en')).toBe('2026-03-07');
    expect(importValue(f('date'), '2026/3/7', 'en')).toBe('2026-03-07');
    expect(importValue(f('date'), '2026年3月7日', 'en')).toBe('2026-03-07');
    expect(importValue(f('date'), new Date(Date.UTC(2026, 2, 7)), 'en')).toBe('2026-03-07');
    expect(importValue(f('date'), 'next week', 'en')).toBe('next week');
    expect(importValue(f('datetime'), 46088.5, 'en')).toBe('2026-03-07 12:00:00');
    expect(importValue(f('datetime'), '2026-03-07T08:05', 'en')).toBe('2026-03-07 08:05:00');
    expect(importValue(f('time'), 0.75, 'en')).toBe('18:00:00');
    expect(importValue(f('time'), '9:05', 'en')).toBe('09:05:00');
  });

  it('reads selects by value or by a label in either language', () => {
    const sel = f('select');
    expect(importValue(sel, 'A', 'en', GRADE)).toBe('A');
    expect(importValue(sel, 'b - preferred', 'en', GRADE)).toBe('B');
    expect(importValue(sel, 'A级(战略)', 'en', GRADE)).toBe('A');
    expect(importValue(sel, 'Z', 'en', GRADE)).toBe('Z'); // left for the engine to refuse in its words
    expect(importValue(f('multiselect'), 'A, B级(优选)，A', 'en', GRADE)).toEqual(['A', 'B', 'A']);
    const twice = optionIndex([
      { value: '1', labels: ['Same'] },
      { value: '2', labels: ['Same'] },
    ]);
    expect(importValue(sel, 'Same', 'en', twice)).toBe('Same');
  });

  it('exports decimals as exact text with their places, dates as dates, labels in the language', () => {
    expect(exportValue(f('decimal'), '12.5', 'en')).toBe('12.5000');
    expect(exportValue(f('decimal', { scale: 2 }), '3', 'en')).toBe('3.00');
    expect(exportValue(f('date'), '2026-03-07', 'en')).toEqual(new Date(Date.UTC(2026, 2, 7)));
    expect(exportValue(f('boolean'), true, 'zh')).toBe('是');
    expect(exportValue(f('select'), 'A', 'en', (v) => (v === 'A' ? 'A - Strategic' : undefined))).toBe('A - Strategic');
    expect(exportValue(f('reference'), 'some-id', 'en', undefined, 'Ann Lee')).toBe('Ann Lee');
    expect(exportValue(f('multiselect'), ['A', 'B'], 'en', (v) => `L${v}`)).toBe('LA, LB');
    expect(exportValue(f('string'), null, 'en')).toBeNull();
  });
});

const def = {
  name: 't',
  area: 't',
  prefix: 'p',
  table: 't',
  label: { en: 'Thing', zh: '东西' },
  display: 'name',
  list: { columns: [] },
  route: { cata: 'x', opt: 't' },
  numbering: { field: 'code', serial: 'T' },
  fields: [
    { name: 'code', type: 'string', label: { en: 'Code', zh: '编码' }, required: true, unique: true },
    { name: 'name', type: 'string', label: { en: 'Title', zh: '名称' }, required: true },
    { name: 'note', type: 'string', label: { en: 'Title', zh: '备注' } },
    { name: 'status', type: 'select', label: { en: 'Status', zh: '状态' }, readOnly: true },
  ],
} as EntityDef;

describe('mapping a header row', () => {
  it('maps field names and labels in either language, marks read-only columns, ignores others', () => {
    const m = mapHeader(def, [undefined, '*Code', '名称', 'status', 'Remarks', 'Errors']);
    expect(m.columns.map((c) => [c.col, c.field.name, c.writable])).toEqual([
      [1, 'code', true],
      [2, 'name', true],
      [3, 'status', false],
    ]);
    expect(m.ignored).toEqual(['Remarks']);
    expect(m.problems).toEqual([]);
  });

  it('refuses a label two fields share, and a column given twice', () => {
    expect(mapHeader(def, [undefined, 'Title']).problems[0][0]).toBe('transfer.ambiguousColumn');
    expect(mapHeader(def, [undefined, 'name']).columns[0].field.name).toBe('name'); // a field name wins
    expect(mapHeader(def, [undefined, 'code', '编码']).problems[0][0]).toBe('transfer.duplicateColumn');
  });

  it('falls back to the hidden sheet’s field names for headers it cannot read', () => {
    const m = mapHeader(def, [undefined, 'Renamed code'], [undefined, 'code']);
    expect(m.columns.map((c) => c.field.name)).toEqual(['code']);
  });

  it('matches upserts by the numbering field', () => {
    expect(keyField(def)?.name).toBe('code');
  });

  it('writes a row’s problems as label: message lines', () => {
    expect(problemText({ code: ['taken'], _document: ['bad'] }, { code: 'Code', _document: '' })).toBe('Code: taken\nbad');
  });
});

describe('image checks', () => {
  const png = (w: number, h: number) => {
    const b = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
    b.writeUInt32BE(13, 8);
    b.write('IHDR', 12, 'ascii');
    b.writeUInt32BE(w, 16);
    b.writeUInt32BE(h, 20);
    return b;
  };
  const gif = (w: number, h: number) => {
    const b = Buffer.alloc(13);
    b.write('GIF89a', 0, 'ascii');
    b.writeUInt16LE(w, 6);
    b.writeUInt16LE(h, 8);
    return b;
  };

  it('knows PNG, JPEG, GIF and WebP by their bytes, nothing by its name', () => {
    expect(sniffImage(png(1, 1))).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(gif(1, 1))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('checks size, format and dimensions, exact or at least', () => {
    const max = 1000;
    expect(checkImage(png(200, 200), 33, { width: 200, height: 200, exact: true }, max, 'en')).toMatchObject({ ok: true, ext: 'png', width: 200 });
    expect(checkImage(png(300, 200), 33, { width: 200, height: 200, exact: true }, max, 'en')).toMatchObject({ ok: false, message: expect.stringContaining('exactly 200×200') });
    expect(checkImage(gif(700, 900), 13, { width: 600, height: 840 }, max, 'en')).toMatchObject({ ok: true, ext: 'gif' });
    expect(checkImage(gif(500, 900), 13, { width: 600, height: 840 }, max, 'zh')).toMatchObject({ ok: false, message: expect.stringContaining('至少为 600×840') });
    expect(checkImage(png(1, 1), 2000, {}, max, 'en')).toMatchObject({ ok: false, message: expect.stringContaining('larger than 1000 B') });
    expect(checkImage(png(1, 1), 600, { maxBytes: 500 }, max, 'en')).toMatchObject({ ok: false });
    expect(checkImage(Buffer.from('hello'), 5, {}, max, 'en')).toMatchObject({ ok: false, message: expect.stringContaining('PNG, JPEG') });
  });
});

describe('ExcelJS XML parsing', () => {
  it('keeps a multi-byte character whole when a chunk boundary splits it (exceljs#2063)', async () => {
    await import('./exceljsFix');
    const { createRequire } = await import('node:module');
    const parseSax = createRequire(import.meta.url)('exceljs/lib/utils/parse-sax.js') as (it: AsyncIterable<Uint8Array>) => AsyncIterable<Array<{ eventType: string; value: unknown }>>;
    const bytes = Buffer.from('<t>大家好，才是真的好</t>');
    async function* halves() {
      yield bytes.subarray(0, 20); // inside '才'
      yield bytes.subarray(20);
    }
    let text = '';
    for await (const events of parseSax(halves())) for (const e of events) if (e.eventType === 'text') text += String(e.value);
    expect(text).toBe('大家好，才是真的好');
  });
});

// ExcelJS 4.4 decodes every chunk of a workbook's XML on its own (lib/utils/parse-sax.js), so a
// multi-byte character that straddles two chunks reads as '��' — one Chinese cell in a few
// thousand, silently (exceljs/exceljs#2063; fixes proposed in #1665, #1821, #2081, none merged).
// This module swaps in the same parser with one streaming TextDecoder per document. It must be
// imported before 'exceljs' itself (xlsx.ts and the test helpers do), because ExcelJS's modules
// keep the parser they find when they load; loading it after ExcelJS throws instead of silently
// leaving the bug in place.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const parserPath = require.resolve('exceljs/lib/utils/parse-sax.js');
const readerPath = require.resolve('exceljs/lib/stream/xlsx/worksheet-reader.js');

type SaxEvent = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown };
interface SaxesParserLike {
  on(event: string, fn: (value: unknown) => void): void;
  write(text: string): void;
  close(): void;
}

const { SaxesParser } = require(require.resolve('saxes', { paths: [dirname(parserPath)] })) as { SaxesParser: new () => SaxesParserLike };

async function* parseSax(iterable: AsyncIterable<Uint8Array | string>): AsyncGenerator<SaxEvent[]> {
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8');
  let error: unknown;
  let events: SaxEvent[] = [];
  parser.on('error', (err) => (error = err));
  parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
  parser.on('text', (value) => events.push({ eventType: 'text', value }));
  parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
  for await (const chunk of iterable) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (error) throw error;
    yield events;
    events = [];
  }
  const rest = decoder.decode();
  if (rest) {
    parser.write(rest);
    if (error) throw error;
    yield events;
  }
}

const FIXED = Symbol.for('seamline.exceljs.parseSax');
Object.defineProperty(parseSax, FIXED, { value: true });

const installed = (require.cache[parserPath]?.exports as Record<symbol, unknown> | undefined)?.[FIXED] === true;
if (!installed) {
  if (require.cache[readerPath]) throw new Error('exceljs was loaded before server/src/engine/transfer/exceljsFix.ts: import the fix first');
  require(parserPath);
  require.cache[parserPath]!.exports = parseSax;
}

export const EXCELJS_UTF8_FIX = true;

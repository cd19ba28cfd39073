// Attachments and voice notes on a ticket (issue 17): a ticket belongs to two companies, so its
// files are read by whoever sees the ticket in either company — and by nobody else, whatever id
// they guess. Real HTTP, a real database, real files.
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveFile } from 'wavefile';
import { VOICE_NOTE_MAX_BYTES } from '@seamline/core';
import { client } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer, download, upload } from '@seamline/server/testing';
import { TICKET_ATTACHMENTS } from '../meta';

let srv: TestServer;
let dataDir: string;
const tokens: Record<string, string> = {};
const ATTACH = 'utilsapi/collabapi/attachment/';

const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};
const list = (who: string, id: string) => srv.call('GET', `${ATTACH}list`, { token: tokens[who], query: { entity: TICKET_ATTACHMENTS, id } });

/** Half a second of a 440 Hz tone, 16 kHz 16-bit mono: what the recorder exports. */
function voiceNote(): Buffer {
  const wav = new WaveFile();
  wav.fromScratch(1, 16000, '16', Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000))));
  return Buffer.from(wav.toBuffer());
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'seamline-ticket-att-'));
  srv = await startTestServer({ config: { dataDir } });
  for (const u of ['brand.admin', 'brand.buyer', 'factory.admin', 'fabric.admin']) tokens[u] = (await login(srv.call, u)).token;
});
afterAll(async () => {
  await srv?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ticket attachments across the two companies', () => {
  it('both companies of the ticket read each other’s voice notes and notes; a third company and a non-member get 404', async () => {
    const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
    const brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
    const ticket = ok(await srv.call('POST', 'vfapi/ticket/save', { token: tokens['factory.admin'], json: { DATA: { title: 'Shade variation', counterpart_client_id: brand } } }));

    // The factory records a voice note on the ticket.
    const wav = voiceNote();
    const up = await upload(srv.url, `${ATTACH}upload`, tokens['factory.admin'], [{ name: 'voice-note-1.wav', bytes: wav, type: 'audio/wav' }], { entity: TICKET_ATTACHMENTS, id: ticket.id });
    expect(up.status).toBe(200);
    const [voice] = up.body.data.results;
    expect(voice).toMatchObject({ kind: 'FILE', file_name: 'voice-note-1.wav', mime: 'audio/wav', size: wav.length, mine: true });

    // The brand (the other company) sees it, plays it, and answers with a note of its own.
    const seen = ok(await list('brand.admin', ticket.id));
    expect(seen.map((a: { id: string }) => a.id)).toEqual([voice.id]);
    expect(seen[0]).toMatchObject({ mine: false, removable: false });
    const got = await download(srv.url, `${ATTACH}download`, tokens['brand.admin'], { id: voice.id, inline: '1' });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('audio/wav');
    expect(got.bytes.equals(wav)).toBe(true);
    ok(await srv.call('POST', `${ATTACH}note`, { token: tokens['brand.admin'], json: { DATA: { entity: TICKET_ATTACHMENTS, id: ticket.id, note: 'Listened — send the lot photos' } } }));
    expect(ok(await list('factory.admin', ticket.id)).map((a: { kind: string }) => a.kind)).toEqual(['FILE', 'NOTE']);

    // Nobody else: a third company, and a brand user who is not on this private ticket.
    for (const who of ['fabric.admin', 'brand.buyer']) {
      expect((await list(who, ticket.id)).status).toBe(404);
      expect((await download(srv.url, `${ATTACH}download`, tokens[who], { id: voice.id })).status).toBe(404);
      const sneak = await upload(srv.url, `${ATTACH}upload`, tokens[who], [{ name: 'x.wav', bytes: wav }], { entity: TICKET_ATTACHMENTS, id: ticket.id });
      expect(sneak.status).toBe(404);
    }

    // Each company removes only its own: the brand cannot delete the factory's voice note.
    expect((await srv.call('POST', `${ATTACH}remove`, { token: tokens['brand.admin'], json: { DATA: { id: voice.id } } })).status).toBe(404);
    expect(ok(await srv.call('POST', `${ATTACH}remove`, { token: tokens['factory.admin'], json: { DATA: { id: voice.id } } })).map((a: { kind: string }) => a.kind)).toEqual(['NOTE']);
    expect((await download(srv.url, `${ATTACH}download`, tokens['brand.admin'], { id: voice.id })).status).toBe(404);
  });
});

describe('voice notes are audio (issue 22 point 4.4)', () => {
  let ticket: { id: string };
  const send = async (name: string, bytes: Buffer, lang = 'en') => {
    const form = new FormData();
    form.append('entity', TICKET_ATTACHMENTS);
    form.append('id', ticket.id);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name);
    const res = await fetch(new URL(`/api/${ATTACH}upload`, srv.url), { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens['factory.admin']}`, 'x-seamline-lang': lang } });
    return { status: res.status, body: await res.json() };
  };
  /** A multipart upload declaring `declared` bytes of which only the first 64 KB are sent: the answer must come without the rest. */
  const declaredOnly = (fileName: string, declared: number) => {
    const url = new URL(`/api/${ATTACH}upload`, srv.url);
    const boundary = '----voice';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="entity"\r\n\r\n${TICKET_ATTACHMENTS}\r\n--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${ticket.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    return new Promise<{ status: number; message: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const headers = { authorization: `Bearer ${tokens['factory.admin']}`, 'x-seamline-lang': 'en', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(declared) };
      const req = httpRequest(url, { method: 'POST', headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, message: JSON.parse(body).message, ms: Date.now() - started }));
      });
      req.on('error', () => undefined); // the server closes the connection after answering
      req.write(Buffer.concat([head, Buffer.alloc(64 * 1024)]));
      setTimeout(() => reject(new Error(`no answer to ${fileName} without its body`)), 20_000).unref();
    });
  };
  /** A RIFF/WAVE file from its chunks, sizes as given (so they can lie). */
  const riff = (...chunks: Array<[string, Buffer, number?]>) => {
    const body = Buffer.concat(chunks.map(([id, data, size]) => {
      const head = Buffer.alloc(8);
      head.write(id, 0, 'latin1');
      head.writeUInt32LE(size ?? data.length, 4);
      return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
    }));
    const head = Buffer.alloc(12);
    head.write('RIFF', 0, 'latin1');
    head.writeUInt32LE(body.length + 4, 4);
    head.write('WAVE', 8, 'latin1');
    return Buffer.concat([head, body]);
  };
  const fmt = (format: number, channels = 1, rate = 16000, bits = 16) => {
    const b = Buffer.alloc(16);
    b.writeUInt16LE(format, 0);
    b.writeUInt16LE(channels, 2);
    b.writeUInt32LE(rate, 4);
    b.writeUInt32LE((rate * channels * bits) / 8, 8);
    b.writeUInt16LE((channels * bits) / 8, 12);
    b.writeUInt16LE(bits, 14);
    return b;
  };

  beforeAll(async () => {
    const companies = await srv.db.asSystem((tx) => tx.select({ id: client.id, code: client.code }).from(client));
    const brand = companies.find((c) => c.code === 'DEMO_BRAND')!.id;
    ticket = ok(await srv.call('POST', 'vfapi/ticket/save', { token: tokens['factory.admin'], json: { DATA: { title: 'Voice checks', counterpart_client_id: brand } } }));
  });

  it('refuses HTML, SVG, an executable and RIFF…WAVE<script> named .wav, in the user’s language, and stores none', async () => {
    const fakes: Array<[string, Buffer]> = [
      ['html', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')],
      ['elf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)])],
      ['mz', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
      ['riff-script', Buffer.from('RIFF\u0000\u0001\u0000\u0000WAVE<script>alert(1)</script>')],
      ['mp3 in RIFF', riff(['fmt ', fmt(0x55)], ['data', Buffer.alloc(400, 7)])],
      ['float', riff(['fmt ', fmt(3, 1, 16000, 32)], ['data', Buffer.alloc(400, 7)])],
      ['data longer than the file', riff(['fmt ', fmt(1)], ['data', Buffer.alloc(400, 7), 9000])],
      ['no data chunk', riff(['fmt ', fmt(1)])],
      ['data before fmt', riff(['data', Buffer.alloc(400, 7)], ['fmt ', fmt(1)])],
      ['byte rate that lies', riff(['fmt ', Buffer.from(fmt(1).fill(0xff, 8, 12))], ['data', Buffer.alloc(400, 7)])],
      ['html chunk after the audio', riff(['fmt ', fmt(1)], ['data', Buffer.alloc(400, 7)], ['html', Buffer.from('<script>alert(1)</script>')])],
    ];
    for (const [what, bytes] of fakes) {
      const res = await send(`${what}.wav`, bytes);
      expect([what, res.status, res.body.message]).toEqual([what, 400, 'This .wav file is not a voice note: only uncompressed PCM audio (RIFF/WAVE) is accepted']);
    }
    const zh = await send('x.wav', fakes[0]![1], 'zh');
    expect(zh.body.message).toBe('此 .wav 文件不是语音留言：只接受未压缩的 PCM 音频（RIFF/WAVE）');
    expect(ok(await list('factory.admin', ticket.id))).toEqual([]);
    // What the recorder makes (and a stereo 44.1 kHz PCM file with a LIST chunk) is accepted.
    expect((await send('voice-note.wav', voiceNote())).status).toBe(200);
    expect((await send('stereo.wav', riff(['fmt ', fmt(1, 2, 44100, 16)], ['LIST', Buffer.from('INFOISFT\u0006\u0000\u0000\u0000Lavf\u0000\u0000')], ['data', Buffer.alloc(4 * 441)]))).status).toBe(200);
  });

  it('takes a .wav up to what the recorder makes (5 minutes, ~9.6 MB) and no more', async () => {
    const pcm = (bytes: number) => riff(['fmt ', fmt(1)], ['data', Buffer.alloc(bytes - 44)]);
    expect(VOICE_NOTE_MAX_BYTES).toBeGreaterThan(16000 * 2 * 300);
    expect(VOICE_NOTE_MAX_BYTES).toBeLessThan(10_000_000);
    const longest = await send('five-minutes.wav', pcm(VOICE_NOTE_MAX_BYTES));
    expect(longest.status).toBe(200);
    const over = await send('too-long.wav', pcm(VOICE_NOTE_MAX_BYTES + 2));
    expect([over.status, over.body.message]).toEqual([400, 'A voice note may be at most 9.2 MB (5 minutes)']);
  });

  it('refuses an upload whose declared length is over the limit before reading its body', async () => {
    const big = await declaredOnly('big.zip', 60 * 1024 * 1024);
    expect([big.status, big.message]).toEqual([400, 'The file is larger than 20 MB']);
    const longVoice = await declaredOnly('long.wav', 15 * 1024 * 1024);
    expect([longVoice.status, longVoice.message]).toEqual([400, 'A voice note may be at most 9.2 MB (5 minutes)']);
    expect(ok(await list('factory.admin', ticket.id)).map((a: { file_name: string }) => a.file_name)).not.toContain('big.zip');
  });
});

// Attachments and voice notes on a ticket (issue 17): a ticket belongs to two companies, so its
// files are read by whoever sees the ticket in either company — and by nobody else, whatever id
// they guess. Real HTTP, a real database, real files.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveFile } from 'wavefile';
import { client } from '@seamline/server/api';
import { login, startTestServer, type ApiResponse, type TestServer } from '@seamline/server/testing';
import { download, upload } from '../../../server/src/engine/transfer/testing';
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

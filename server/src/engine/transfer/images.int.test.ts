// Batch image upload over real HTTP: each file checked on its own (size, format by its bytes,
// width × height), stored under DATA_DIR/files and served to its company only.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';
import { download, pngOf, upload } from './testing';

const MB = 1024 * 1024;
let srv: TestServer;
let dataDir: string;
let buyer: string;
let fabric: string;
let savedMax: string | undefined;

const send = (files: Array<{ name: string; bytes: Buffer; type?: string }>, query: Record<string, string> = {}, token = buyer, fields: Record<string, string> = {}) =>
  upload(srv.url, 'utilsapi/files/upload-image', token, files, fields, query);

beforeAll(async () => {
  savedMax = process.env.UPLOAD_MAX_BYTES;
  process.env.UPLOAD_MAX_BYTES = String(3 * MB);
  dataDir = await mkdtemp(join(tmpdir(), 'seamline-files-'));
  srv = await startTestServer({ config: { dataDir } });
  [buyer, fabric] = (await Promise.all(['brand.buyer', 'fabric.admin'].map((u) => login(srv.call, u)))).map((l) => l.token);
});
afterAll(async () => {
  if (savedMax === undefined) delete process.env.UPLOAD_MAX_BYTES;
  else process.env.UPLOAD_MAX_BYTES = savedMax;
  await srv?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upload rules', () => {
  it('tell the client what a profile checks, within the server’s limit', async () => {
    const res = await srv.call('GET', 'utilsapi/files/upload-rules', { token: buyer, query: { profile: 'avatar' } });
    expect(res.body.data.results).toMatchObject({ max_bytes: 2 * MB, width: 200, height: 200, exact: true, formats: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] });
    const any = await srv.call('GET', 'utilsapi/files/upload-rules', { token: buyer, query: { profile: 'style' } });
    expect(any.body.data.results).toMatchObject({ max_bytes: 3 * MB, width: null, height: null });
  });
});

describe('upload-image', () => {
  it('accepts a 200×200 PNG where 200×200 is required, and serves it to the company only', async () => {
    const png = pngOf(200, 200);
    const res = await send([{ name: 'logo.png', bytes: png, type: 'image/png' }], { profile: 'avatar' });
    expect(res.status).toBe(200);
    const [file] = res.body.data.results;
    expect(file).toMatchObject({ name: 'logo.png', ok: true, width: 200, height: 200, type: 'image/png', size: png.length });
    expect(file.url).toMatch(/^\/files\/[0-9a-f-]{36}\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const got = await download(srv.url, file.url, buyer);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.bytes.equals(png)).toBe(true);
    expect((await download(srv.url, file.url, fabric)).status).toBe(404); // another company
    expect((await download(srv.url, file.url, undefined)).status).toBe(401);
    expect((await download(srv.url, '/files/../../etc/passwd', buyer)).status).toBe(404);
  });

  it('rejects a wrong size, a non-image named .png, and an oversize file — each with its message (UPL-02..04)', async () => {
    const res = await send(
      [
        { name: 'wide.png', bytes: pngOf(300, 200) },
        { name: 'fake.png', bytes: Buffer.from('this is not an image at all') },
        { name: 'big.png', bytes: pngOf(200, 200, 2.1 * MB) },
        { name: 'fine.png', bytes: pngOf(200, 200, 1.9 * MB) },
      ],
      { profile: 'avatar' },
    );
    expect(res.body.data.results).toEqual([
      { name: 'wide.png', ok: false, message: 'The image must be exactly 200×200 pixels; this one is 300×200' },
      { name: 'fake.png', ok: false, message: 'Only PNG, JPEG, WebP and GIF images are accepted' },
      { name: 'big.png', ok: false, message: 'The file is larger than 2 MB and was skipped' },
      expect.objectContaining({ name: 'fine.png', ok: true, width: 200 }),
    ]);
  });

  it('takes several images at once and skips only the oversize one (UPL-01, UPL-09)', async () => {
    const files = [1, 2, 3, 4].map((i) => ({ name: `p${i}.png`, bytes: pngOf(40 + i, 30) }));
    files.splice(2, 0, { name: 'huge.png', bytes: pngOf(10, 10, 3 * MB + 10) });
    const res = await send(files, { profile: 'style' });
    const results = res.body.data.results as Array<{ name: string; ok: boolean; message?: string }>;
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['p1.png', true],
      ['p2.png', true],
      ['huge.png', false],
      ['p3.png', true],
      ['p4.png', true],
    ]);
    expect(results[2].message).toBe('The file is larger than 3 MB and was skipped');
  });

  it('takes a minimum size and explicit rules as fields, in the user’s language', async () => {
    const res = await send([{ name: 'small.png', bytes: pngOf(500, 900) }, { name: 'ok.png', bytes: pngOf(600, 840) }], {}, fabric, { width: '600', height: '840', exact: '0' });
    expect(res.body.data.results.map((r: { ok: boolean; message?: string }) => r.message ?? r.ok)).toEqual(['图片尺寸至少为 600×840 像素，当前为 500×900', true]);
  });

  it('answers 400 for a request without files, and 401 without a session', async () => {
    expect((await send([])).status).toBe(400);
    expect((await send([{ name: 'a.png', bytes: pngOf(1, 1) }], {}, '')).status).toBe(401);
    const plain = await srv.call('POST', 'utilsapi/files/upload-image', { token: buyer, form: { a: 'b' } });
    expect([plain.status, plain.body.message]).toEqual([400, 'Choose at least one file']);
  });
});

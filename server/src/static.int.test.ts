// The web app's transfer: pre-compressed files chosen by Accept-Encoding, immutable caching of
// hashed assets, a real robots.txt, and large API answers compressed (small ones left as they are).
import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineArea } from './api';
import { ROBOTS_TXT } from './static';
import { startTestServer, type TestServer } from './testing';

const big = defineArea({
  name: 'bigprobe',
  routes: (api) => {
    api.get('utilsapi/bigprobe/large', { auth: false }, () => ({ text: 'seamline '.repeat(2000) }));
    api.get('utilsapi/bigprobe/small', { auth: false }, () => ({ text: 'tiny' }));
  },
});

/** A raw GET (fetch would decode the body and hide what travelled). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let srv: TestServer;
let web: string;
let noRobots: TestServer;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'seamline-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Seamline</title>');
  writeFileSync(join(web, 'index.html.br'), brotliCompressSync('<!doctype html><title>Seamline</title><!--br-->'));
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'app-1234.js'), SCRIPT);
  // Marked copies: the test can tell which file was sent.
  writeFileSync(join(web, 'assets', 'app-1234.js.br'), brotliCompressSync(`${SCRIPT}//br`));
  writeFileSync(join(web, 'assets', 'app-1234.js.gz'), gzipSync(`${SCRIPT}//gz`));
  srv = await startTestServer({ extraAreas: [big], config: { webDist: web } });
  noRobots = await startTestServer({ config: { webDist: undefined } });
});
afterAll(async () => {
  await srv?.close();
  await noRobots?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('pre-compressed static files', () => {
  it('sends the brotli file to a client that accepts br, cached as immutable', async () => {
    const res = await get(`${srv.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(`${SCRIPT}//br`);
  });

  it('sends the gzip file to a gzip-only client and the plain file to others', async () => {
    const gz = await get(`${srv.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(`${SCRIPT}//gz`);
    const plain = await get(`${srv.url}/assets/app-1234.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('revalidates index.html on every visit', async () => {
    const res = await get(`${srv.url}/login`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('<title>Seamline</title>');
  });
});

describe('the page and missing files', () => {
  it('sends the pre-compressed page with an etag, and 304 when the client has it', async () => {
    const res = await get(`${srv.url}/md/index/vendor`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(brotliDecompressSync(res.body).toString()).toContain('<!--br-->');
    const again = await get(`${srv.url}/md/index/vendor`, { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers a missing /assets/ file with the 404 envelope, never the page', async () => {
    for (const path of ['/assets/RouteError-gone.js', '/assets/app-gone.css', '/assets/']) {
      const res = await get(`${srv.url}${path}`, { 'accept-encoding': 'br', 'x-seamline-lang': 'en' });
      expect(res.status, path).toBe(404);
      expect(String(res.headers['content-type']), path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString()), path).toMatchObject({ code: 404 });
    }
  });

  it('answers with the 404 envelope, not a bare 404, while the build has no index.html', async () => {
    renameSync(join(web, 'index.html'), join(web, 'index.html.away'));
    renameSync(join(web, 'index.html.br'), join(web, 'index.html.br.away'));
    try {
      for (const path of ['/', '/login']) {
        const res = await get(`${srv.url}${path}`, { 'accept-encoding': 'br', 'x-seamline-lang': 'en' });
        expect(res.status, path).toBe(404);
        expect(JSON.parse(res.body.toString()), path).toMatchObject({ code: 404 });
      }
    } finally {
      renameSync(join(web, 'index.html.away'), join(web, 'index.html'));
      renameSync(join(web, 'index.html.br.away'), join(web, 'index.html.br'));
    }
  });
});

describe('robots.txt', () => {
  it('is the build\'s robots file, as text, not the web app', async () => {
    const res = await get(`${srv.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.body.toString()).toBe('User-agent: *\nDisallow: /api/\n');
  });

  it('falls back to the server\'s own robots file when the build has none', async () => {
    const res = await get(`${noRobots.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.body.toString()).toBe(ROBOTS_TXT);
    expect(res.body.toString()).toMatch(/^User-agent: \*/);
  });
});

describe('API answers', () => {
  it('compresses a large answer for a client that accepts it', async () => {
    const br = await get(`${srv.url}/api/utilsapi/bigprobe/large`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(br.body).toString());
    expect(body.data.results.text).toBe('seamline '.repeat(2000));
    expect(br.body.length).toBeLessThan(1000);
    const gz = await get(`${srv.url}/api/utilsapi/bigprobe/large`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).data.results.text).toBe('seamline '.repeat(2000));
  });

  it('leaves small answers and clients that accept nothing uncompressed', async () => {
    const small = await get(`${srv.url}/api/utilsapi/bigprobe/small`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).data.results.text).toBe('tiny');
    const plain = await get(`${srv.url}/api/utilsapi/bigprobe/large`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).data.results.text).toBe('seamline '.repeat(2000));
  });
});

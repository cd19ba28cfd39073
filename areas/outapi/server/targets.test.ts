// Where the platform may send: schemes, private addresses refused under the deny policy (IP
// literals and names resolving to them), the allow-list, and the environment switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './send';
import { isPrivateAddress, parseTarget, targetPolicy, type TargetPolicy } from './targets';
import { startReceiver, type Receiver } from './receiver.testing';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const deny: TargetPolicy = { allowPrivate: false, allowHosts: [] };
const out = (url: string, policy = deny) => send({ url, method: 'POST', body: '{}', timeoutMs: 2000, policy });

describe('target policy', () => {
  it('allows private targets outside production and denies them in production, unless told otherwise', () => {
    expect(targetPolicy({}).allowPrivate).toBe(true);
    expect(targetPolicy({ NODE_ENV: 'production' }).allowPrivate).toBe(false);
    expect(targetPolicy({ NODE_ENV: 'production', OUTAPI_PRIVATE_TARGETS: 'allow' }).allowPrivate).toBe(true);
    expect(targetPolicy({ OUTAPI_PRIVATE_TARGETS: 'deny', OUTAPI_ALLOW_HOSTS: ' ERP.internal , wms.lan' })).toEqual({ allowPrivate: false, allowHosts: ['erp.internal', 'wms.lan'] });
    expect(() => targetPolicy({ OUTAPI_PRIVATE_TARGETS: 'maybe' })).toThrow(/allow or deny/);
  });

  it('knows private, loopback, link-local and metadata addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('sends to http and https only', () => {
    expect(parseTarget('ftp://example.com/x')).toBeNull();
    expect(parseTarget('file:///etc/passwd')).toBeNull();
    expect(parseTarget('not a url')).toBeNull();
    expect(parseTarget('https://example.com/x')?.hostname).toBe('example.com');
  });

  it('under deny, refuses a loopback literal and a name resolving to loopback without connecting', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const literal = await out(`http://127.0.0.1:${port}/x`);
    const named = await out(`http://localhost:${port}/x`);
    expect([literal.ok, literal.error]).toEqual([false, expect.stringMatching(/private address/)]);
    expect([named.ok, named.error]).toEqual([false, expect.stringMatching(/private address/)]);
    expect([literal.blocked, named.blocked]).toEqual([true, true]);
    expect(receiver.received.length).toBe(before);
  });

  it('sends to a private host named in the allow-list, and to anything when private targets are allowed', async () => {
    const port = new URL(receiver.url).port;
    expect((await out(`http://localhost:${port}/x`, { allowPrivate: false, allowHosts: ['localhost'] })).status).toBe(200);
    expect((await out(`http://127.0.0.1:${port}/x`, { allowPrivate: true, allowHosts: [] })).status).toBe(200);
  });
});

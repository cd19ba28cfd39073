// Where the platform may send: schemes, private addresses refused under the deny policy (IP
// literals and names resolving to them), the allow-list, and the environment switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './send';
import { deliveryErrorText, isPrivateAddress, maskCredentials, parseTarget, refusedAddress, targetPolicy, type TargetPolicy } from './targets';
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

describe('the refusal as a reader reads it (issue 23)', () => {
  it('a refused private target reads in the reader’s language; a remote answer stays as it came', async () => {
    const refused = await out('http://10.0.0.1/hook');
    expect(refused.blocked).toBe(true);
    expect(deliveryErrorText(refused.error ?? null, 'zh')).toBe('本服务器不允许发送到内网或本机地址');
    expect(deliveryErrorText(refused.error ?? null, 'en')).toBe('Sending to a private or local address is not allowed on this server');
    expect(deliveryErrorText('connect ECONNREFUSED 203.0.113.9:443', 'zh')).toBe('connect ECONNREFUSED 203.0.113.9:443');
    expect(deliveryErrorText(null, 'zh')).toBeNull();
  });
});

describe('at save time', () => {
  it('names the private address a target would be refused for, as the send would', async () => {
    expect(await refusedAddress(deny, 'http://10.1.2.3:8080/po')).toBe('10.1.2.3');
    expect(await refusedAddress(deny, 'http://[::1]/po')).toBe('::1');
    expect(await refusedAddress(deny, 'http://localhost/po')).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(await refusedAddress(deny, 'https://93.184.216.34/po')).toBeNull();
    expect(await refusedAddress(deny, 'http://no-such-host.invalid/po')).toBeNull();
    expect(await refusedAddress({ allowPrivate: true, allowHosts: [] }, 'http://10.1.2.3/po')).toBeNull();
    expect(await refusedAddress({ allowPrivate: false, allowHosts: ['localhost'] }, 'http://localhost/po')).toBeNull();
  });
});

describe('the log', () => {
  it('masks a user name and password in a target URL, and only those', () => {
    expect(maskCredentials('https://erp-user:s3cr3t@erp.example.com:8443/po?x=1')).toBe('https://***:***@erp.example.com:8443/po?x=1');
    expect(maskCredentials('https://token@erp.example.com/po')).toBe('https://***@erp.example.com/po');
    expect(maskCredentials('https://erp.example.com/po')).toBe('https://erp.example.com/po');
    expect(maskCredentials('ftp://u:p@files.example.com/x')).toBe('ftp://***@files.example.com/x');
  });
});

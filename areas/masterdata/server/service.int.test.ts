// The services registry over real HTTP (CFG-17, issue 13): the spec's own path 'scmapi/x' is
// accepted with every field, and saving the same service twice is refused (in one batch too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type TestServer } from '@seamline/server/testing';

let srv: TestServer;
let token: string;
const EN = { 'x-seamline-lang': 'en' };
const save = (doc: unknown) => srv.call('POST', 'mdapi/service/save', { token, headers: EN, json: { DATA: doc } });

beforeAll(async () => {
  srv = await startTestServer();
  token = (await login(srv.call, 'brand.admin')).token;
});
afterAll(() => srv?.close());

describe('services registry', () => {
  const service = {
    module: 'SCM', function_area: 'ORDER', subarea: 'PO', field: 'status', title: 'Order push', description: 'Pushes an order',
    http_type: 'POST', service_version: 'v2', url: 'scmapi/x', config: { API_ID: 'X1', SEND_METHOD: 'POST', MSG_DISPLAY: 'Y' },
  };

  it("saves the spec's example with every field, and refuses the same service again", async () => {
    const first = await save(service);
    expect(first.status).toBe(200);
    expect(first.body.data.results).toMatchObject({ module: 'SCM', url: 'scmapi/x', http_type: 'POST', service_version: 'v2' });
    const again = await save({ ...service, title: 'Order push (copy)' });
    expect([again.status, again.body.data.errors.url]).toEqual([422, ['This service is already registered']]);
    // Another version of it is another service; saving the stored one again is no duplicate of itself.
    expect((await save({ ...service, service_version: 'v3' })).status).toBe(200);
    const stored = first.body.data.results;
    expect((await save({ id: stored.id, version: stored.version, description: 'changed' })).status).toBe(200);
  });

  it('says it in Chinese', async () => {
    const zh = await srv.call('POST', 'mdapi/service/save', { token, headers: { 'x-seamline-lang': 'zh' }, json: { DATA: service } });
    expect(zh.body.data.errors.url).toEqual(['该服务已登记']);
  });
});

// The API reference page (/sys/page/api-reference) in the real route table, the network stubbed at
// fetch: an administrator sees the operations grouped by tag, searchable, in both languages, and the
// webhooks; anyone the server refuses (403) sees a 403, no document.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { fakeServer, json, renderApp, storeSignedIn, USER } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 60_000 });
const SLOW = { timeout: 20_000 };
beforeEach(() => setLang('en'));
beforeAll(() => import('./ApiReferencePage'), 120_000);

const DOC = {
  openapi: '3.1.0',
  info: { title: 'Seamline API', version: '0.1.0+abc' },
  paths: {
    '/api/mdapi/vendor/page-list': { get: { summary: 'List Vendor rows', tags: ['mdapi/vendor'], parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: {} } },
    '/api/mdapi/vendor/save': { post: { summary: 'Create or update a Vendor', tags: ['mdapi/vendor'], responses: {} } },
    '/api/utilsapi/access/login': { post: { summary: 'Sign in', tags: ['utilsapi/access'], responses: {} } },
  },
  webhooks: { 'out-api-push': { post: { summary: 'A push of the out-API bus', tags: ['webhooks'], responses: {} } } },
};

function serverWith(answer: () => Response) {
  storeSignedIn();
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', () => USER)
    .on('GET', 'utilsapi/openapi.json', answer);
}

describe('/sys/page/api-reference', () => {
  it('shows the operations by tag with a search, and the webhooks', async () => {
    const server = serverWith(() => json(200, DOC));
    renderApp('/sys/page/api-reference');
    expect(await screen.findByText('API reference', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByTestId('api-tag').map((e) => e.textContent)).toEqual(['mdapi/vendor (2)', 'utilsapi/access (1)']);
    expect(screen.getByTestId('api-count').textContent).toBe('3 operations');
    expect(screen.getByText('out-api-push')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search path or summary'), { target: { value: 'login' } });
    await waitFor(() => expect(screen.getAllByTestId('api-tag').map((e) => e.textContent)).toEqual(['utilsapi/access (1)']));
    expect(server.calls('utilsapi/openapi.json').length).toBe(1);
  });

  it('speaks Chinese to a Chinese user', async () => {
    setLang('zh');
    serverWith(() => json(200, DOC));
    renderApp('/sys/page/api-reference');
    expect(await screen.findByText('API 参考', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('api-count').textContent).toBe('共 3 个接口');
  });

  it('a member the server refuses sees a 403 and no operation', async () => {
    serverWith(() => json(403, { message: 'Not allowed', code: 403 }));
    renderApp('/sys/page/api-reference');
    expect(await screen.findByTestId('forbidden', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('api-tag')).toBeNull();
  });
});

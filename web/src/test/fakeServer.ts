// Unit tests of the web stub the network at fetch, the client's own boundary: a tiny in-memory
// router of API paths that records every request it sees.
import { vi } from 'vitest';

export interface Captured {
  method: string;
  path: string; // after /api/
  url: string;
  query: URLSearchParams;
  body: URLSearchParams | null;
  rawBody: string | null;
  headers: Record<string, string>;
}

type Handler = (req: Captured) => Response | Promise<Response> | unknown;

export const ok = (results: unknown) => json(200, { message: 'OK', data: { results } });

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function fakeServer() {
  const handlers = new Map<string, Handler>();
  const requests: Captured[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const rawBody = typeof init.body === 'string' ? init.body : null;
    const req: Captured = {
      method: init.method ?? 'GET',
      path,
      url: String(input),
      query: url.searchParams,
      body: rawBody === null ? null : new URLSearchParams(rawBody),
      rawBody,
      headers: Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    };
    requests.push(req);
    const handler = handlers.get(`${req.method} ${path}`);
    if (!handler) return json(404, { message: `no handler for ${req.method} ${path}`, code: 404 });
    const res = await handler(req);
    return res instanceof Response ? res : ok(res);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return {
    requests,
    fetch: fetchImpl,
    on(method: string, path: string, handler: Handler) {
      handlers.set(`${method} ${path}`, handler);
      return this;
    },
    /** Requests to one path, in order. */
    calls(path: string) {
      return requests.filter((r) => r.path === path);
    },
  };
}

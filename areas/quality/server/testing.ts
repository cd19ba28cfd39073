// Test helpers of the quality area's API tests: calls to scmapi/inspection/… in a user's language,
// the answer's results (any other status throws with the body), a step with the document's version.
import type { ApiResponse, TestServer } from '@seamline/server/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ok(res: ApiResponse): any {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}

/** A drawn signature as the pad sends it (a 1 × 1 PNG): `act('finish', …)` signs with it unless the test gives one. */
export const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** `server` is read at each call: the tests start it in beforeAll. */
export function inspectionCalls(server: () => TestServer) {
  const call = (method: string, path: string, token: string, opts: { json?: unknown; query?: Record<string, string>; lang?: string } = {}) =>
    server().call(method, path, { token, json: opts.json, query: opts.query, headers: opts.lang ? { 'x-seamline-lang': opts.lang } : {} });
  const post = (path: string, token: string, data: unknown, lang?: string) => call('POST', `scmapi/inspection/${path}`, token, { json: { DATA: data }, lang });
  const get = (path: string, token: string, query: Record<string, string>) => call('GET', `scmapi/inspection/${path}`, token, { query });
  const act = (action: string, token: string, doc: Doc, extra: Doc = {}, lang?: string) =>
    post(action, token, { id: doc.id, version: doc.version, ...(action === 'finish' ? { signature: SIGNATURE } : {}), ...extra }, lang);
  return { call, post, get, act };
}

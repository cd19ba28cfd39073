// A real OpenID Connect provider for the tests (oauth2-mock-server on 127.0.0.1): discovery, an
// authorize endpoint that answers at once with a code (the person 'signed in' is `as`), PKCE and
// nonce checked by the library, and this wrapper refusing a wrong client secret or a redirect
// address that differs from the one the code was issued for — as a real provider would.
import { OAuth2Server } from 'oauth2-mock-server';

export const TEST_CLIENT_ID = 'seamline-test';
export const TEST_CLIENT_SECRET = 'provider-secret';

export interface TestProvider {
  issuer: string;
  /** The provider user id the next authorization signs in as. */
  as(subject: string): void;
  /** Changes the claims of the next ID token (a provider that misbehaves). */
  tamperNext(fn: (claims: Record<string, unknown>) => void): void;
  /** Token requests seen, for assertions about the exchange. */
  tokenRequests: Record<string, string>[];
  /** One adapter's entry of THIRD_PARTY_LOGINS pointing here. */
  adapter: { issuer: string; client_id: string; client_secret: string };
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let subject = 'nobody';
  let tamper: ((claims: Record<string, unknown>) => void) | null = null;
  const codes = new Map<string, { subject: string; redirectUri: string }>();
  const tokenRequests: Record<string, string>[] = [];

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query: Record<string, string> }) => {
    const code = redirect.url.searchParams.get('code');
    if (code) codes.set(code, { subject, redirectUri: req.query.redirect_uri ?? '' });
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body: Record<string, string> }) => {
    const issued = codes.get(req.body.code ?? '');
    if (issued) token.payload.sub = issued.subject;
    if (tamper && 'aud' in token.payload) {
      tamper(token.payload);
      tamper = null;
    }
  });
  server.service.on('beforeResponse', (response: { body: unknown; statusCode: number }, req: { body: Record<string, string>; headers: Record<string, string> }) => {
    tokenRequests.push({ ...req.body, authorization: req.headers.authorization ?? '' });
    const issued = codes.get(req.body.code ?? '');
    const expected = `Basic ${Buffer.from(`${TEST_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString('base64')}`;
    if (!issued || req.headers.authorization !== expected || req.body.redirect_uri !== issued.redirectUri) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    }
    codes.delete(req.body.code ?? ''); // a code is good once
  });

  const issuer = server.issuer.url!;
  return {
    issuer,
    as: (s) => {
      subject = s;
    },
    tamperNext: (fn) => {
      tamper = fn;
    },
    tokenRequests,
    adapter: { issuer, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET },
    close: () => server.stop(),
  };
}

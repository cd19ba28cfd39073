// The OpenID Connect authorization-code exchange every third-party adapter uses: discovery,
// PKCE (S256), state and nonce, the code exchange and the ID token's verification (jose).
// The state is a JWE only this platform can read or make (a key derived from the stored login
// key, so every node and restart agrees): it carries the company, provider, purpose, PKCE
// verifier, nonce and redirect address, and expires after 10 minutes — no table needed.
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { EncryptJWT, createRemoteJWKSet, jwtDecrypt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { BizError, type Db } from '@seamline/server/api';
import { loginKey } from './loginKey';
import { type ProviderConfig, type ThirdPartyType } from './thirdPartyConfig';

const STATE_TTL_S = 600;
const FETCH_TIMEOUT_MS = 15_000;

export type FlowPurpose = 'login' | 'bind';

export interface FlowState {
  purpose: FlowPurpose;
  type: ThirdPartyType;
  clientId: string;
  companyCode: string;
  redirectUri: string;
  verifier: string;
  nonce: string;
  /** bind: the signed-in owner who started it. */
  userId?: string;
}

/** What a 'not bound yet' answer carries: proof of the provider id, to bind after a password sign-in. */
export interface BindTicket {
  type: ThirdPartyType;
  clientId: string;
  subject: string;
}

/** A bind ticket as opened: its own id (spent once, thirdParty.ts) and expiry (Unix seconds) too. */
export type OpenedBindTicket = BindTicket & { jti: string; exp: number };

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  issuer: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

const keys = new WeakMap<Db, Promise<Uint8Array>>();
function stateKey(db: Db): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = loginKey(db).then(({ privateKey }) =>
      new Uint8Array(hkdfSync('sha256', privateKey.export({ format: 'der', type: 'pkcs8' }), 'seamline', 'third-party-state', 32)),
    );
    keys.set(db, key);
  }
  return key;
}

async function seal(db: Db, kind: string, claims: Record<string, unknown>): Promise<string> {
  return new EncryptJWT({ ...claims, kind })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${STATE_TTL_S}s`)
    .encrypt(await stateKey(db));
}

async function open<T>(db: Db, kind: string, token: unknown): Promise<T> {
  if (typeof token !== 'string' || !token || token.length > 4000) throw new BizError('access.thirdPartyStateInvalid');
  try {
    const { payload } = await jwtDecrypt(token, await stateKey(db));
    if (payload.kind !== kind) throw new Error('wrong kind');
    return payload as T;
  } catch {
    throw new BizError('access.thirdPartyStateInvalid');
  }
}

export const sealBindTicket = (db: Db, ticket: BindTicket) => seal(db, 'bind-ticket', { ...ticket, jti: b64url(randomBytes(16)) });
export async function openBindTicket(db: Db, token: unknown): Promise<OpenedBindTicket> {
  const ticket = await open<OpenedBindTicket>(db, 'bind-ticket', token);
  if (typeof ticket.jti !== 'string' || !ticket.jti) throw new BizError('access.thirdPartyStateInvalid');
  return ticket;
}

/** A temporary token handed to a partner service (sf/send-temp-token): who, in which company. */
export interface TempToken {
  userId: string;
  clientId: string;
}
export const sealTempToken = (db: Db, who: TempToken) => seal(db, 'temp-token', { ...who });
export const openTempToken = (db: Db, token: unknown) => open<TempToken & { exp: number }>(db, 'temp-token', token);
export const SEALED_TTL_S = STATE_TTL_S;

const discoveries = new Map<string, Promise<Discovery>>();
async function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetchJson(`${issuer}/.well-known/openid-configuration`).then((doc) => {
      const d = doc as Partial<Discovery>;
      if (!d.authorization_endpoint || !d.token_endpoint || !d.jwks_uri) throw new Error('incomplete discovery document');
      return d as Discovery;
    });
    // A provider that was down must be asked again next time.
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

const jwkSets = new Map<string, JWTVerifyGetKey>();
const jwksOf = (uri: string) => {
  let set = jwkSets.get(uri);
  if (!set) jwkSets.set(uri, (set = createRemoteJWKSet(new URL(uri), { timeoutDuration: FETCH_TIMEOUT_MS })));
  return set;
};

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** Begins a flow: the provider's authorize address (PKCE S256, state, nonce) and the state. */
export async function beginFlow(db: Db, provider: ProviderConfig, flow: Omit<FlowState, 'verifier' | 'nonce'>): Promise<{ authorize_url: string; state: string }> {
  const discovery = await discover(provider.issuer).catch(() => {
    throw new BizError('access.thirdPartyUnreachable');
  });
  const verifier = b64url(randomBytes(32));
  const nonce = b64url(randomBytes(16));
  const state = await seal(db, 'state', { ...flow, verifier, nonce });
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: flow.redirectUri,
    scope: provider.scope,
    state,
    nonce,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return { authorize_url: url.toString(), state };
}

export const readState = (db: Db, state: unknown) => open<FlowState>(db, 'state', state);

/**
 * Exchanges the code (with the PKCE verifier and the client secret) and verifies the ID token:
 * signature from the provider's keys, issuer, audience, expiry and the nonce of this flow.
 * Returns the provider's subject (the user id the account is bound to).
 */
export async function finishFlow(provider: ProviderConfig, state: FlowState, code: unknown): Promise<string> {
  if (typeof code !== 'string' || !code || code.length > 2000) throw new BizError('access.thirdPartyStateInvalid');
  let idToken: unknown;
  let discovery: Discovery;
  try {
    discovery = await discover(provider.issuer);
    const answer = (await fetchJson(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: state.redirectUri, code_verifier: state.verifier }),
    })) as { id_token?: unknown };
    idToken = answer.id_token;
  } catch {
    throw new BizError('access.thirdPartyFailed');
  }
  if (typeof idToken !== 'string') throw new BizError('access.thirdPartyFailed');
  try {
    const { payload } = await jwtVerify(idToken, jwksOf(discovery.jwks_uri), { issuer: discovery.issuer ?? provider.issuer, audience: provider.clientId });
    if (payload.nonce !== state.nonce) throw new Error('nonce mismatch');
    if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255) throw new Error('no subject');
    return payload.sub;
  } catch {
    throw new BizError('access.thirdPartyFailed');
  }
}

// The browser's side of a third-party sign-in or binding (docs/third-party-logins.md): before
// leaving for the provider it keeps the flow's state in sessionStorage, and on the way back it
// accepts only an answer carrying that same state (a sign-in started in another browser or by a
// forged link goes nowhere). An unbound sign-in keeps its bind ticket here until the owner has
// signed in with the password.
import { api, loadUserState, langOfUser, storeTokens, type TokenSet, setLang } from '@seamline/web/engine';
import { accessPaths } from './paths';

const STATE_KEY = 'seamline.third.state';
const TYPE_KEY = 'seamline.third.type';
const TICKET_KEY = 'seamline.third.ticket';

export const thirdPaths = {
  ddPrepared: accessPaths.ddPreparedLogin,
  ddLogin: accessPaths.ddLogin,
  qw3rdLogin: accessPaths.qw3rdLogin,
  bindQywx: accessPaths.bindQywx,
  mine: 'thirdpartyapi/third-login/mine',
  bindStart: 'thirdpartyapi/third-login/bind-start',
  bind: 'thirdpartyapi/third-login/bind',
  unbind: 'thirdpartyapi/third-login/unbind',
};

export interface Started {
  authorize_url: string;
  state: string;
  type: string;
  provider: string;
}

export interface Unbound {
  bound: false;
  type: string;
  provider: string;
  message: string;
  bind_ticket: string;
}

export type LoginAnswer = (TokenSet & { username: string }) | Unbound;

/** Leaves for the provider, remembering which flow this browser started. */
export function goToProvider(started: Started): void {
  sessionStorage.setItem(STATE_KEY, started.state);
  sessionStorage.setItem(TYPE_KEY, started.type);
  window.location.assign(started.authorize_url);
}

/** The provider type of the flow this browser started last. */
export const startedType = () => sessionStorage.getItem(TYPE_KEY) ?? '';

/** The provider's answer in the address, if it belongs to a flow this browser started. */
export function returnedAnswer(search: string): { params: Record<string, string>; ours: boolean } | null {
  const params = Object.fromEntries(new URLSearchParams(search));
  if (!params.code && !params.error) return null;
  // Already being answered (the page rendered again): the state was ours and has been spent.
  const ours = Boolean(params.state) && (sent.has(answerKey(params)) || sessionStorage.getItem(STATE_KEY) === params.state);
  return { params, ours };
}

// One exchange per answer, however often the page renders: a code is good once.
const sent = new Map<string, Promise<unknown>>();
const answerKey = (params: Record<string, string>) => `${params.code ?? params.error}|${params.state ?? ''}`;
export function sendOnce<T>(params: Record<string, string>, send: () => Promise<T>): Promise<T> {
  const key = answerKey(params);
  let p = sent.get(key) as Promise<T> | undefined;
  if (!p) {
    p = send();
    sent.set(key, p);
    void p.finally(() => sessionStorage.removeItem(STATE_KEY)).catch(() => undefined);
  }
  return p;
}

/** A signed-in answer: tokens stored, profile loaded, language applied — as a password sign-in. */
export async function completeSignIn(tokens: TokenSet & { username: string }): Promise<void> {
  storeTokens(tokens);
  const user = await loadUserState();
  setLang(langOfUser(user));
}

export function keepBindTicket(answer: Unbound): void {
  sessionStorage.setItem(TICKET_KEY, answer.bind_ticket);
}

/** After a password sign-in: links the pending third-party id to the account just signed in. */
export async function bindPendingTicket(): Promise<void> {
  const ticket = sessionStorage.getItem(TICKET_KEY);
  if (!ticket) return;
  sessionStorage.removeItem(TICKET_KEY);
  await api.post(thirdPaths.bind, { bind_ticket: ticket });
}

// Signed-in routes: core tokenDecision runs before anything renders (refreshing if due), and the
// profile is loaded once. No session → /login?navipath=…&naviparams_…=…&<query> (spec §2, SES-10).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginRedirectUrl, parseLoginRedirect } from '@seamline/core';
import { validToken } from '../api/client';
import { SignedOutError } from '../api/errors';
import { loadUserState } from '../session/actions';
import { endSession } from '../session/endSession';
import { storedToken } from '../session/storage';
import { sessionStore } from '../session/store';

function definedParams(params: LoaderFunctionArgs['params']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && k !== '*') out[k] = v;
  return out;
}

export async function requireSession({ request, params }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const toLogin = () => redirect(loginRedirectUrl(url.pathname, definedParams(params), url.search));
  try {
    await validToken();
    if (!sessionStore.get()) await loadUserState({ notify: false, redirectOn401: false });
  } catch (err) {
    if (err instanceof SignedOutError) {
      endSession(false);
      throw toLogin();
    }
    throw err; // the route's error element offers a retry
  }
  return null;
}

/**
 * /login while signed in goes on to the workbench (or the navipath it carries). Only a stored token
 * that is still good (or refreshes) counts: a dead session stays on the form, without a call.
 */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  if (!storedToken()) return null;
  try {
    await validToken();
  } catch {
    return null;
  }
  throw redirect(signedInTarget(new URL(request.url).search));
}

/**
 * Where a sign-in goes: the navipath /login carries, else '/', which opens the personal start page
 * (HomeRedirect reads START_PAGE).
 */
export function signedInTarget(search: string): string {
  return new URLSearchParams(search).has('navipath') ? parseLoginRedirect(search) : '/';
}

/** Every navigation re-checks the token, not only those that change params. */
export const alwaysRevalidate = () => true;

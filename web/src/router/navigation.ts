// The request client lives outside React but must send the browser to /login on a 401. The app
// (or a test) registers its data router here; window.location is the fallback before that.
import { isLoginPath, loginRedirectUrl } from '@seamline/core';

export interface RouterLike {
  navigate(to: string, opts?: { replace?: boolean }): unknown;
  state: {
    location: { pathname: string; search: string };
    matches: { params: Record<string, string | undefined> }[];
  };
}

let router: RouterLike | null = null;

export function registerRouter(r: RouterLike | null): void {
  router = r;
}

export function currentLocation(): { pathname: string; search: string; params: Record<string, string> } {
  if (router) {
    const { location, matches } = router.state;
    const raw = matches.at(-1)?.params ?? {};
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (v !== undefined && k !== '*') params[k] = v;
    return { pathname: location.pathname, search: location.search, params };
  }
  return { pathname: window.location.pathname, search: window.location.search, params: {} };
}

export function go(to: string, replace = false): void {
  if (router) void router.navigate(to, { replace });
  else window.location.assign(to);
}

/** After a 401 or a failed refresh: /login?navipath=…, unless already on a /login path (SES-17). */
export function redirectToLogin(): void {
  const { pathname, search, params } = currentLocation();
  if (isLoginPath(pathname)) return;
  go(loginRedirectUrl(pathname, params, search), true);
}

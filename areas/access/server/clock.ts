// The account lifecycle's clock. Expiries (reset links, verification codes, invitations) and the
// request throttle read it, so tests can move time forward instead of waiting ten minutes.
let current: () => Date = () => new Date();

export const now = (): Date => current();

/** Tests only: replace the clock; call with no argument to go back to real time. */
export function setClock(clock?: () => Date): void {
  current = clock ?? (() => new Date());
}

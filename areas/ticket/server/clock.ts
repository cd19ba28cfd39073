// The ticket area's clock: deadlines, remaining time and the comment-delete window read it, so a
// test can move time (setTicketClock) instead of waiting days.
let current: () => Date = () => new Date();

export const ticketNow = (): Date => current();

/** Tests only: replace the clock; call with no argument to go back to real time. */
export function setTicketClock(now?: () => Date): void {
  current = now ?? (() => new Date());
}

// User types mean what they say (issue 11, docs/security.md 'User types'), checked once for every
// signed-in route in routes.ts before its handler runs, so no area can forget it:
// - GUEST reads. A POST or DELETE route refuses guests (403 'auth.guestReadOnly') unless it
//   declares `guest: true` — the guest's own session, password, profile and personal settings, or
//   a POST that only reads. The engine's canWrite refuses them too (engine/actor.ts).
// - UNASSIGNED (a membership the company administrator has not given a type yet) and INVITED (not
//   accepted) may hold a session but do nothing with it except what declares `unassigned: true`:
//   user-state (which shows them that they await assignment), logout and switching to another
//   company. Everything else answers 403 'auth.awaitingAssignment'.
// The platform super admin is never held back by the type of a membership.
import type { Session } from './auth/session';
import { HttpError } from './errors';
import { registerMessages } from './i18n';

registerMessages({
  en: {
    'auth.guestReadOnly': 'Guests can view but not change anything',
    'auth.awaitingAssignment': 'Your account is waiting for the company administrator to assign you; please try again later',
  },
  zh: {
    'auth.guestReadOnly': '访客只能查看，不能修改',
    'auth.awaitingAssignment': '您的账号正在等待企业管理员分配，请稍后再试',
  },
});

/** Membership types that open a session for nothing but seeing that it awaits assignment. */
export const AWAITING_TYPES: readonly string[] = ['UNASSIGNED', 'INVITED'];

export const isGuestSession = (s: Pick<Session, 'userType' | 'isSuperAdmin'>): boolean => s.userType === 'GUEST' && !s.isSuperAdmin;

export const awaitsAssignment = (s: Pick<Session, 'userType' | 'isSuperAdmin'>): boolean =>
  AWAITING_TYPES.includes(s.userType) && !s.isSuperAdmin;

/** Methods that change something: what a guest may not call unless the route says so. */
export const WRITE_METHODS: readonly string[] = ['POST', 'DELETE', 'PUT', 'PATCH'];

export function checkUserType(session: Session, method: string, options: { guest?: boolean; unassigned?: boolean }): void {
  if (awaitsAssignment(session) && !options.unassigned) throw new HttpError(403, 'auth.awaitingAssignment');
  if (isGuestSession(session) && WRITE_METHODS.includes(method) && !options.guest) throw new HttpError(403, 'auth.guestReadOnly');
}

// What the engine's screens read about the signed-in user: the session context that field
// conditions and role requirements see (spec §6), and who may write or run a transition. The
// server decides for real; these only keep buttons a user cannot use off the screen.
import { useMemo } from 'react';
import { rolesAllow, type EntityDef, type SessionContext, type TransitionDef } from '@seamline/core';
import { useSessionUser } from '../session/store';
import type { SessionUser } from '../session/types';

export type RouteAction = 'create' | 'edit' | 'view';

/** The session user as conditions read it (`session.license_type`, …), with dashroles always a list. */
export function sessionContextOf(user: SessionUser | null): SessionContext {
  const roles = Array.isArray(user?.dashroles) ? user.dashroles.filter((r): r is string => typeof r === 'string') : [];
  return { ...(user ?? {}), dashroles: roles };
}

export function useSessionContext(): SessionContext {
  const user = useSessionUser();
  return useMemo(() => sessionContextOf(user), [user]);
}

/** A company administrator (user type ADMIN) or the platform's super admin. */
export function isAdmin(session: SessionContext): boolean {
  return session.user_type === 'ADMIN' || session.is_super_admin === true;
}

/** A guest (user type GUEST) reads only (the server refuses their writes too). */
const isGuest = (session: SessionContext) => session.user_type === 'GUEST' && session.is_super_admin !== true;

/** Write: administrators, or a user meeting `permissions.write` (no requirement → administrators only). */
export function canWrite(def: EntityDef, session: SessionContext): boolean {
  if (isGuest(session)) return false;
  const req = def.permissions?.write;
  return isAdmin(session) || (!!req && rolesAllow(req, session.dashroles, 'edit'));
}

/** A transition: its own roles when given (administrators always may), else the write permission. */
export function canTransition(def: EntityDef, tr: TransitionDef, session: SessionContext): boolean {
  if (isGuest(session)) return false;
  return tr.roles ? isAdmin(session) || rolesAllow(tr.roles, session.dashroles, 'edit') : canWrite(def, session);
}

/** The transitions a document in its current status allows this user. */
export function allowedTransitions(def: EntityDef, doc: Record<string, unknown> | undefined, session: SessionContext): TransitionDef[] {
  if (!def.status || !doc) return [];
  const raw = doc[def.status.field];
  const status = raw === null || raw === undefined ? '' : String(raw);
  return (def.transitions ?? []).filter((tr) => tr.from.includes(status) && canTransition(def, tr, session));
}

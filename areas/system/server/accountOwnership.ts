// Accounts belong to their owners (issue 11, docs/security.md 'Accounts and identities'). A user
// is a platform account (app_user) shared by every company it belongs to, so a company
// administrator manages only the membership in their own company (roles, user type, invite,
// remove, freeze of an account nobody else shares) and never the account's credentials or
// identity: password, username, email and the third-party ids are the owner's (profile, password
// change with the current password, the mailed reset link) or the platform super admin's. An
// account that is a super admin, or that also belongs to another company, is not theirs at all
// beyond the membership: its whole profile is locked for them.
import { t, type Lang } from '@seamline/core';
import { appUser, count, eq, forbidden, userClient, type Db, type Session } from '@seamline/server/api';
import { FieldCheck } from './adminInput';

/** Credentials and identity: what signs in, where reset links go, and the linked sign-ins. */
export const IDENTITY_FIELDS = ['username', 'email', 'wx_id', 'qywx_id', 'dd_id'] as const;

export interface AccountFacts {
  isSuperAdmin: boolean;
  /** Companies the account belongs to (all of them, not only the caller's). */
  companies: number;
}

/** Read outside the tenant: the other companies' memberships are invisible inside it. */
export async function accountFacts(db: Db, userId: string): Promise<AccountFacts> {
  return db.asSystem(async (tx) => {
    const [user] = await tx.select({ isSuperAdmin: appUser.isSuperAdmin }).from(appUser).where(eq(appUser.id, userId));
    const [{ n }] = await tx.select({ n: count() }).from(userClient).where(eq(userClient.userId, userId));
    return { isSuperAdmin: Boolean(user?.isSuperAdmin), companies: Number(n) };
  });
}

export type Caller = Pick<Session, 'isSuperAdmin'>;

/** A company administrator may not touch a super admin's account or membership at all (403). */
export function assertMayManage(caller: Caller, target: AccountFacts): void {
  if (target.isSuperAdmin && !caller.isSuperAdmin) throw forbidden();
}

/**
 * The fields of an existing account the caller may not change ('password' included): none for the
 * super admin; every profile field of an account shared with other companies (or a super admin's);
 * else the identity fields and the password.
 */
export function lockedFields(caller: Caller, target: AccountFacts, profileFields: readonly string[]): string[] {
  if (caller.isSuperAdmin) return [];
  if (target.isSuperAdmin || target.companies > 1) return [...profileFields, 'password'];
  return [...IDENTITY_FIELDS, 'password'];
}

const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * Refuses (11000, per field) a change to a locked field. Posting a locked field's current value is
 * fine — the screen sends the whole form back — and a password is a change whenever it is given.
 */
export function refuseLockedChanges(
  locked: readonly string[],
  posted: Record<string, unknown>,
  current: Record<string, unknown>,
  password: string,
  lang: Lang,
): void {
  const check = new FieldCheck(lang);
  for (const field of locked) {
    if (field === 'password') {
      if (password) check.add('password', t(lang, 'admin.ownerOnly'));
    } else if (field in posted && norm(posted[field]) !== norm(current[field])) {
      check.add(field, t(lang, 'admin.ownerOnly'));
    }
  }
  check.throwIfAny();
}

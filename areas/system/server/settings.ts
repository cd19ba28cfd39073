// Personal settings per user per company (user_setting.settings, jsonb) — a service other areas
// use on purpose. Changes lock the row, so two tabs saving at once do not lose each other's keys.
import { and, eq, sql, userSetting, type Session, type Tx } from '@seamline/server/api';

export type Settings = Record<string, unknown>;
type Owner = Pick<Session, 'userId' | 'clientId'>;

const mine = (owner: Owner) => and(eq(userSetting.clientId, owner.clientId), eq(userSetting.userId, owner.userId));

export async function readSettings(tx: Tx, owner: Owner): Promise<Settings> {
  const rows = await tx.select({ settings: userSetting.settings }).from(userSetting).where(mine(owner));
  return rows[0]?.settings ?? {};
}

/** Read-modify-write under a row lock; the change function returns the complete new settings. */
export async function changeSettings(tx: Tx, owner: Owner, change: (current: Settings) => Settings): Promise<Settings> {
  await tx.insert(userSetting).values({ ...owner, createdBy: owner.userId, updatedBy: owner.userId }).onConflictDoNothing();
  const [row] = await tx.select({ settings: userSetting.settings }).from(userSetting).where(mine(owner)).for('update');
  const next = change(row?.settings ?? {});
  await tx
    .update(userSetting)
    .set({ settings: next, version: sql`${userSetting.version} + 1`, updatedBy: owner.userId, updatedAt: sql`now()` })
    .where(mine(owner));
  return next;
}

/** JSON merge-patch (RFC 7396) at the top level: a null value removes the key. */
export function mergeSettings(current: Settings, patch: Settings): Settings {
  const next: Settings = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

export const FAV_MENUS = 'FAV_MENUS';
export const PLATFORM_ID = 'PLATFORM_ID';

export function favouriteMenus(settings: Settings): string[] {
  const list = settings[FAV_MENUS];
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

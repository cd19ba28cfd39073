// Role requirements of fields and actions (spec §6): roles come from the session's dashroles.
import type { RoleRequirement } from './types';

/**
 * Does a user with these dashroles, on a route with this action, meet the requirement? Every
 * part that is present must hold (AND):
 * - `all`: the user has every listed role;
 * - `any`: the user has at least one listed role, or with `invert` none of them;
 * - `routeAction`: the route's action is exactly this value (an unknown route action fails).
 * No requirement, and empty `all`/`any` lists, allow everyone. Role names match case-sensitively.
 */
export function rolesAllow(
  req: RoleRequirement | undefined,
  dashroles: readonly string[] | undefined,
  routeAction?: string,
): boolean {
  if (!req) return true;
  const mine = new Set(dashroles ?? []);
  if (req.all && !req.all.every((r) => mine.has(r))) return false;
  if (req.any && req.any.length > 0) {
    const hasOne = req.any.some((r) => mine.has(r));
    if (req.invert ? hasOne : !hasOne) return false;
  }
  if (req.routeAction !== undefined && req.routeAction !== routeAction) return false;
  return true;
}

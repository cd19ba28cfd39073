// The platforms a user can switch between (spec §4 'platform switch'), titled in the session language.
// A platform is a view on the menus: it covers some menu categories (below) plus the shared ones.
// Switching changes navigation only (side menu, workbench cards, menu index); permissions and
// direct URLs stay as they are. docs/administration.md 'Platforms' explains the split.
import type { Lang } from '@seamline/core';
import { asc, platform, type Tx } from '@seamline/server/api';

export interface PlatformEntry {
  platform_id: string;
  platform_name: string;
}

export const DEFAULT_PLATFORM = 'SCM';

/**
 * The menu categories a platform covers of its own. A category no platform names here (system,
 * reports, collaboration, and any a deployment adds) is shared: every platform shows it. A
 * platform not named here (one a deployment adds) covers every category.
 */
export const PLATFORM_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  SCM: ['SRM', 'FACTORY', 'SCM', 'PLAN'],
  PLM: ['DEV'],
};

const claimed = new Set(Object.values(PLATFORM_CATEGORIES).flat());

/** Whether the platform's menus include those of `category`. */
export function coversCategory(platformId: string, category: string): boolean {
  const own = PLATFORM_CATEGORIES[platformId];
  return !own || !claimed.has(category) || own.includes(category);
}

export async function listPlatforms(tx: Tx, lang: Lang): Promise<PlatformEntry[]> {
  const rows = await tx.select().from(platform).orderBy(asc(platform.seq), asc(platform.code));
  return rows.map((p) => ({ platform_id: p.code, platform_name: lang === 'en' ? p.nameEn : p.nameZh }));
}

/**
 * The platforms worth offering to a user with these menus: those where the user has a menu of the
 * platform's own categories. With only shared menus (or one platform) there is nothing to switch
 * between, so the list is just the one the user is on.
 */
export function offeredPlatforms(all: PlatformEntry[], menus: readonly { CATEGORY: string }[], wanted: unknown): PlatformEntry[] {
  const offered = all.filter((p) => {
    const own = PLATFORM_CATEGORIES[p.platform_id];
    return !own || menus.some((m) => own.includes(m.CATEGORY));
  });
  return offered.length > 0 ? offered : [pickPlatform(all, wanted)];
}

/** The stored platform if offered, else the default, else the first offered. */
export function pickPlatform(platforms: PlatformEntry[], wanted: unknown): PlatformEntry {
  return (
    platforms.find((p) => p.platform_id === wanted) ??
    platforms.find((p) => p.platform_id === DEFAULT_PLATFORM) ??
    platforms[0] ?? { platform_id: DEFAULT_PLATFORM, platform_name: DEFAULT_PLATFORM }
  );
}

/** The session user's platform view: the list to switch between, the current one and its menus. */
export function platformView<M extends { CATEGORY: string }>(all: PlatformEntry[], menus: M[], wanted: unknown) {
  const platform_list = offeredPlatforms(all, menus, wanted);
  const current = pickPlatform(platform_list, wanted);
  return { platform_list, current, menus: menus.filter((m) => coversCategory(current.platform_id, m.CATEGORY)) };
}

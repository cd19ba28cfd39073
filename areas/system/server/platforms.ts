// The platforms a user can switch between (spec §4 'platform switch'), titled in the session language.
import type { Lang } from '@seamline/core';
import { asc, platform, type Tx } from '@seamline/server/api';

export interface PlatformEntry {
  platform_id: string;
  platform_name: string;
}

export const DEFAULT_PLATFORM = 'SCM';

export async function listPlatforms(tx: Tx, lang: Lang): Promise<PlatformEntry[]> {
  const rows = await tx.select().from(platform).orderBy(asc(platform.seq), asc(platform.code));
  return rows.map((p) => ({ platform_id: p.code, platform_name: lang === 'en' ? p.nameEn : p.nameZh }));
}

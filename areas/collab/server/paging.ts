// Paging of the area's lists: `page` (1-based) and `size` as query parameters, or inside `p`
// (the engine's JSON form), size at most 100.
export function pageOf(query: Record<string, unknown>): { page: number; size: number } {
  let source: Record<string, unknown> = query;
  if (typeof query.p === 'string' && query.p.startsWith('{')) {
    try {
      source = { ...query, ...(JSON.parse(query.p) as Record<string, unknown>) };
    } catch {
      /* fall back to the plain parameters */
    }
  }
  const int = (v: unknown, d: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : d;
  };
  return { page: int(source.page, 1), size: Math.min(int(source.size, 20), 100) };
}

export const paged = <T>(rows: T[], total: number, page: number, size: number) => ({ rows, total, page, size });

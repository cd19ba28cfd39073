// Paging of the area's lists: `page` (1-based) and `size` as query parameters, or inside `p`
// (the engine's JSON form), size at most 100; out of range is 400 (server/src/input.ts pageParams).
import { pageParams } from '@seamline/server/api';

export const pageOf = (query: Record<string, unknown>): { page: number; size: number } => pageParams(query, { maxSize: 100 });

export const paged = <T>(rows: T[], total: number, page: number, size: number) => ({ rows, total, page, size });

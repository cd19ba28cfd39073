// Small helpers of the development server code: raw rows, ids, versions, today.

export type Row = Record<string, any>;

// The engine's helpers under the names this area's code uses.
export { expectedVersion as versionOf, recordId as idOf, sqlRows as rows } from '@seamline/server/api';

/** Today as 'YYYY-MM-DD' in UTC (T&A days are whole calendar days). */
export const today = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

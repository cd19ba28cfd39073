// Serial numbers (spec §3 'SN config', §9): a company's series `code` gives
// prefix + date part + zero-padded counter + suffix. Counters are allocated inside the saving
// transaction with one upsert, so concurrent saves get distinct numbers; a rolled-back save
// gives its numbers back, a committed one never repeats them.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { serialNumberConfig, serialNumberCounter } from './platformTables';

export interface SerialConfig {
  code: string;
  prefix: string;
  datePrefix: string;
  suffix: string;
  length: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A dayjs-like date pattern: YYYY, YY, MM, DD (server local time); other characters stay. */
export function formatDatePattern(pattern: string, now: Date): string {
  return pattern.replace(/YYYY|YY|MM|DD/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(now.getFullYear());
      case 'YY':
        return String(now.getFullYear()).slice(-2);
      case 'MM':
        return pad2(now.getMonth() + 1);
      default:
        return pad2(now.getDate());
    }
  });
}

export function formatSerial(config: SerialConfig, period: string, n: number): string {
  return `${config.prefix}${period}${String(n).padStart(Math.max(0, config.length), '0')}${config.suffix}`;
}

/** The enabled series `code` of the company, or null. */
export async function serialConfig(tx: Tx, clientId: string, code: string): Promise<SerialConfig | null> {
  const [row] = await tx
    .select({
      code: serialNumberConfig.code,
      prefix: serialNumberConfig.prefix,
      datePrefix: serialNumberConfig.datePrefix,
      suffix: serialNumberConfig.suffix,
      length: serialNumberConfig.length,
    })
    .from(serialNumberConfig)
    .where(and(eq(serialNumberConfig.clientId, clientId), eq(serialNumberConfig.code, code), eq(serialNumberConfig.flag, 1)))
    .limit(1);
  return row ?? null;
}

/** The next `count` numbers of the series (one statement, whatever the count). */
export async function allocateSerials(tx: Tx, clientId: string, config: SerialConfig, count: number, now = new Date()): Promise<string[]> {
  if (count <= 0) return [];
  const period = formatDatePattern(config.datePrefix, now);
  const [row] = await tx
    .insert(serialNumberCounter)
    .values({ clientId, code: config.code, period, last: count })
    .onConflictDoUpdate({
      target: [serialNumberCounter.clientId, serialNumberCounter.code, serialNumberCounter.period],
      set: { last: sql`${serialNumberCounter.last} + ${count}`, updatedAt: sql`now()` },
    })
    .returning({ last: serialNumberCounter.last });
  const last = Number(row.last);
  return Array.from({ length: count }, (_, i) => formatSerial(config, period, last - count + 1 + i));
}

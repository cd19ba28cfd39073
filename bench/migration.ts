// How long a migration that rewrites a large table takes (issue 28, upgrades): BENCH_ROWS (default
// 1,000,000) vendors of one company, then two new NOT NULL columns on md_vendor as a migration
// would add them — with a constant default (PostgreSQL 11+ stores the default in the catalogue:
// no rewrite) and with a volatile one (every row rewritten, indexes rebuilt) — each timed, then
// rolled back. `npx tsx bench/migration.ts`; DATABASE_URL runs it on PostgreSQL, else PGlite.
// docs/benchmarks.md records figures.
import { sql } from '@seamline/server/api';
import { openTestDatabase } from '../server/src/testing/templates';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

export async function benchMigration() {
  const { db, close } = await openTestDatabase();
  try {
    const clientId = ((await db.asSystem((tx) => tx.execute(sql`select id from client where code = 'DEMO_BRAND'`))) as { rows: Array<{ id: string }> }).rows[0].id;
    let started = Date.now();
    for (let from = 1; from <= ROWS; from += 100_000) {
      const to = Math.min(ROWS, from + 99_999);
      await db.asSystem((tx) =>
        tx.execute(sql`insert into md_vendor (client_id, code, short_name, full_name, category, grade, status, currency)
          select ${clientId}::uuid, 'BV' || lpad(g::text, 7, '0'), 'Vendor ' || g, 'Bench Vendor ' || g || ' Co., Ltd.',
                 (array['FABRIC','TRIM','GARMENT'])[1 + g % 3], (array['A','B','C'])[1 + g % 3], (array['0','10','40'])[1 + g % 3], 'CNY'
          from generate_series(${from}::int, ${to}::int) g`),
      );
    }
    await db.asSystem((tx) => tx.execute(sql`analyze md_vendor`));
    console.log(`inserted ${ROWS} vendors in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    class Rollback extends Error {}
    const timed = async (label: string, ddl: string) => {
      let ms = 0;
      await db
        .asSystem(async (tx) => {
          await tx.execute(sql`reset role`); // the owner alters tables, as the migrator does
          started = performance.now();
          await tx.execute(sql.raw(ddl));
          ms = performance.now() - started;
          throw new Rollback();
        })
        .catch((err) => {
          if (!(err instanceof Rollback)) throw err;
        });
      console.log(`${label}: ${(ms / 1000).toFixed(2)} s`);
    };
    await timed('add column … not null default constant (no rewrite)', `alter table md_vendor add column bench_flag text not null default 'x'`);
    await timed('add column … not null default volatile (rewrite)', `alter table md_vendor add column bench_key uuid not null default gen_random_uuid()`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMigration();

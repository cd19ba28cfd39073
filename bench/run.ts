// `npm run bench`: the figures of docs/benchmarks.md measured from outside (issue 29, bench/figures.ts:
// each server its own process as `npm start` runs it, the load generator another, interleaved rounds,
// the load average beside every figure). Never part of `npm test`.
//   npm run bench -- --quick                       smaller data, shorter runs (still 3 rounds)
//   npm run bench -- --only user-state,list,mix,start,profile
//   npm run bench -- --rows 200000 --rounds 5 --seconds 10
// DATABASE_URL runs on PostgreSQL (the list and the mix need it). The benches not ported yet still
// run in-process through the old harness (bench/harness.ts): --only import|interleave|fanout|login|allocation|scan|stock|mrp.
import { benchList, benchProfile, benchStart, benchUserState, parseOptions } from './figures';

const o = parseOptions(process.argv.slice(2));
const want = (name: string) => (o.only ? o.only.has(name) : name !== 'profile');

if (want('user-state')) await benchUserState(o);
if (want('list') || want('mix')) await benchList(o, want('list'), want('mix'));
if (want('start')) await benchStart(o);
if (want('profile')) await benchProfile(o);

// The old harness (in-process load generator): only when asked by name.
const old: Record<string, () => Promise<unknown>> = {
  import: async () => (await import('./import')).benchImport(),
  // issue 22: the other company's list while one company imports/exports 100,000 rows
  interleave: async () => (await import('./interleave')).benchInterleave(),
  fanout: async () => (await import('./fanout')).benchFanout(),
  login: async () => (await import('./login')).benchLogin(),
  allocation: async () => (await import('./allocation')).benchAllocation(),
  scan: async () => (await import('./scan')).benchScan(),
  stock: async () => (await import('./stock')).benchStock(),
  // issue 27: the material requirement of 50 styles × 8 colours × 8 sizes against 10,000 stock rows
  mrp: async () => (await import('./mrp')).benchMrp(),
  // issue 28: /healthz and /readyz against a bare route (own processes), backup and restore times
  health: async () => (await import('./ops')).benchHealth(),
  backup: async () => (await import('./ops')).benchBackup(),
};
for (const [name, run] of Object.entries(old)) if (o.only?.has(name)) await run();

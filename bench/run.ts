// `npm run bench`: every benchmark, one after another (never part of `npm test`).
// BENCH_ONLY=user-state|vendor-list|import picks one; DATABASE_URL runs them on PostgreSQL.
import { benchUserState } from './user-state';
import { benchVendorList } from './vendor-list';
import { benchImport } from './import';

const only = process.env.BENCH_ONLY;
if (!only || only === 'user-state') await benchUserState();
if (!only || only === 'vendor-list') await benchVendorList();
if (!only || only === 'import') await benchImport();

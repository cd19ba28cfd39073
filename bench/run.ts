// `npm run bench`: every benchmark, one after another (never part of `npm test`).
// BENCH_ONLY=user-state|vendor-list|import|fanout|start|login picks one; DATABASE_URL runs them on PostgreSQL.
import { benchUserState } from './user-state';
import { benchVendorList } from './vendor-list';
import { benchImport } from './import';
import { benchFanout } from './fanout';
import { benchStart } from './start';
import { benchLogin } from './login';
import { benchAllocation } from './allocation';
import { benchScan } from './scan';
import { benchStock } from './stock';

const only = process.env.BENCH_ONLY;
if (!only || only === 'user-state') await benchUserState();
if (!only || only === 'vendor-list') await benchVendorList();
if (!only || only === 'import') await benchImport();
if (!only || only === 'fanout') await benchFanout();
if (!only || only === 'start') await benchStart();
if (!only || only === 'login') await benchLogin();
if (!only || only === 'allocation') await benchAllocation();
if (!only || only === 'scan') await benchScan();
if (!only || only === 'stock') await benchStock();

// Test support ('@seamline/server/testing'): a real server on a fresh seeded database, real HTTP.
//
//   const srv = await startTestServer();           // in beforeAll
//   const me = await login(srv.call, 'brand.buyer');
//   const res = await srv.call('GET', 'utilsapi/access/user-state', { token: me.token });
//   await srv.close();                             // in afterAll
import '../engine/transfer/exceljsFix'; // before ExcelJS itself: multi-byte characters across chunks
import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { buildApp } from '../app';
import { AREAS } from '../areas';
import type { Config } from '../config';
import type { Db, Tx } from '../db';
import { menusChanged } from '../auth/sessionBus';
import { apiCaller, type Caller } from './http';
import { openTestDatabase } from './templates';

export { apiCaller, encryptCredentials, login, loginResponse, type ApiResponse, type Caller, type LoginResults } from './http';
export { openTestDatabase, type TestDatabase } from './templates';
// The app, the list of areas and the demo data, for tests that build their own server.
export { buildApp, AREAS };
export { seed } from '../seed';
// Workbooks and images up and down (engine/transfer), and a mail catcher (mail/testing).
export { download, pngOf, readXlsx, upload, xlsxOf } from '../engine/transfer/testing';
export { linkIn, startMailCatcher, type CaughtMail, type MailCatcher } from '../mail/testing';

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  call: Caller;
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Every log line the server wrote, as written (JSON text). */
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    tokenTtlS: 7200,
    refreshTokenTtlS: 604800,
    logLevel: 'info',
    webDist: undefined,
    trustProxy: false,
    ...overrides,
  };
}

export interface TestServerOptions {
  config?: Partial<Config>;
  /** Extra areas next to the platform's (e.g. a route that throws). */
  extraAreas?: readonly Area[];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = testConfig(options.config);
  const logs: string[] = [];
  const app = buildApp({
    db: database.db,
    config,
    areas: [...AREAS, ...(options.extraAreas ?? [])],
    logStream: { write: (line: string) => void logs.push(line) },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    call: apiCaller(url),
    app,
    db: database.db,
    config,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Writes grants — role menus, user roles, data rules — straight to the database (what the admin
 * screens do, without them) and, as those screens do, tells every node's menu and actor caches
 * (menuAccess.ts, engine/actor.ts) once the write commits.
 */
export function writeGrants(db: Db, clientId: string, write: (tx: Tx) => Promise<unknown>): Promise<void> {
  return db.asSystem(async (tx) => {
    await write(tx);
    await menusChanged({ clientIds: [clientId] }, tx);
  });
}

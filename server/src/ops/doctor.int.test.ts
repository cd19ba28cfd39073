// `npm run doctor` against real parts: an SMTP server of the test's own, a running server's
// /readyz, the local PostgreSQL and Redis when the run has them, and an address where nothing listens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../mail/testing';
import { startTestServer, type TestServer } from '../testing';
import { doctor, formatReport } from './doctor';

let mail: MailCatcher;
let dataDir: string;
let srv: TestServer;
beforeAll(async () => {
  mail = await startMailCatcher();
  dataDir = mkdtempSync(join(tmpdir(), 'seamline-doctor-'));
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
  await mail?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const base = () => ({ DATA_DIR: dataDir, PORT: '1', SMTP_URL: mail.url, PUBLIC_URL: 'http://localhost:3000' });
const finding = (report: Awaited<ReturnType<typeof doctor>>, check: string) => report.findings.filter((f) => f.check === check);

describe('npm run doctor', () => {
  it('says what is wrong with a configuration the server refuses, in plain words', async () => {
    const report = await doctor({ NODE_ENV: 'production' });
    expect(report.ok).toBe(false);
    expect(finding(report, 'configuration')[0]!.say).toMatch(/PUBLIC_URL must be set/);
  });

  it('on a new embedded database: nothing to open yet, mail server answering, files writable', async () => {
    const report = await doctor(base());
    expect(finding(report, 'database')[0]).toMatchObject({ ok: true });
    expect(finding(report, 'database')[0]!.say).toMatch(/no data yet/);
    expect(finding(report, 'mail')[0]).toMatchObject({ ok: true });
    expect(finding(report, 'file storage')[0]).toMatchObject({ ok: true });
    expect(report.ok).toBe(true);
    expect(formatReport(report)).toMatch(/Everything checked is in order/);
  });

  it('asks a running server on the configured port instead of opening its data directory', async () => {
    const port = new URL(srv.url).port;
    const report = await doctor({ ...base(), PORT: port });
    expect(finding(report, 'database')[0]!.say).toMatch(new RegExp(`server on port ${port} .* ready`));
  });

  it('names an unreachable database and mail server, and never prints a password', async () => {
    const report = await doctor({ ...base(), DATABASE_URL: 'postgres://admin:s3cret-pw@127.0.0.1:1/seamline', SMTP_URL: 'smtp://user:mail-pw@127.0.0.1:1' }, { timeoutMs: 1_000 });
    expect(report.ok).toBe(false);
    expect(finding(report, 'database')[0]).toMatchObject({ ok: false });
    expect(finding(report, 'database')[0]!.say).toMatch(/cannot connect to postgres:\/\/127\.0\.0\.1:1\/seamline/);
    expect(finding(report, 'mail')[0]).toMatchObject({ ok: false });
    const text = formatReport(report);
    expect(text).not.toMatch(/s3cret-pw|mail-pw|admin:/);
    expect(text).toMatch(/FAIL {2}database/);
  });

  it.runIf(!!process.env.DATABASE_URL)('checks the PostgreSQL server: version and migrations, and Redis', async () => {
    const report = await doctor({ ...base(), DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL });
    expect(finding(report, 'database')[0]!.say).toMatch(/PostgreSQL \d+ reachable/);
    expect(finding(report, 'migrations')[0]!.ok).toBe(true);
    if (process.env.REDIS_URL) expect(finding(report, 'redis')[0]).toMatchObject({ ok: true });
  });
});

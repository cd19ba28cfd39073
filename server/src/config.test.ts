import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, tokenTtlS: 7200, refreshTokenTtlS: 604800, logLevel: 'info', trustProxy: false });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads the environment', () => {
    const c = loadConfig({ PORT: '8080', DATA_DIR: '/srv/seamline', DATABASE_URL: 'postgres://x/y', TOKEN_TTL: '60', REFRESH_TOKEN_TTL: '120', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
    expect(c).toMatchObject({ port: 8080, dataDir: '/srv/seamline', databaseUrl: 'postgres://x/y', tokenTtlS: 60, refreshTokenTtlS: 120, logLevel: 'warn', trustProxy: true });
  });

  it('refuses nonsense instead of guessing', () => {
    expect(() => loadConfig({ TOKEN_TTL: '2h' })).toThrow(/TOKEN_TTL/);
    expect(() => loadConfig({ TOKEN_TTL: '0' })).toThrow(/TOKEN_TTL/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

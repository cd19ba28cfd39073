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
    const c = loadConfig({ PORT: '8080', DATA_DIR: '/srv/seamline', DATABASE_URL: 'postgres://x/y', TOKEN_TTL: '60', REFRESH_TOKEN_TTL: '120', LOG_LEVEL: 'warn', TRUST_PROXY: '1' });
    expect(c).toMatchObject({ port: 8080, dataDir: '/srv/seamline', databaseUrl: 'postgres://x/y', tokenTtlS: 60, refreshTokenTtlS: 120, logLevel: 'warn', trustProxy: 1 });
  });

  it('refuses nonsense instead of guessing', () => {
    expect(() => loadConfig({ TOKEN_TTL: '2h' })).toThrow(/TOKEN_TTL/);
    expect(() => loadConfig({ TOKEN_TTL: '0' })).toThrow(/TOKEN_TTL/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('keeps the demo outside production and needs PUBLIC_URL in it (docs/security.md)', () => {
    expect(loadConfig({})).toMatchObject({ production: false, demo: true, firstAdmin: undefined });
    expect(loadConfig({ SEAMLINE_DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://s.example.com' })).toMatchObject({ production: true, demo: false });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://s.example.com', SEAMLINE_DEMO: '1' }).demo).toBe(true);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SEAMLINE_DEMO: 'yes' })).toThrow(/SEAMLINE_DEMO/);
  });

  it('reads the first super admin only as a whole', () => {
    const admin = { SEAMLINE_ADMIN_USERNAME: 'ops', SEAMLINE_ADMIN_EMAIL: 'ops@example.com', SEAMLINE_ADMIN_PASSWORD: 'Secret123' };
    expect(loadConfig(admin).firstAdmin).toEqual({ username: 'ops', email: 'ops@example.com', password: 'Secret123' });
    expect(() => loadConfig({ SEAMLINE_ADMIN_USERNAME: 'ops' })).toThrow(/go together/);
  });
});

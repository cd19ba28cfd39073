import { describe, expect, it } from 'vitest';
import { redactUrl, scrubLine } from './logging';

const T = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde'; // token-shaped (43)
const S = 'secret-value-1'; // not token-shaped: only the name gives it away

describe('redactUrl', () => {
  it('masks token-like query values and nothing else', () => {
    expect(redactUrl('/api/x?token=abc&q=1')).toBe('/api/x?token=[REDACTED]&q=1');
    expect(redactUrl('/api/x?q=1&TOKEN=abc#h')).toBe('/api/x?q=1&TOKEN=[REDACTED]#h');
    expect(redactUrl('/api/x?refresh_token=r&refreshtoken=s')).toBe('/api/x?refresh_token=[REDACTED]&refreshtoken=[REDACTED]');
    expect(redactUrl('/api/x?q=1&code=V001')).toBe('/api/x?q=1&code=V001');
  });

  it('whatever the spelling, encoding, position or repetition', () => {
    for (const query of [
      `%74oken=${S}`,
      `%2574oken=${S}`,
      `To%6Ben=${S}`,
      `refresh-token=${S}`,
      `Refresh_Token=${S}`,
      `q=1&token=a&token=${S}`,
      `token%3D${S}`,
      `access_token=${S}`,
      `x=1;token=${S}`,
      `password=${S}`,
      `id=${T}`,
    ]) {
      const out = redactUrl(`/api/utilsapi/access/user-state?${query}`);
      expect(out, query).not.toContain(S);
      expect(out, query).not.toContain(T);
      expect(out, query).toContain('[REDACTED]');
    }
  });
});

describe('scrubLine', () => {
  it('masks secrets in JSON fields, free text, Authorization values and token-shaped runs', () => {
    const line = JSON.stringify({
      msg: `failed calling /x?refresh_token=${S}&a=b with Bearer ${S}`,
      body: { refresh_token: S, Password: S, name: 'kept' },
      other: `saw ${T} somewhere`,
    });
    const out = scrubLine(line);
    expect(out).not.toContain(S);
    expect(out).not.toContain(T);
    expect(JSON.parse(out).body.name).toBe('kept');
  });
});

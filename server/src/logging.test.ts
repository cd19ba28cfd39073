import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('masks token-like query values and nothing else', () => {
    expect(redactUrl('/api/x?token=abc&q=1')).toBe('/api/x?token=[REDACTED]&q=1');
    expect(redactUrl('/api/x?q=1&TOKEN=abc#h')).toBe('/api/x?q=1&TOKEN=[REDACTED]#h');
    expect(redactUrl('/api/x?refresh_token=r&refreshtoken=s')).toBe('/api/x?refresh_token=[REDACTED]&refreshtoken=[REDACTED]');
    expect(redactUrl('/api/x?mytoken=keep')).toBe('/api/x?mytoken=keep');
  });
});

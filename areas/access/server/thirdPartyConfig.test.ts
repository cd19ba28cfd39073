// THIRD_PARTY_LOGINS: per company and provider; a malformed value names what is wrong.
import { describe, expect, it } from 'vitest';
import { parseThirdPartyLogins, providerConfig } from './thirdPartyConfig';

const ok = { issuer: 'https://idp.example.com/', client_id: 'seamline', client_secret: 's3cret' };

describe('THIRD_PARTY_LOGINS', () => {
  it('reads adapters per company code (any case) and type; nothing set means none', () => {
    const env = { THIRD_PARTY_LOGINS: JSON.stringify({ acme: { dingtalk: ok } }) };
    expect(providerConfig('ACME', 'dingtalk', env)).toEqual({ issuer: 'https://idp.example.com', clientId: 'seamline', clientSecret: 's3cret', scope: 'openid' });
    expect(providerConfig('acme', 'wecom', env)).toBeNull();
    expect(providerConfig('OTHER', 'dingtalk', env)).toBeNull();
    expect(providerConfig('ACME', 'dingtalk', {})).toBeNull();
    expect(parseThirdPartyLogins('').size).toBe(0);
  });

  it('refuses malformed values with the path of the problem', () => {
    expect(() => parseThirdPartyLogins('{')).toThrow(/JSON object keyed by company code/);
    expect(() => parseThirdPartyLogins('[]')).toThrow(/JSON object keyed by company code/);
    expect(() => parseThirdPartyLogins(JSON.stringify({ ACME: { github: ok } }))).toThrow(/ACME: unknown provider 'github'/);
    expect(() => parseThirdPartyLogins(JSON.stringify({ ACME: { wecom: { ...ok, issuer: 'ftp://x' } } }))).toThrow(/ACME\.wecom\.issuer/);
    expect(() => parseThirdPartyLogins(JSON.stringify({ ACME: { wx: { ...ok, client_secret: '' } } }))).toThrow(/ACME\.wx needs client_id and client_secret/);
  });
});

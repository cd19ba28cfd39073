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

// The shapes an attack run still found in the log (issue 22, point 4.3): a live token inside a
// value, however that value is named or encoded.
const HIDDEN = [
  `x=token%3D${T}`,
  `navipath=%2Fdownload%3Ftoken%3D${T}`,
  `x=a%26token%3D${T}`,
  `t=Bearer%20${T}`,
  `t=${T}x`,
  `t=x${T}`,
  `t=%2541${T.slice(1)}`,
  `x=a%2526t%253D${T}`,
];

describe('a value that contains a token', () => {
  it('is masked in a url, whatever the parameter is called or however it is encoded', () => {
    for (const query of HIDDEN) {
      const out = redactUrl(`/login?q=1&${query}&lang=en`);
      expect(out, query).not.toContain(T.slice(1, 40));
      expect(out, query).toContain('[REDACTED]');
      // Only that value: its neighbours and the parameter's name stay readable.
      expect(out, query).toMatch(/^\/login\?q=1&[^&]+=\[REDACTED\]&lang=en$/);
    }
    expect(redactUrl(`/download/${T}x/file`)).toBe('/download/[REDACTED]/file');
    expect(redactUrl(`/download/%2541${T.slice(1)}`)).toBe('/download/[REDACTED]');
  });

  it('is masked in any log line that quotes such a url', () => {
    for (const query of HIDDEN) {
      const out = scrubLine(JSON.stringify({ msg: `failed calling /login?${query} from 203.0.113.9`, url: `/x?${query}` }));
      expect(out, query).not.toContain(T.slice(1, 40));
      expect(JSON.parse(out).msg, query).toMatch(/ from 203\.0\.113\.9$/);
    }
  });

  it('leaves values without a token alone', () => {
    for (const url of ['/login?navipath=%2Forders%3Fid%3D42', '/api/x?q=short%20text&code=V001', `/api/x?uuid=0b7e5f1c-8d55-4a43-9f3e-2c1f7b0e9a11`]) {
      expect(redactUrl(url)).toBe(url);
      expect(scrubLine(JSON.stringify({ url }))).toBe(JSON.stringify({ url }));
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

import { describe, expect, it } from 'vitest';
import { ERROR_NOTIFY_MS } from './constants';
import { interpretResponse, joinFieldErrors, partitionFieldErrors, saveFailedText } from './responseRules';

const notify = (text: string, contactAdmin = false) => ({ kind: 'notify', text, durationMs: ERROR_NOTIFY_MS, contactAdmin });

describe('interpretResponse (en)', () => {
  it.each([
    // REQ-06
    ['OK envelope', { status: 200, body: { message: 'OK', data: { results: [1] } } }, { kind: 'ok', results: [1] }],
    ['FAIL envelope', { status: 200, body: { message: 'FAIL', data: {} } }, notify('operated failed')],
    // REQ-07 / REQ-14
    [
      '11000 errors',
      { status: 200, body: { message: 'ERR', code: 11000, data: { errors: { CODE: ['x'] } } } },
      { kind: 'fieldErrors', errors: { CODE: ['x'] }, message: 'ERR' },
    ],
    [
      '11000 on 422',
      { status: 422, body: { code: 11000, data: { errors: { CODE: ['too long', 'exists'] } } } },
      { kind: 'fieldErrors', errors: { CODE: ['too long', 'exists'] } },
    ],
    // REQ-09
    ['404 with message', { status: 404, body: { message: 'no such api' } }, notify('submit information is wrong: no such api')],
    // REQ-10
    ['502 empty body', { status: 502, body: '' }, notify('502 service not found')],
    ['404 empty body', { status: 404 }, notify('404 service not found')],
    ['502 html body', { status: 502, body: '<html>Bad gateway</html>' }, notify('502 service not found')],
    // REQ-11
    ['500', { status: 500 }, notify('500 service not found', true)],
    ['500 with message', { status: 500, body: { code: 500, message: 'boom' } }, notify('submit information is wrong: boom', true)],
    ['code 500 on 503', { status: 503, body: { code: 500, message: 'down' } }, notify('submit information is wrong: down', true)],
    // REQ-12 / REQ-08
    ['timeout', { timedOut: true }, notify('server error', true)],
    ['no response', {}, notify('server error', true)],
    // REQ-13
    ['network error', { networkError: true }, { kind: 'log', detail: 'network error' }],
    // SES-20
    ['401', { status: 401, body: { message: 'expired' } }, { kind: 'signout' }],
    // REQ-17
    ['code 400 on 200', { status: 200, body: { code: 400, message: 'Order locked' } }, notify('Order locked')],
    ['code 400 on 400', { status: 400, body: { code: 400, message: 'Incorrect username or password' } }, notify('Incorrect username or password')],
    // REQ-18
    ['code 300 empty message', { status: 200, body: { code: 300, message: '' } }, notify('operated failed')],
    ['code 400 no message', { status: 200, body: { code: 400 } }, notify('operated failed')],
    ['400 with other code', { status: 400, body: { code: 429, message: 'slow down' } }, notify('submit information is wrong: slow down')],
    ['OK on a 4xx is not success', { status: 404, body: { message: 'OK' } }, notify('submit information is wrong: OK')],
  ] as const)('%s', (_name, input, out) => {
    expect(interpretResponse(input, 'en')).toEqual(out);
  });

  it('notifications last 3 s (CON-13)', () => {
    const o = interpretResponse({ status: 502 }, 'en');
    expect(o.kind === 'notify' && o.durationMs).toBe(3000);
  });

  it('OK with no data gives undefined results', () => {
    expect(interpretResponse({ status: 200, body: { message: 'OK' } })).toEqual({ kind: 'ok', results: undefined });
  });
});

describe('interpretResponse (zh)', () => {
  it.each([
    [{ status: 404, body: { message: 'no such api' } }, '提交信息有误：no such api'],
    [{ status: 502 }, '502 服务未找到'],
    [{ timedOut: true }, '服务器错误'],
    [{ status: 200, body: { message: 'FAIL' } }, '操作失败'],
  ])('%j → %s', (input, text) => {
    const o = interpretResponse(input, 'zh');
    expect(o.kind === 'notify' && o.text).toBe(text);
  });

  it('I18N-08 field errors stay untranslated in both languages', () => {
    const input = { status: 200, body: { code: 11000, data: { errors: { CODE: ['代码重复'] } } } };
    for (const lang of ['en', 'zh']) {
      const o = interpretResponse(input, lang);
      expect(o.kind === 'fieldErrors' && joinFieldErrors(o.errors.CODE)).toBe('代码重复');
    }
  });
});

describe('field error texts', () => {
  it('REQ-14 joins a field list with commas', () => {
    expect(joinFieldErrors(['too long', 'exists'])).toBe('too long,exists');
    expect(joinFieldErrors(['a', 'b'])).toBe('a,b');
    expect(joinFieldErrors('single')).toBe('single');
    expect(joinFieldErrors(undefined)).toBe('');
  });

  it("REQ-16 unmatched errors → 'Save failed！bad'", () => {
    expect(saveFailedText(['bad'], 'en')).toBe('Save failed！bad');
    expect(saveFailedText(['bad'], 'zh')).toBe('保存失败！bad');
  });

  it('partitions errors into form fields and the rest', () => {
    expect(partitionFieldErrors({ CODE: ['too long', 'exists'], X: ['bad'] }, ['CODE', 'NAME'])).toEqual({
      fields: { CODE: 'too long,exists' },
      rest: ['bad'],
    });
    const { rest } = partitionFieldErrors({ X: ['bad'] }, ['CODE']);
    expect(saveFailedText(rest, 'en')).toBe('Save failed！bad');
  });
});

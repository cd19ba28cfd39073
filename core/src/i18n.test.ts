import { afterEach, describe, expect, it } from 'vitest';
import { interpolate, langOf, messages, t } from './i18n';
import { flowText } from './flow/messages';

describe('langOf (I18N-01, I18N-02, I18N-03)', () => {
  it("is English only for exactly 'en'", () => {
    expect(langOf('en')).toBe('en');
  });

  it.each(['zh', 'zh-CN', 'fr', '', 'EN', 'en-US', ' en', null, undefined, 1])('%j → zh (literal rule)', (v) => {
    expect(langOf(v)).toBe('zh');
  });
});

describe('t', () => {
  afterEach(() => {
    delete messages.zh['test.zhOnly'];
  });

  it("'en' gives English and anything else Chinese (I18N-01, I18N-02)", () => {
    expect(t('en', 'error.serverError')).toBe('server error');
    expect(t('zh', 'error.serverError')).toBe('服务器错误');
    expect(t('en-US', 'error.serverError')).toBe('服务器错误');
    expect(t(null, 'error.serverError')).toBe('服务器错误');
  });

  it('falls back to the Chinese text, then to the key (I18N-04)', () => {
    messages.zh['test.zhOnly'] = '仅中文';
    expect(t('en', 'test.zhOnly')).toBe('仅中文');
    expect(t('en', 'no.such.key')).toBe('no.such.key');
    expect(t('en', 'constructor')).toBe('constructor');
  });

  it('replaces {name} params and leaves unknown ones visible', () => {
    expect(t('en', 'error.submitWrong', { message: 'no such api' })).toBe('submit information is wrong: no such api');
    expect(t('en', 'error.serviceNotFound', { status: 502 })).toBe('502 service not found');
    expect(t('en', 'biz.commentDeleteWindow', { days: 7 })).toBe('comments can only be deleted within 7 days');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('every key exists in both languages with non-empty text', () => {
    expect(Object.keys(messages.en).sort()).toEqual(Object.keys(messages.zh).sort());
    for (const [k, v] of Object.entries(messages.zh)) {
      expect(v, k).not.toBe('');
      expect(messages.en[k], k).not.toBe('');
    }
  });

  it('Chinese texts differ from the English ones (no untranslated copies)', () => {
    for (const k of Object.keys(messages.en)) {
      if (/[A-Za-z]{3,}/.test(messages.zh[k].replace(/RFI|RFQ|YYYY-MM-DD|HH:mm:ss|\{\w+\}/g, ''))) {
        throw new Error(`${k} looks untranslated: ${messages.zh[k]}`);
      }
    }
  });
});

describe('quoted messages appear verbatim in English (I18N-07)', () => {
  it.each([
    ['form.correctInput', 'Please correct the input error, before submit form！'],
    ['form.saveFailedPrefix', 'Save failed！'],
    ['common.saveFailed', 'Save Failed!'],
    ['common.operatedFailed', 'Operated Failed!'],
    ['common.downloadFailed', 'Download Failed!'],
    ['common.illegalRequest', 'illegal request'],
    ['common.loadingFailed', 'Loading failed'],
    ['common.linkExpired', 'link expired please resend'],
    ['common.uploadFailed', 'Upload failed'],
    ['common.markReadFailed', 'mark-as-read failed'],
    ['common.syncFailed', 'sync failed'],
    ['common.publishFailed', 'publish failed'],
    ['common.submitFailed', 'submit failed'],
    ['common.passwordChangeFailed', 'password change failed'],
    ['common.nothingToExport', 'nothing to export'],
    ['common.deletionFailed', 'deletion failed'],
    ['common.materialNotExist', 'material does not exist'],
    ['error.operatedFailed', 'operated failed'],
    ['error.serverError', 'server error'],
    ['error.contactAdmin', 'Contact administrator'],
    ['biz.orderNoExists', 'order number already exists and cannot be created'],
    ['biz.changedByOthers', 'the document was changed by someone else, refresh and retry'],
    ['biz.versionExists', 'version number already exists'],
    ['biz.noStandardProcess', 'no standard process maintained for the plant'],
    ['biz.movedQtyExceedsStock', 'moved quantity exceeds stock in the bin'],
    ['auth.invalidCredentials', 'Incorrect username or password'],
  ])('%s', (key, text) => {
    expect(t('en', key)).toBe(text);
    expect(t('zh', key)).not.toBe(text);
  });

  it('keeps the full-width ！ in Chinese too', () => {
    expect(t('zh', 'form.correctInput').endsWith('！')).toBe(true);
    expect(t('zh', 'form.saveFailedPrefix')).toBe('保存失败！');
  });

  it('the four duplicate-flow messages are distinct (core/src/flow/messages.ts)', () => {
    const keys = ['flow.duplicateSeq', 'flow.duplicateStatus', 'flow.duplicateLaunchAction', 'flow.duplicateStep'];
    for (const lang of ['en', 'zh']) expect(new Set(keys.map((k) => flowText(lang, k))).size).toBe(4);
    expect(flowText('en', 'flow.copied')).toBe('flow copied');
    expect(flowText('en', 'flow.copyFailed')).toBe('flow copy failed');
  });

  it('the eight publishing checks are distinct', () => {
    const keys = Object.keys(messages.en).filter((k) => k.startsWith('publish.'));
    expect(keys).toHaveLength(8);
    for (const lang of ['en', 'zh']) expect(new Set(keys.map((k) => t(lang, k))).size).toBe(8);
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../i18n';
import { entityMessages, et, labelOf, pickLabel } from './messages';

describe('entity messages', () => {
  it('every key exists in both languages and none clashes with core', () => {
    expect(Object.keys(entityMessages.en).sort()).toEqual(Object.keys(entityMessages.zh).sort());
    for (const k of Object.keys(entityMessages.en)) expect(messages.en).not.toHaveProperty(k);
  });
  it('looks here first, then in core; Chinese unless en', () => {
    expect(et('en', 'entity.maxLength', { max: 5 })).toBe('At most 5 characters are allowed');
    expect(et('zh-CN', 'entity.yes')).toBe('是');
    expect(et('en', 'val.required')).toBe('This field is required');
    expect(et('en', 'no.such.key')).toBe('no.such.key');
    expect(labelOf('biz.bankBranchCode').zh).toBe('银行联行号必须为 11 位数字');
  });
  it('pickLabel', () => {
    expect(pickLabel({ en: 'A', zh: '甲' }, 'en')).toBe('A');
    expect(pickLabel({ en: 'A', zh: '甲' }, undefined)).toBe('甲');
    expect(pickLabel({ en: 'A', zh: '' }, 'zh')).toBe('A');
    expect(pickLabel(undefined, 'en')).toBe('');
  });
});

// Language rules (I18N-01..07): stored 'en' → English, anything else Chinese; switching re-renders.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { messages } from '@seamline/core';
import { AppProviders } from '../AppProviders';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { accessEn, accessZh } from '../../../areas/access/web/messages';
import { systemEn, systemZh } from '../../../areas/system/web/messages';
import { addMessages, i18n, setLang, syncLangFromStorage } from './index';
import { en } from './en';
import { zh } from './zh';

function Probe() {
  const { t } = useTranslation();
  return <p data-testid="probe">{t('workspace.inbox')}</p>;
}

describe('language', () => {
  it.each([
    ['en', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['fr', 'zh'],
    ['', 'zh'],
    ['EN', 'zh'],
    ['en-US', 'zh'],
  ])('stored %j → %s', (stored, lang) => {
    localStorage.setItem('lang', stored);
    syncLangFromStorage();
    expect(i18n.language).toBe(lang);
  });

  it('no stored lang → Chinese (I18N-03)', () => {
    localStorage.removeItem('lang');
    syncLangFromStorage();
    expect(i18n.language).toBe('zh');
  });

  it('the switch stores lang and re-renders without reload (I18N-05)', async () => {
    act(() => setLang('zh'));
    render(
      <AppProviders>
        <LanguageSwitch />
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('收件箱');
    await act(async () => fireEvent.click(screen.getByText('English')));
    expect(screen.getByTestId('probe').textContent).toBe('Inbox');
    expect(localStorage.getItem('lang')).toBe('en');
    await act(async () => fireEvent.click(screen.getByText('中文')));
    expect(screen.getByTestId('probe').textContent).toBe('收件箱');
  });

  it('a key without English falls back to Chinese, not the raw key (I18N-04)', () => {
    addMessages({}, { 'test.onlyZh': '只有中文' });
    act(() => setLang('en'));
    expect(i18n.t('test.onlyZh')).toBe('只有中文');
  });

  it('spec messages keep their exact English (I18N-07)', () => {
    act(() => setLang('en'));
    expect(i18n.t('form.correctInput')).toBe('Please correct the input error, before submit form！');
    expect(i18n.t('error.submitWrong', { message: 'x' })).toBe('submit information is wrong: x');
    expect(i18n.t('error.serviceNotFound', { status: 502 })).toBe('502 service not found');
  });
});

describe('catalogues', () => {
  it.each([
    ['web', en, zh],
    ['access', accessEn, accessZh],
    ['system', systemEn, systemZh],
  ])('%s: every key exists in both languages and no web key shadows core', (_name, e, z) => {
    expect(Object.keys(e).sort()).toEqual(Object.keys(z).sort());
    for (const key of Object.keys(e)) {
      expect(messages.en[key], key).toBeUndefined();
      expect(e[key], key).not.toBe('');
      expect(z[key], key).not.toBe('');
    }
  });
});

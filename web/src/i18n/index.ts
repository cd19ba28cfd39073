// i18next over core's base catalogue plus the web's own strings. The stored `lang` decides the
// language (core langOf: 'en' only for exactly 'en'); Chinese is the default and the fallback
// for any key without English (I18N-04). Core texts use {name} placeholders, so i18next does too.
// Areas add their own catalogues (addMessages), never imported here.
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { messages, type Lang } from '@seamline/core';
import { storedLang, storeLang } from '../session/storage';
import { en } from './en';
import { zh } from './zh';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: { ...messages.en, ...en } },
    zh: { translation: { ...messages.zh, ...zh } },
  },
  lng: storedLang(),
  fallbackLng: 'zh',
  supportedLngs: ['en', 'zh'],
  // Keys are flat ('form.correctInput'), not nested paths.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
  returnNull: false,
});

function applyLocale(lang: Lang) {
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
}
applyLocale(i18n.language as Lang);

/** Stores `lang` and re-renders every text in place, without a reload. */
export function setLang(lang: Lang): void {
  storeLang(lang);
  applyLocale(lang);
  void i18n.changeLanguage(lang);
}

/** Re-reads the stored language (tests, or another tab). */
export function syncLangFromStorage(): void {
  const lang = storedLang();
  if (i18n.language !== lang) setLang(lang);
}

export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return instance.language === 'en' ? 'en' : 'zh';
}

/** Registers extra catalogues (an area's labels); Chinese must always have the key. */
export function addMessages(enTexts: Record<string, string>, zhTexts: Record<string, string>): void {
  i18n.addResourceBundle('en', 'translation', enTexts, true, false);
  i18n.addResourceBundle('zh', 'translation', zhTexts, true, false);
}

export { useTranslation };

// Texts of the metadata engine beyond core's base catalogue (the lead merges them into i18n.ts).
// `et` looks here first and then falls back to core's `t`, so engine code can use either kind of key.
import { interpolate, langOf, t, type MessageParams } from '../i18n';
import type { Label } from './types';

export const entityMessages = {
  en: {
    'entity.yes': 'Yes',
    'entity.no': 'No',
    'entity.text': 'Please enter text',
    'entity.integer': 'Please enter a whole number',
    'entity.number': 'Please enter a number',
    'entity.decimalPlaces': 'At most {scale} decimal places are allowed',
    'entity.numberTooLarge': 'The number is too large',
    'entity.boolean': 'Please choose yes or no',
    'entity.notAnOption': 'Please choose one of the listed values',
    'entity.maxLength': 'At most {max} characters are allowed',
    'entity.invalidValue': 'The value is invalid',
    'entity.invalidRows': 'The rows are invalid',
    'entity.onePrimary': 'Only one row can be the primary one',
    'entity.exactlyOneOf': 'Exactly one of {a} and {b} must be filled',
    'entity.wholeUnits': 'Please enter a whole number of {unit}',
  },
  zh: {
    'entity.yes': '是',
    'entity.no': '否',
    'entity.text': '请输入文本',
    'entity.integer': '请输入整数',
    'entity.number': '请输入数字',
    'entity.decimalPlaces': '最多保留 {scale} 位小数',
    'entity.numberTooLarge': '数值过大',
    'entity.boolean': '请选择是或否',
    'entity.notAnOption': '请从列出的选项中选择',
    'entity.maxLength': '最多允许 {max} 个字符',
    'entity.invalidValue': '值无效',
    'entity.invalidRows': '明细行无效',
    'entity.onePrimary': '只能有一行设为主要',
    'entity.exactlyOneOf': '{a}和{b}必须且只能填写其中一个',
    'entity.wholeUnits': '以“{unit}”计的数量只能是整数',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

type Catalogue = Record<string, string>;
const own = (c: Catalogue, key: string) => (Object.prototype.hasOwnProperty.call(c, key) ? c[key] : undefined);

/** Translate: this file's text in the language, else its Chinese text, else core's `t`. */
export function et(lang: unknown, key: string, params?: MessageParams): string {
  const text = own(entityMessages[langOf(lang)], key) ?? own(entityMessages.zh, key);
  return text === undefined ? t(lang, key, params) : interpolate(text, params);
}

/** A catalogue message in both languages, e.g. for a RuleError: `labelOf('biz.bankBranchCode')`. */
export function labelOf(key: string, params?: MessageParams): Label {
  return { en: et('en', key, params), zh: et('zh', key, params) };
}

/** A label's text in the UI language ('en' → English, anything else Chinese; Chinese is the fallback). */
export function pickLabel(label: Label | undefined, lang: unknown): string {
  if (!label) return '';
  return (langOf(lang) === 'en' ? label.en : label.zh) || label.zh || label.en || '';
}

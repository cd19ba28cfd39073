// Currency symbols and labels (SPEC §9).
import { langOf } from './i18n';

export interface Currency {
  code: string;
  symbol: string;
  label: { en: string; zh: string };
}

// RMB and CNY are the same currency under two codes and share the half-width '¥'.
export const CURRENCIES: readonly Currency[] = [
  { code: 'RMB', symbol: '¥', label: { en: 'Renminbi', zh: '人民币' } },
  { code: 'CNY', symbol: '¥', label: { en: 'Chinese Yuan', zh: '人民币' } },
  { code: 'USD', symbol: '$', label: { en: 'US Dollar', zh: '美元' } },
  { code: 'HKD', symbol: 'HK$', label: { en: 'Hong Kong Dollar', zh: '港币' } },
  { code: 'IDR', symbol: 'Rp', label: { en: 'Indonesian Rupiah', zh: '印尼盾' } },
  { code: 'MYR', symbol: 'RM', label: { en: 'Malaysian Ringgit', zh: '马来西亚林吉特' } },
  { code: 'PHP', symbol: '₱', label: { en: 'Philippine Peso', zh: '菲律宾比索' } },
  { code: 'SGD', symbol: 'S$', label: { en: 'Singapore Dollar', zh: '新加坡元' } },
  { code: 'THB', symbol: '฿', label: { en: 'Thai Baht', zh: '泰铢' } },
  { code: 'VND', symbol: '₫', label: { en: 'Vietnamese Dong', zh: '越南盾' } },
  { code: 'TW', symbol: 'NT$', label: { en: 'New Taiwan Dollar', zh: '新台币' } },
];

function find(code: string): Currency | undefined {
  const c = String(code ?? '').trim().toUpperCase();
  return CURRENCIES.find((x) => x.code === c);
}

/** The symbol for a currency code (case-insensitive); an unknown code is shown as itself. */
export function currencySymbol(code: string): string {
  return find(code)?.symbol ?? code;
}

/** The label in the UI language; an unknown code is shown as itself. */
export function currencyLabel(code: string, lang?: unknown): string {
  return find(code)?.label[langOf(lang)] ?? code;
}

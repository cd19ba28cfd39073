// One way to show a date or a moment to a person: in the format of the screen's language (dayjs
// locale), never the browser's (a Chinese screen in a US browser showed '11/24/2026, 1:35:33 AM').
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import { i18n } from './index';

dayjs.extend(localizedFormat);

const localeOf = (lang?: string) => ((lang ?? i18n.language) === 'zh' ? 'zh-cn' : 'en');

function fmt(value: string | number | Date | null | undefined, pattern: string, lang?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale(localeOf(lang)).format(pattern) : String(value);
}

/** A moment with seconds: '2026/11/24 01:35:33' (zh), '11/24/2026 1:35:33 AM' (en). */
export const formatDateTime = (value: string | number | Date | null | undefined, lang?: string) => fmt(value, 'L LTS', lang);

/** A day: '2026/11/24' (zh), '11/24/2026' (en). */
export const formatDate = (value: string | number | Date | null | undefined, lang?: string) => fmt(value, 'L', lang);

// The language switch of the header and of the public pages: stores `lang` and re-renders in place.
import { Segmented } from 'antd';
import type { Lang } from '@seamline/core';
import { setLang, useLang } from '../i18n';
import { rememberPickedLanguage } from './storeLanguage';

const OPTIONS: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh' },
  { label: 'English', value: 'en' },
];

export function LanguageSwitch({ onChange }: { onChange?: (lang: Lang) => void }) {
  const lang = useLang();
  return (
    <Segmented<Lang>
      data-testid="lang-switch"
      aria-label="Language / 语言"
      size="small"
      value={lang}
      options={OPTIONS}
      onChange={(value) => {
        setLang(value);
        // Public pages (no onChange): remembered, so the pick holds after sign-in (HeaderBar).
        if (onChange) onChange(value);
        else rememberPickedLanguage(value);
      }}
    />
  );
}

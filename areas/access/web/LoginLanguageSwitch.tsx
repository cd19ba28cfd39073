// The sign-in page's language switch: the header's LanguageSwitch without antd (two toggle buttons
// in one group), so /login loads no antd. Same texts and the same effect: the language applies at
// once and the pick is remembered for after sign-in.
import type { Lang } from '@seamline/core';
import { setLang, useLang, rememberPickedLanguage } from '@seamline/web/engine';

const OPTIONS: { label: string; value: Lang }[] = [
  { label: '中文', value: 'zh' },
  { label: 'English', value: 'en' },
];

export function LoginLanguageSwitch() {
  const lang = useLang();
  return (
    <div className="sl-login-langswitch" role="group" aria-label="Language / 语言" data-testid="lang-switch">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={lang === o.value}
          onClick={() => {
            setLang(o.value);
            rememberPickedLanguage(o.value);
          }}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

// Frame of the public pages (sign-up, password reset, discovery): brand, language switch, a card.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { usePageTitle } from '../router/title';

export function PublicFrame({ children, width = 480 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <div className="sl-public">
      <header className="sl-public-header">
        <Brand to="/login" />
        <nav className="sl-public-nav">
          <LanguageSwitch />
          <Link to="/login">{t('nav.signIn')}</Link>
        </nav>
      </header>
      <main className="sl-public-main">
        <section className="sl-public-card" style={{ maxWidth: width }}>
          <h1 className="sl-public-title" data-testid="page-title">
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}

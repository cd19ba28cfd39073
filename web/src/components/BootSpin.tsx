// The loading state before antd is there (first paint, the sign-in page's chunk, the error screen's
// chunk): a CSS ring in the brand colour with the same text PageSpin shows.
import { useTranslation } from 'react-i18next';

export function BootSpin({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="sl-boot-spin" style={{ minHeight: fullscreen ? '100vh' : 240 }}>
      <span className="sl-boot-spin-ring" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

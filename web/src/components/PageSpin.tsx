import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Loading state of a page or a lazily loaded screen. */
export function PageSpin({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'grid', placeItems: 'center', minHeight: fullscreen ? '100vh' : 240 }}
    >
      <Spin tip={t('common.loading')} size="large">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}

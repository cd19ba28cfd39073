// The states every engine screen shares: 'Loading failed' in place with a retry, and the
// screen asked for a definition nobody registered.
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<span data-testid="load-failed">{t('common.loadingFailed')}</span>}
      subTitle={t('engine.loadFailedHint')}
      extra={
        onRetry && (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('engine.retry')}
          </Button>
        )
      }
    />
  );
}

export function NoEntity({ opt }: { opt?: string }) {
  const { t } = useTranslation();
  return <Result status="info" data-testid="engine-no-entity" title={t('template.pendingTitle')} subTitle={t('engine.noEntity', { opt: opt ?? '' })} />;
}

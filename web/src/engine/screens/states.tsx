// The states every engine screen shares: 'Loading failed' in place with a retry — or 'illegal
// request' when the server refused the id itself (malformed, unknown or another company's: core
// loadFailureKey, REQ-24), where retrying cannot help — and the screen asked for a definition
// nobody registered.
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loadFailureKey } from '@seamline/core';

export function LoadFailed({ onRetry, error }: { onRetry?: () => void; error?: { status?: number } | null }) {
  const { t } = useTranslation();
  const key = loadFailureKey(error?.status);
  const illegal = key === 'common.illegalRequest';
  return (
    <Result
      status="warning"
      title={<span data-testid="load-failed">{t(key)}</span>}
      subTitle={t(illegal ? 'engine.illegalRequestHint' : 'engine.loadFailedHint')}
      extra={
        onRetry && !illegal && (
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

// A route failed to load (its code after a deploy, or its data): 'Loading failed' with a retry.
import { useEffect } from 'react';
import { Button, Result, Space } from 'antd';
import { useNavigate, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error('[route]', error); // boot and load errors are logged (spec §8)
  }, [error]);
  return (
    <main style={{ minHeight: '60vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <div data-testid="route-error">
        <Result
          status="warning"
          title={t('common.loadingFailed')}
          subTitle={t('routeError.hint')}
          extra={
            <Space>
              <Button type="primary" onClick={() => window.location.reload()}>
                {t('routeError.retry')}
              </Button>
              <Button onClick={() => navigate('/login')}>{t('nav.signIn')}</Button>
            </Space>
          }
        />
      </div>
    </main>
  );
}

// Any path outside the route table (spec §2, RTE-23).
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status="404"
        title="404"
        subTitle={<span data-testid="notfound">{t('notFound.text')}</span>}
        extra={
          <Space>
            <Button data-testid="notfound-back" onClick={() => navigate(-1)}>
              {t('notFound.back')}
            </Button>
            <Button type="primary" data-testid="notfound-home" onClick={() => navigate('/')}>
              {t('notFound.home')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}

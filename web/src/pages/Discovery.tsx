// /discovery/index and /newdiscovery/index: public, friends discovery arrives with collaboration.
import { Button, Result } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../shell/PublicFrame';

export default function Discovery() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicFrame width={640}>
      <div data-testid="discovery">
        <Result
          icon={<CompassOutlined />}
          title={t('discovery.title')}
          subTitle={t('discovery.text')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('nav.signIn')}
            </Button>
          }
        />
      </div>
    </PublicFrame>
  );
}

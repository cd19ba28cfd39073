// /forgotpwd/deadline: the reset link has expired (spec §8 'link expired please resend').
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function LinkExpiredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="link-expired">
      <Result
        status="warning"
        title={t('common.linkExpired')}
        subTitle={t('reset.expiredText')}
        extra={
          <Button type="primary" data-testid="link-expired-resend" onClick={() => navigate('/forgotpwd/fillemail')}>
            {t('reset.resend')}
          </Button>
        }
      />
    </div>
  );
}

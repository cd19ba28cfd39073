// /forgotpwd/deadline: the reset link has expired (spec §8 'link expired please resend').
import { useTranslation } from 'react-i18next';
import { OutcomePage } from './OutcomePage';

export default function LinkExpiredPage() {
  const { t } = useTranslation();
  return (
    <OutcomePage
      testId="link-expired"
      status="warning"
      title={t('common.linkExpired')}
      text={t('reset.expiredText')}
      action={t('reset.resend')}
      to="/forgotpwd/fillemail"
      actionTestId="link-expired-resend"
    />
  );
}

// /forgotpwd/fillemail: ask for a reset link (POST access/request-password-reset-link with the email).
import { useState } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, paths, SpecForm } from '@seamline/web/engine';
import { EmailField } from './AccountFields';
import { OutcomePage } from './OutcomePage';

export default function FillEmailPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo)
    return <OutcomePage testId="reset-link-sent" status="success" title={t('reset.sentTitle')} text={t('reset.sentText', { email: sentTo })} action={t('nav.signIn')} to="/login" />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('reset.fillEmailIntro')}</Typography.Paragraph>
      <SpecForm<{ email: string }>
        onSubmit={async ({ email }) => {
          await api.post(paths.requestPasswordResetLink, { email: email.trim() }, { auth: false });
          setSentTo(email.trim());
        }}
      >
        <EmailField testId="reset-email" />
        <SpecForm.Submit block data-testid="reset-email-submit">
          {t('reset.sendLink')}
        </SpecForm.Submit>
      </SpecForm>
      <p style={{ marginTop: 16 }}>
        <Link to="/login">{t('reset.backToSignIn')}</Link>
      </p>
    </>
  );
}

// /forgotpwd/newpwd: choose a new password from a reset link. The rules (strong password, both
// entries equal, nothing sent while invalid) apply now; completing the reset opens with a later release.
import { useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SpecForm } from '../../../web/src/form';
import { NewPasswordFields } from './AccountFields';

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  if (checked)
    return (
      <div data-testid="newpwd-later">
        <Result
          status="info"
          title={t('reset.laterTitle')}
          subTitle={t('reset.laterText')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('nav.signIn')}
            </Button>
          }
        />
      </div>
    );
  return (
    <>
      <Alert type="info" showIcon message={t('reset.newPasswordIntro')} style={{ marginBottom: 16 }} />
      <SpecForm onSubmit={() => setChecked(true)}>
        <NewPasswordFields testIdPrefix="newpwd" />
        <SpecForm.Submit block data-testid="newpwd-submit">
          {t('reset.savePassword')}
        </SpecForm.Submit>
      </SpecForm>
    </>
  );
}

// /forgotpwd/newpwd: choose a new password from a reset link. The rules (strong password, both
// entries equal, nothing sent while invalid) apply now; completing the reset opens with a later release.
import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { SpecForm } from '../../../web/src/form';
import { NewPasswordFields } from './AccountFields';
import { OutcomePage } from './OutcomePage';

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  if (checked)
    return <OutcomePage testId="newpwd-later" status="info" title={t('reset.laterTitle')} text={t('reset.laterText')} action={t('nav.signIn')} to="/login" />;
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

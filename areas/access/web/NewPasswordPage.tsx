// /forgotpwd/newpwd?token=…: choose a new password from a reset link. The link is checked first
// (an expired, used or unknown one goes to /forgotpwd/deadline); the new password follows the
// strong rule and must be repeated exactly (spec §5), then POST access/reset-password.
import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, api, SpecForm } from '@seamline/web/engine';
import { NewPasswordFields } from './AccountFields';
import { OutcomePage } from './OutcomePage';
import { accessPaths } from './paths';

const DEADLINE = '/forgotpwd/deadline';

export default function NewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [username, setUsername] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) {
      navigate(DEADLINE, { replace: true });
      return;
    }
    let live = true;
    api
      .get<{ username: string }>(accessPaths.resetCheck, { token }, { auth: false, notify: false })
      .then((r) => live && setUsername(r.username))
      .catch(() => live && navigate(DEADLINE, { replace: true }));
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (done)
    return <OutcomePage testId="newpwd-done" status="success" title={t('reset.doneTitle')} text={t('reset.doneText')} action={t('nav.signIn')} to="/login" actionTestId="newpwd-signin" />;
  if (username === null) return <Spin tip={t('reset.checking')} data-testid="newpwd-checking"><div style={{ height: 120 }} /></Spin>;
  return (
    <>
      <Alert type="info" showIcon message={t('reset.forUser', { username })} style={{ marginBottom: 16 }} data-testid="newpwd-user" />
      <SpecForm<{ password: string; passwordRepeat: string }>
        onSubmit={async (values) => {
          try {
            await api.post(accessPaths.resetPassword, { token, ...values }, {
              auth: false,
              // The link ran out while the form was open: the deadline page says so instead of a toast.
              notify: ({ data }) => data.expired !== true,
            });
            setDone(true);
          } catch (err) {
            if (err instanceof ApiError && err.data.expired === true) navigate(DEADLINE, { replace: true });
            else throw err;
          }
        }}
      >
        <NewPasswordFields testIdPrefix="newpwd" />
        <SpecForm.Submit block data-testid="newpwd-submit">
          {t('reset.savePassword')}
        </SpecForm.Submit>
      </SpecForm>
    </>
  );
}

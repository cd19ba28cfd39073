// /signup/invite?token=…: an invited colleague chooses a username and password (POST
// signup/accept-invitation) and becomes a member; an expired or used link goes to the
// 'link expired' page. Ends with the same countdown to /login as a sign-up.
import { useEffect, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, api, SpecForm, PublicFrame } from '@seamline/web/engine';
import { FullNameField, NewPasswordFields, UsernameField } from './AccountFields';
import { DoneWithCountdown } from './Countdown';
import { OutcomePage } from './OutcomePage';
import { signupPaths } from './paths';

interface Invitation {
  email: string;
  fullname: string | null;
  company_name: string;
}

export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [invitation, setInvitation] = useState<Invitation | null | 'expired'>(null);
  const [accepted, setAccepted] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<Invitation>(signupPaths.invitation, { token }, { auth: false, notify: false })
      .then((r) => live && setInvitation(r))
      .catch(() => live && setInvitation('expired'));
    return () => {
      live = false;
    };
  }, [token]);

  let body;
  if (invitation === null) body = <Spin><div style={{ height: 120 }} /></Spin>;
  else if (invitation === 'expired')
    // An invitation, not a password reset: say what happened to it and what to do (issue 13).
    body = <OutcomePage testId="invite-expired" status="warning" title={t('common.linkExpired')} text={t('invite.expiredText')} action={t('nav.signIn')} to="/login" />;
  else if (accepted)
    body = <DoneWithCountdown testId="invite-done" title={t('invite.doneTitle', { company: invitation.company_name })} text={t('invite.doneText', { username: accepted })} />;
  else
    body = (
      <>
        <Typography.Title level={4} data-testid="invite-title">
          {t('invite.title', { company: invitation.company_name })}
        </Typography.Title>
        <Alert type="info" showIcon message={t('invite.intro', { email: invitation.email })} style={{ marginBottom: 16 }} />
        <SpecForm<Record<string, string>>
          initialValues={{ fullname: invitation.fullname ?? '' }}
          onSubmit={async (values) => {
            try {
              const r = await api.post<{ username: string }>(signupPaths.acceptInvitation, { token, ...values }, { auth: false, notify: ({ data }) => data.expired !== true });
              setAccepted(r.username);
            } catch (err) {
              if (err instanceof ApiError && err.data.expired === true) setInvitation('expired');
              else throw err;
            }
          }}
        >
          <FullNameField testId="invite-fullname" />
          <UsernameField testId="invite-username" />
          <NewPasswordFields testIdPrefix="invite" />
          <SpecForm.Submit block data-testid="invite-submit">
            {t('invite.accept')}
          </SpecForm.Submit>
        </SpecForm>
      </>
    );
  return <PublicFrame width={520}>{body}</PublicFrame>;
}

// /login and its children (inner, ddwelcome/:client, qywxwelcome, third/:type): the sign-in form.
// The third-party entries keep their parameter visible, show the server's answer (no provider is
// connected on this platform) and offer the normal form.
import { useEffect, useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ValidationRule } from '@seamline/core';
import { ApiError, api } from '../../../web/src/api';
import { SignedOutError } from '../../../web/src/api/errors';
import { SpecForm, ruleFromSpec } from '../../../web/src/form';
import { signIn } from '../../../web/src/session/actions';
import { storedUsername } from '../../../web/src/session/storage';
import { Brand } from '../../../web/src/shell/Brand';
import { LanguageSwitch } from '../../../web/src/shell/LanguageSwitch';
import { useLang } from '../../../web/src/i18n';
import type { RouteHandle } from '../../../web/src/router/title';
import { signedInTarget } from '../../../web/src/router/guard';
import { accessPaths } from './paths';

interface Credentials {
  username: string;
  password: string;
}

const REQUIRED: ValidationRule = { type: 'required' };

/**
 * The third-party entries ask the server (GET dingtalk/prepared-login then POST access/dd-login
 * for DingTalk; GET access/qw3rd-login with the caller's params for WeCom and other providers).
 * No provider is connected on this platform, so the server's 'not configured' answer is shown
 * and the normal form stays available.
 */
function useThirdPartyAnswer(variant: string | undefined, client: string | undefined, type: string | undefined, search: string) {
  const [answer, setAnswer] = useState<string | null>(null);
  useEffect(() => {
    if (variant !== 'dingtalk' && variant !== 'wecom' && variant !== 'third') return;
    let live = true;
    const params = Object.fromEntries(new URLSearchParams(search));
    const opts = { auth: false, notify: false } as const;
    const attempt =
      variant === 'dingtalk'
        ? api.get(accessPaths.ddPreparedLogin, { client: client ?? '' }, opts).then(() => api.post(accessPaths.ddLogin, { client: client ?? '', ...params }, opts))
        : api.get(accessPaths.qw3rdLogin, { ...params, type: variant === 'wecom' ? 'WeCom' : type ?? '' }, opts);
    attempt.catch((err) => live && setAnswer(err instanceof ApiError ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [variant, client, type, search]);
  return answer;
}

function VariantNotice() {
  const { t } = useTranslation();
  const { client, type } = useParams();
  const { search } = useLocation();
  const variant = [...useMatches()].reverse().map((m) => (m.handle as RouteHandle | undefined)?.loginVariant).find(Boolean);
  const answer = useThirdPartyAnswer(variant, client, type, search);
  if (!variant || variant === 'default') return null;
  const text = {
    inner: t('login.variant.inner'),
    dingtalk: t('login.variant.dingtalk', { client: client ?? '' }),
    wecom: t('login.variant.wecom'),
    third: t('login.variant.third', { type: type ?? '' }),
  }[variant];
  return (
    <>
      {text ? <Alert type="info" showIcon message={text} data-testid="login-variant" style={{ marginBottom: answer ? 8 : 20 }} /> : null}
      {answer ? <Alert type="warning" showIcon message={answer} data-testid="login-third-answer" style={{ marginBottom: 20 }} /> : null}
    </>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<Credentials>();

  const [refused, setRefused] = useState(false);
  const submit = async ({ username, password }: Credentials) => {
    setRefused(false);
    try {
      await signIn(username.trim(), password);
    } catch (err) {
      // The client shows every other failure (the lockout's wait included) as a toast; a 401 it
      // treats as a lost session and stays silent, so the form says it here.
      if (err instanceof SignedOutError) setRefused(true);
      throw err;
    }
    navigate(signedInTarget(search), { replace: true });
  };

  return (
    <div className="sl-login">
      <aside className="sl-login-hero">
        <Brand to="/login" inverted />
        <div className="sl-login-hero-text">
          <h2>{t('login.heroTitle')}</h2>
          <p>{t('login.heroText')}</p>
          <ul>
            <li>{t('login.heroPoint1')}</li>
            <li>{t('login.heroPoint2')}</li>
            <li>{t('login.heroPoint3')}</li>
          </ul>
        </div>
        <small>© Seamline</small>
      </aside>
      <main className="sl-login-main">
        <div className="sl-login-lang">
          <LanguageSwitch />
        </div>
        <section className="sl-login-card">
          <h1 data-testid="page-title">{t('login.title')}</h1>
          <p className="sl-login-sub">{t('login.subtitle')}</p>
          <VariantNotice />
          {refused ? <Alert type="error" showIcon message={t('login.refused')} data-testid="login-refused" style={{ marginBottom: 20 }} /> : null}
          <SpecForm<Credentials>
            form={form}
            onSubmit={submit}
            initialValues={{ username: storedUsername() ?? '' }}
            requiredMark={false}
            size="large"
          >
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[ruleFromSpec(REQUIRED, lang, t('auth.usernameRequired'))]}
            >
              <Input
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                data-testid="login-username"
                placeholder={t('login.usernamePlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[ruleFromSpec(REQUIRED, lang, t('login.passwordRequired'))]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                data-testid="login-password"
                placeholder={t('login.passwordPlaceholder')}
              />
            </Form.Item>
            <div className="sl-login-row">
              <Link to="/forgotpwd/fillemail">{t('login.forgot')}</Link>
            </div>
            <SpecForm.Submit block data-testid="login-submit">
              {t('nav.signIn')}
            </SpecForm.Submit>
          </SpecForm>
          <p className="sl-login-foot">
            {t('login.noAccount')} <Link to="/signup">{t('login.signUp')}</Link>
            <span aria-hidden="true"> · </span>
            <Link to="/discovery/index">{t('route.discovery')}</Link>
          </p>
        </section>
      </main>
    </div>
  );
}

// /login and its children (inner, ddwelcome/:client, qywxwelcome, third/:type): the sign-in form.
// The third-party entries add ThirdPartySignIn above it (docs/third-party-logins.md); a password
// sign-in after an unbound third-party answer links that id to the account.
// No antd here (issue 12: the first page most people load must paint fast on a phone): native form
// controls styled by Login.css, the same core rule and texts as every other form; antd and the
// rest of the app load after sign-in, warmed up as soon as the person starts typing.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passes, type ValidationRule } from '@seamline/core';
import { ApiError, toastError, SignedOutError, signIn, storedUsername, Brand, signedInTarget, preloadSignedInApp } from '@seamline/web/engine';
import { LoginLanguageSwitch } from './LoginLanguageSwitch';
import { Notice } from './LoginNotice';
import { ThirdPartySignIn } from './ThirdPartySignIn';
import { bindPendingTicket } from './thirdPartyFlow';
import './Login.css';

interface Credentials {
  username: string;
  password: string;
}

const REQUIRED: ValidationRule = { type: 'required' };

/** Starts loading the app behind sign-in (antd, the shell) once the person interacts. */
let appWarmed = false;
function warmUpApp() {
  if (appWarmed) return;
  appWarmed = true;
  preloadSignedInApp();
}

type Field = keyof Credentials;
/** The refusal in the UI's current language (the lockout keeps the server's words). */
const REFUSED = '\u0000refused';

/** One labelled input with its error under it, tied together for screen readers. */
function LoginField({ name, label, error, children }: { name: Field; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'sl-login-field sl-login-field-error' : 'sl-login-field'}>
      <label htmlFor={`login-${name}`}>{label}</label>
      {children}
      {error ? (
        <div className="sl-login-field-message" id={`login-${name}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState<Credentials>(() => ({ username: storedUsername() ?? '', password: '' }));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const errorOf = (field: Field): string | undefined => {
    if (!touched[field] || passes(REQUIRED, values[field])) return undefined;
    return field === 'username' ? t('auth.usernameRequired') : t('login.passwordRequired');
  };
  const change = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setTouched((v) => ({ ...v, [field]: true }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setTouched({ username: true, password: true });
    if (!passes(REQUIRED, values.username) || !passes(REQUIRED, values.password)) {
      toastError(t('form.correctInput')); // the same words as every other form (VAL-20)
      return;
    }
    warmUpApp();
    setRefused(null);
    setSubmitting(true);
    try {
      await signIn(values.username.trim(), values.password);
    } catch (err) {
      setSubmitting(false);
      // The client shows every other failure as a toast; a 401 (from the sign-in or from the
      // profile right after it) it treats as a lost session and stays silent, and the lockout it
      // leaves to us: the form says both here, the lockout in the server's own words.
      if (err instanceof SignedOutError) setRefused(REFUSED);
      else if (err instanceof ApiError && !err.shown && err.status === 429) setRefused(err.serverMessage || err.message);
      else if (!(err instanceof ApiError)) console.error(err);
      return;
    }
    // Signed in either way; a refused link (already linked to a colleague, ...) is shown as a toast.
    await bindPendingTicket().catch(() => undefined);
    navigate(signedInTarget(search), { replace: true });
  };

  const usernameError = errorOf('username');
  const passwordError = errorOf('password');
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
          <LoginLanguageSwitch />
        </div>
        <section className="sl-login-card">
          <h1 data-testid="page-title">{t('login.title')}</h1>
          <p className="sl-login-sub">{t('login.subtitle')}</p>
          <ThirdPartySignIn />
          {refused ? <Notice tone="error" testId="login-refused">{refused === REFUSED ? t('login.refused') : refused}</Notice> : null}
          <form className="sl-login-form" noValidate onSubmit={submit} onKeyDown={warmUpApp} onPointerDown={warmUpApp}>
            <LoginField name="username" label={t('login.username')} error={usernameError}>
              <input
                id="login-username"
                name="username"
                className="sl-login-input"
                value={values.username}
                onChange={change('username')}
                autoComplete="username"
                autoFocus
                aria-invalid={!!usernameError}
                aria-describedby={usernameError ? 'login-username-error' : undefined}
                data-testid="login-username"
                placeholder={t('login.usernamePlaceholder')}
              />
            </LoginField>
            <LoginField name="password" label={t('login.password')} error={passwordError}>
              <div className="sl-login-password">
                <input
                  id="login-password"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  className="sl-login-input"
                  value={values.password}
                  onChange={change('password')}
                  autoComplete="current-password"
                  aria-invalid={!!passwordError}
                  aria-describedby={passwordError ? 'login-password-error' : undefined}
                  data-testid="login-password"
                  placeholder={t('login.passwordPlaceholder')}
                />
                <button
                  type="button"
                  className="sl-login-reveal"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                  data-testid="login-password-reveal"
                >
                  {showPassword ? t('login.hidePassword') : t('login.showPassword')}
                </button>
              </div>
            </LoginField>
            <div className="sl-login-row">
              <Link to="/forgotpwd/fillemail">{t('login.forgot')}</Link>
            </div>
            <button type="submit" className="sl-login-submit" disabled={submitting} aria-busy={submitting} data-testid="login-submit">
              {submitting ? <span className="sl-login-submit-spin" aria-hidden="true" /> : null}
              {t('nav.signIn')}
            </button>
          </form>
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

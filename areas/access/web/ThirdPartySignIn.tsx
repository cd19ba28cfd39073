// The third-party part of the login page (/login/ddwelcome/{client}, /login/qywxwelcome,
// /login/third/{type}): says where the sign-in comes from, offers 'Sign in with …' when the
// company has that provider (GET dingtalk/prepared-login, or access/qw3rd-login with the caller's
// params), and finishes the provider's answer (POST access/dd-login, or GET access/qw3rd-login
// with the code). An id bound to nobody shows how to link it: the password form below signs in,
// then LoginPage spends the kept bind ticket. Plain elements in Login.css's style: no antd on the
// first page people load (issue 12).
import { useEffect, useState } from 'react';
import { useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, api, i18n, type RouteHandle, signedInTarget } from '@seamline/web/engine';
import { Notice } from './LoginNotice';
import { completeSignIn, goToProvider, keepBindTicket, returnedAnswer, sendOnce, thirdPaths, type LoginAnswer, type Started } from './thirdPartyFlow';
import './thirdPartyMessages';

type Variant = 'dingtalk' | 'wecom' | 'third';

type View =
  | { kind: 'idle' }
  | { kind: 'busy'; type: string }
  | { kind: 'offer'; started: Started }
  | { kind: 'unbound'; message: string; provider: string }
  | { kind: 'error'; message: string };

const quiet = { auth: false, notify: false, redirectOn401: false } as const;
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** A provider's name in the UI's language now (never the raw type, nor a name fetched in the other language). */
function useProviderName() {
  const { t, i18n: i } = useTranslation();
  return (type: string | undefined, fallback = '') => (type && i.exists(`third.name.${type}`) ? t(`third.name.${type}`) : fallback || type || '');
}

/** Starts (no code in the address) or finishes (the provider's answer) a sign-in. */
function useThirdPartySignIn(variant: Variant | undefined, client: string | undefined, type: string | undefined, search: string): View {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'idle' });
  useEffect(() => {
    if (!variant) return;
    let live = true;
    const show = (v: View) => live && setView(v);
    const kind = variant === 'dingtalk' ? 'dingtalk' : variant === 'wecom' ? 'wecom' : (type ?? '');
    const answer = returnedAnswer(search);
    if (answer) {
      if (answer.params.state && !answer.ours) {
        show({ kind: 'error', message: i18n.t('third.notStartedHere') });
        return;
      }
      show({ kind: 'busy', type: kind });
      const finished = sendOnce(answer.params, () =>
        variant === 'dingtalk'
          ? api.post<LoginAnswer>(thirdPaths.ddLogin, answer.params, quiet)
          : api.get<LoginAnswer>(thirdPaths.qw3rdLogin, { ...answer.params, type: kind }, quiet),
      );
      finished
        .then(async (result) => {
          if ('bound' in result && result.bound === false) {
            keepBindTicket(result);
            show({ kind: 'unbound', message: result.message, provider: result.provider });
            return;
          }
          await completeSignIn(result as Exclude<LoginAnswer, { bound: false }>);
          // Signed in: go on even if the page re-rendered meanwhile (the language may have changed).
          navigate(signedInTarget(search), { replace: true });
        })
        .catch((err) => show({ kind: 'error', message: messageOf(err) }));
    } else {
      const params = Object.fromEntries(new URLSearchParams(search));
      const started =
        variant === 'dingtalk'
          ? api.get<Started>(thirdPaths.ddPrepared, { client: client ?? '' }, quiet)
          : api.get<Started>(thirdPaths.qw3rdLogin, { ...params, type: kind }, quiet);
      started.then((s) => show({ kind: 'offer', started: s })).catch((err) => show({ kind: 'error', message: messageOf(err) }));
    }
    return () => {
      live = false;
    };
  }, [variant, client, type, search, navigate]);
  return view;
}

/** Replaces the plain form's heading notice on the third-party login routes. */
export function ThirdPartySignIn() {
  const { t } = useTranslation();
  const { client, type } = useParams();
  const { search } = useLocation();
  const variant = [...useMatches()].reverse().map((m) => (m.handle as RouteHandle | undefined)?.loginVariant).find(Boolean);
  const third = variant === 'dingtalk' || variant === 'wecom' || variant === 'third' ? variant : undefined;
  const view = useThirdPartySignIn(third, client, type, search);
  const providerName = useProviderName();
  if (variant === 'inner') return <Notice tone="info" testId="login-variant">{t('login.variant.inner')}</Notice>;
  if (!third) return null;
  const where = { dingtalk: t('login.variant.dingtalk', { client: client ?? '' }), wecom: t('login.variant.wecom'), third: t('login.variant.third', { type: providerName(type) }) }[third];
  return (
    <>
      <Notice tone="info" testId="login-variant">{where}</Notice>
      {view.kind === 'busy' ? <Notice tone="info" testId="login-third-busy">{t('third.signingIn', { provider: providerName(view.type) })}</Notice> : null}
      {view.kind === 'error' ? <Notice tone="warning" testId="login-third-answer">{view.message}</Notice> : null}
      {view.kind === 'unbound' ? (
        <Notice tone="warning" testId="login-third-unbound">{view.message}</Notice>
      ) : null}
      {view.kind === 'offer' ? (
        <div className="sl-login-third">
          <button type="button" className="sl-login-submit" data-testid="login-third-start" onClick={() => goToProvider(view.started)}>
            {t('third.signInWith', { provider: providerName(view.started.type, view.started.provider) })}
          </button>
          <p className="sl-login-sub" style={{ textAlign: 'center', margin: '12px 0' }}>{t('third.or')}</p>
        </div>
      ) : null}
    </>
  );
}

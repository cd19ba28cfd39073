// Every toast and notification of spec §8 goes through here: errors red at the top for 3 s,
// success at the top for 2 s. Inside the app the instances come from antd <App> (so they follow
// the theme and locale, see FeedbackBridge); before that, antd's static functions are used.
// antd itself is loaded on first use (antdFeedback.ts), so the sign-in page — whose request client
// imports this module — does not carry antd on its critical path (issue 12).
import { ERROR_NOTIFY_MS, SUCCESS_TOAST_MS } from '@seamline/core';
import type { ComponentType, ReactNode } from 'react';
import type { App, ModalFuncProps } from 'antd';
import { i18n } from '../i18n';
import { sessionStore } from '../session/store';

type AppApi = ReturnType<typeof App.useApp>;
interface Instances {
  notification: Pick<AppApi['notification'], 'error'>;
  message: Pick<AppApi['message'], 'success' | 'error'>;
  modal: { info: (config: ModalFuncProps) => unknown };
}

/** What antdFeedback.ts hands over once antd is loaded: its static functions and a button. */
export interface AntdFeedback {
  statics: Instances;
  Button: ComponentType<{ size?: 'small'; danger?: boolean; 'data-testid'?: string; onClick?: () => void; children?: ReactNode }>;
}

let bound: Instances | null = null;
let antd: AntdFeedback | null = null;
let loading: Promise<unknown> | null = null;

/** Binds antd <App>'s instances; the returned function restores the earlier ones (on unmount, so
 *  a page outside the app — /login after signing out — does not talk to a removed <App>). */
export function bindFeedback(instances: Instances): () => void {
  const earlier = bound;
  bound = instances;
  return () => {
    if (bound === instances) bound = earlier;
  };
}

/** Called by antdFeedback.ts when it is evaluated (statically inside the app, lazily before it). */
export function provideAntdFeedback(lib: AntdFeedback): void {
  antd = lib;
}

/** Runs `show` now when antd is there, else once it has loaded. */
function withUi(show: (ui: Instances, lib: AntdFeedback) => void): void {
  if (antd) return show(bound ?? antd.statics, antd);
  loading ??= import('./antdFeedback');
  void loading.then(() => antd && show(bound ?? antd.statics, antd));
}

const seconds = (ms: number) => ms / 1000;
const ERROR_STYLE = { background: '#fff2f0', border: '1px solid #ffccc7' };

/** The admin's contact from the profile (spec §3 contact_phone / contact_mobile), else guidance. */
export function openContactAdmin(): void {
  const user = sessionStore.get();
  const lines = [user?.contact_phone, user?.contact_mobile].filter((x): x is string => !!x);
  withUi((ui) =>
    ui.modal.info({
      title: i18n.t('error.contactAdmin'),
      content: (
        <div data-testid="contact-admin">
          <p>{i18n.t('feedback.contactAdminIntro')}</p>
          {lines.length ? (
            <ul>
              {lines.map((l) => (
                <li key={l}>
                  <a href={`tel:${l}`}>{l}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p>{i18n.t('feedback.contactAdminNoContact')}</p>
          )}
        </div>
      ),
    }),
  );
}

/**
 * A failed call (spec §8): red, top, 3000 ms; with a contact-administrator action when asked.
 * `title` names the failed action ('Save Failed!', 'deletion failed', …), `text` the reason.
 */
export function notifyError(text: string, contactAdmin = false, title?: string): void {
  const reason = <span data-testid="notify-error">{text}</span>;
  withUi((ui, { Button }) =>
    ui.notification.error({
      key: `${title ?? ''}|${text}`, // parallel calls failing the same way show one notification, not a stack
      message: title ? <span data-testid="notify-title">{title}</span> : reason,
      description: title ? reason : undefined,
      placement: 'top',
      duration: seconds(ERROR_NOTIFY_MS),
      style: ERROR_STYLE,
      actions: contactAdmin ? (
        <Button size="small" danger data-testid="contact-admin-action" onClick={openContactAdmin}>
          {i18n.t('error.contactAdmin')}
        </Button>
      ) : undefined,
    }),
  );
}

/** A short red toast at the top (form errors, 'Save failed！…'), 3000 ms. */
export function toastError(text: string): void {
  withUi((ui) =>
    ui.message.error({ content: <span data-testid="toast-error">{text}</span>, duration: seconds(ERROR_NOTIFY_MS), style: { color: '#cf1322' } }),
  );
}

/** Success toasts: top, 2000 ms (CON-12). */
export function toastSuccess(text: string): void {
  withUi((ui) => ui.message.success({ content: <span data-testid="toast-success">{text}</span>, duration: seconds(SUCCESS_TOAST_MS) }));
}

// Fields shared by the sign-up forms and the password forms, with core's validators.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidationRule } from '@seamline/core';
import { ruleFromSpec, sameAs, useLang } from '@seamline/web/engine';
import { USERNAME_RULE } from '../meta/account';

const R = (type: ValidationRule['type']): ValidationRule => ({ type });

/** New password + repeat: strong-password rule, both required, must match (VAL-22, VAL-23, VAL-24). */
export function NewPasswordFields({ name = 'password', testIdPrefix = 'newpwd' }: { name?: string; testIdPrefix?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const repeat = `${name}Repeat`;
  return (
    <>
      <Form.Item
        name={name}
        label={t('account.newPassword')}
        extra={t('account.passwordHint')}
        rules={[ruleFromSpec(R('required'), lang, t('auth.newPasswordRequired')), ruleFromSpec(R('strongPassword'), lang)]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-password`} />
      </Form.Item>
      <Form.Item
        name={repeat}
        label={t('account.repeatPassword')}
        dependencies={[name]}
        rules={[ruleFromSpec(R('required'), lang), sameAs(name, t('auth.passwordMismatch'))]}
      >
        <Input.Password autoComplete="new-password" data-testid={`${testIdPrefix}-repeat`} />
      </Form.Item>
    </>
  );
}

/** Email: required ('Email cannot be empty') and well-formed. */
export function EmailField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item
      name="email"
      label={t('account.email')}
      rules={[ruleFromSpec(R('required'), lang, t('auth.emailRequired')), ruleFromSpec(R('email'), lang)]}
    >
      <Input type="email" autoComplete="email" data-testid={testId} />
    </Form.Item>
  );
}

/** Username: required and the account rule (letters, digits, dot, underscore, @, hyphen). */
export function UsernameField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item
      name="username"
      label={t('account.username')}
      extra={t('account.usernameHint2')}
      rules={[ruleFromSpec(R('required'), lang, t('auth.usernameRequired')), ruleFromSpec(USERNAME_RULE, lang)]}
    >
      <Input autoComplete="username" data-testid={testId} />
    </Form.Item>
  );
}

/** Full name: required. */
export function FullNameField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item name="fullname" label={t('account.fullname')} rules={[ruleFromSpec(R('required'), lang)]}>
      <Input autoComplete="name" data-testid={testId} />
    </Form.Item>
  );
}

/** The person behind a new account: name, username, email, mobile, password. */
export function AccountFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <FullNameField testId={`${testIdPrefix}-fullname`} />
      <UsernameField testId={`${testIdPrefix}-username`} />
      <EmailField testId={`${testIdPrefix}-email`} />
      <Form.Item name="mobile" label={t('account.mobile')} rules={[ruleFromSpec(R('mobile'), lang)]}>
        <Input autoComplete="tel" data-testid={`${testIdPrefix}-mobile`} />
      </Form.Item>
      <NewPasswordFields testIdPrefix={testIdPrefix} />
    </>
  );
}

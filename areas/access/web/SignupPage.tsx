// /signup: register a new company (its first user becomes the ADMIN once the super admin approves)
// or ask to join a company already on Seamline (a COMMON member once its admin approves).
// POST utilsapi/signup/company and signup/join; a finished sign-up counts down to /login.
import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidationRule } from '@seamline/core';
import { api, SpecForm, ruleFromSpec, useLang, PublicFrame } from '@seamline/web/engine';
import { COMPANY_CODE_MAX } from '../meta/account';
import { AccountFields } from './AccountFields';
import { DoneWithCountdown } from './Countdown';
import { signupPaths } from './paths';

const REQUIRED: ValidationRule = { type: 'required' };
const COMPANY_TYPES = ['BRAND', 'FACTORY', 'GARMENT_SUPPLIER', 'FABRIC_SUPPLIER', 'TRIM_SUPPLIER', 'INSPECTION_COMPANY'] as const;

type Kind = 'company' | 'join';

/** Either a new account, or username + password of an existing one. */
function ApplicantFields({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const existing = Form.useWatch('existing') === true;
  return (
    <>
      <Form.Item name="existing" label={t('signup.existing')} valuePropName="checked" extra={existing ? t('signup.existingHint') : undefined}>
        <Switch data-testid={`${prefix}-existing`} />
      </Form.Item>
      {existing ? (
        <>
          <Form.Item name="username" label={t('account.username')} rules={[ruleFromSpec(REQUIRED, lang, t('auth.usernameRequired'))]}>
            <Input autoComplete="username" data-testid={`${prefix}-username`} />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[ruleFromSpec(REQUIRED, lang, t('login.passwordRequired'))]}>
            <Input.Password autoComplete="current-password" data-testid={`${prefix}-password`} />
          </Form.Item>
        </>
      ) : (
        <AccountFields testIdPrefix={prefix} />
      )}
    </>
  );
}

/**
 * A sign-up form (a new company, or joining one): the fields of its kind, the applicant's, a note
 * and the submit; it posts the whole form (an existing account's flag as '1' or '') and is done.
 */
function SignupForm({ kind, path, submitLabel, onDone, children }: { kind: 'company' | 'join'; path: string; submitLabel: string; onDone: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SpecForm<Record<string, unknown>>
      data-testid={`signup-${kind}-form`}
      onSubmit={async (values) => {
        await api.post(path, { ...values, existing: values.existing ? '1' : '' }, { auth: false });
        onDone();
      }}
    >
      {children}
      <Form.Item name="note" label={t('signup.note')}>
        <Input.TextArea rows={2} maxLength={500} data-testid={`signup-${kind}-note`} />
      </Form.Item>
      <SpecForm.Submit block data-testid={`signup-${kind}-submit`}>
        {submitLabel}
      </SpecForm.Submit>
    </SpecForm>
  );
}

function RegisterCompanyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SignupForm kind="company" path={signupPaths.company} submitLabel={t('signup.registerSubmit')} onDone={onDone}>
      <Form.Item name="companyName" label={t('signup.companyName')} rules={[ruleFromSpec(REQUIRED, lang)]}>
        <Input data-testid="signup-company-name" />
      </Form.Item>
      <Form.Item
        name="companyCode"
        label={t('signup.companyCode')}
        extra={t('signup.companyCodeNewHint')}
        rules={[ruleFromSpec(REQUIRED, lang), ruleFromSpec({ type: 'capitalEnglish' }, lang), { max: COMPANY_CODE_MAX }]}
        normalize={(v: string) => v?.toUpperCase()}
      >
        <Input data-testid="signup-company-code" />
      </Form.Item>
      <Form.Item name="companyType" label={t('signup.companyType')} rules={[ruleFromSpec(REQUIRED, lang)]}>
        <Select data-testid="signup-company-type" options={COMPANY_TYPES.map((c) => ({ value: c, label: t(`signup.type.${c}`) }))} />
      </Form.Item>
      <ApplicantFields prefix="signup-admin" />
    </SignupForm>
  );
}

/** A searchable company picker over signup/companies (two characters at least). */
function CompanySelect(props: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  return (
    <Select
      {...props}
      showSearch
      filterOption={false}
      data-testid="signup-join-company"
      placeholder={t('signup.findCompanyHint')}
      notFoundContent={null}
      onSearch={async (search) => {
        if (search.trim().length < 2) return setOptions([]);
        const found = await api.get<{ code: string; name: string }[]>(signupPaths.companies, { search }, { auth: false, notify: false }).catch(() => []);
        setOptions(found.map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })));
      }}
      options={options}
    />
  );
}

function JoinCompanyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SignupForm kind="join" path={signupPaths.join} submitLabel={t('signup.joinSubmit')} onDone={onDone}>
      <Form.Item name="companyCode" label={t('signup.findCompany')} extra={t('signup.companyCodeHint')} rules={[ruleFromSpec(REQUIRED, lang)]}>
        <CompanySelect />
      </Form.Item>
      <ApplicantFields prefix="signup-join" />
    </SignupForm>
  );
}

export default function SignupPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState<Kind | null>(null);
  return (
    <PublicFrame width={560}>
      {done ? (
        <DoneWithCountdown
          testId="signup-done"
          title={t(done === 'company' ? 'signup.doneCompanyTitle' : 'signup.doneJoinTitle')}
          text={t('signup.doneText')}
        />
      ) : (
        <>
          <Alert type="info" showIcon message={t('signup.notice')} style={{ marginBottom: 16 }} />
          <Tabs
            items={[
              { key: 'company', label: t('signup.tabCompany'), children: <RegisterCompanyForm onDone={() => setDone('company')} /> },
              { key: 'join', label: t('signup.tabJoin'), children: <JoinCompanyForm onDone={() => setDone('join')} /> },
            ]}
          />
        </>
      )}
    </PublicFrame>
  );
}

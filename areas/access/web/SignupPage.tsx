// /signup: register a new company (its first user becomes the ADMIN) or join an existing one
// (a COMMON user awaiting the company admin's approval). The forms validate fully; sending them
// opens with a later release, and the page says so instead of pretending.
import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Select, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ValidationRule } from '@seamline/core';
import { SpecForm, ruleFromSpec } from '../../../web/src/form';
import { useLang } from '../../../web/src/i18n';
import { PublicFrame } from '../../../web/src/shell/PublicFrame';
import { AccountFields } from './AccountFields';

const REQUIRED: ValidationRule = { type: 'required' };
const COMPANY_TYPES = ['BRAND', 'FACTORY', 'GARMENT_SUPPLIER', 'FABRIC_SUPPLIER', 'TRIM_SUPPLIER'] as const;

function RegisterCompanyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SpecForm onSubmit={onDone} data-testid="signup-company-form">
      <Form.Item name="companyName" label={t('signup.companyName')} rules={[ruleFromSpec(REQUIRED, lang)]}>
        <Input data-testid="signup-company-name" />
      </Form.Item>
      <Form.Item name="companyType" label={t('signup.companyType')} rules={[ruleFromSpec(REQUIRED, lang)]}>
        <Select
          data-testid="signup-company-type"
          options={COMPANY_TYPES.map((c) => ({ value: c, label: t(`signup.type.${c}`) }))}
        />
      </Form.Item>
      <AccountFields testIdPrefix="signup-admin" />
      <SpecForm.Submit block data-testid="signup-company-submit">
        {t('signup.registerSubmit')}
      </SpecForm.Submit>
    </SpecForm>
  );
}

function JoinCompanyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SpecForm onSubmit={onDone} data-testid="signup-join-form">
      <Form.Item
        name="companyCode"
        label={t('signup.companyCode')}
        extra={t('signup.companyCodeHint')}
        rules={[ruleFromSpec(REQUIRED, lang), ruleFromSpec({ type: 'capitalEnglish' }, lang)]}
        normalize={(v: string) => v?.toUpperCase()}
      >
        <Input data-testid="signup-company-code" />
      </Form.Item>
      <AccountFields testIdPrefix="signup-join" />
      <SpecForm.Submit block data-testid="signup-join-submit">
        {t('signup.joinSubmit')}
      </SpecForm.Submit>
    </SpecForm>
  );
}

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <PublicFrame width={560}>
      {done ? (
        <div data-testid="signup-later">
          <Result
            status="info"
            title={t('signup.laterTitle')}
            subTitle={t('signup.laterText')}
            extra={[
              <Button key="back" onClick={() => setDone(false)}>
                {t('signup.backToForm')}
              </Button>,
              <Button key="login" type="primary" onClick={() => navigate('/login')}>
                {t('nav.signIn')}
              </Button>,
            ]}
          />
        </div>
      ) : (
        <>
          <Alert type="info" showIcon message={t('signup.notice')} style={{ marginBottom: 16 }} />
          <Tabs
            items={[
              { key: 'company', label: t('signup.tabCompany'), children: <RegisterCompanyForm onDone={() => setDone(true)} /> },
              { key: 'join', label: t('signup.tabJoin'), children: <JoinCompanyForm onDone={() => setDone(true)} /> },
            ]}
          />
        </>
      )}
    </PublicFrame>
  );
}

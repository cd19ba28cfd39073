// /sys/index/signup-approval (super admin): company sign-ups awaiting review, approved or rejected.
// Approving asks for the licence type the new company gets.
import { useState } from 'react';
import { Button, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, toastSuccess, useApiQuery, SpecForm, ruleFromSpec, useLang } from '@seamline/web/engine';
import { platformPaths, signupPaths } from '../paths';
import { RequestList, type RequestRow } from './RequestList';
import { Only } from './Only';

export interface Licence {
  code: string;
  name_en: string;
  name_zh: string;
  seq: number;
}

function ApproveCompany({ row, done }: { row: RequestRow; done: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const licences = useApiQuery<Licence[]>(platformPaths.licenceList, undefined, { enabled: open });
  return (
    <>
      <Button type="primary" size="small" onClick={() => setOpen(true)} data-testid={`approve-${row.username}`}>
        {t('members.approve')}
      </Button>
      <Modal open={open} title={t('super.approveTitle', { company: row.company_name })} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('super.approveIntro')}</Typography.Paragraph>
        <SpecForm<{ licenceType: string }>
          initialValues={{ licenceType: 'STANDARD' }}
          onSubmit={async ({ licenceType }) => {
            await api.post(signupPaths.approveCompany, { id: row.id, licenceType });
            toastSuccess(t('members.approved'));
            setOpen(false);
            done();
          }}
        >
          <Form.Item name="licenceType" label={t('super.licence')} rules={[ruleFromSpec({ type: 'required' }, lang)]}>
            <Select
              data-testid="approve-licence"
              loading={licences.isLoading}
              options={(licences.data ?? []).map((l) => ({ value: l.code, label: `${lang === 'en' ? l.name_en : l.name_zh} (${l.code})` }))}
            />
          </Form.Item>
          <SpecForm.Submit data-testid="approve-submit">{t('members.approve')}</SpecForm.Submit>
        </SpecForm>
      </Modal>
    </>
  );
}

function SignupApprovalPageScreen() {
  const { t } = useTranslation();
  return (
    <RequestList
      title={t('super.signups')}
      listPath={signupPaths.companyRequests}
      rejectPath={signupPaths.rejectCompany}
      extraColumns={[
        { title: t('super.company'), dataIndex: 'company_name' },
        { title: t('super.code'), dataIndex: 'company_code' },
        { title: t('super.type'), dataIndex: 'company_type', render: (v: string) => (v ? t(`signup.type.${v}`) : '—') },
        { title: t('super.licence'), dataIndex: 'licence_type', render: (v) => v ?? '—' },
      ]}
      approve={(row, done) => <ApproveCompany row={row} done={done} />}
    />
  );
}

export default function SignupApprovalPage() {
  return (
    <Only who="superAdmin">
      <SignupApprovalPageScreen />
    </Only>
  );
}

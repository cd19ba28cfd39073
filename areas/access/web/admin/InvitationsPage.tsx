// /sys/index/invitation: a company administrator invites colleagues by email; open invitations
// are listed (user type INVITED) until accepted. Inviting the same email again sends a new link.
import { Button, Card, Col, Form, Input, Row, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';
import { api, toastSuccess, useApiQuery, SpecForm } from '@seamline/web/engine';
import { EmailField } from '../AccountFields';
import { accessPaths } from '../paths';
import { when } from './RequestList';
import { Only } from './Only';

interface Invitation {
  user_id: string;
  email: string;
  fullname: string | null;
  user_type: string;
  invited_at: string;
  expires_at: string | null;
}

function InvitationsPageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ email: string; fullname?: string }>();
  const list = useApiQuery<Invitation[]>(accessPaths.invitations);
  const invite = async (values: { email: string; fullname?: string }) => {
    await api.post(accessPaths.invite, values);
    toastSuccess(t('members.invited', { email: values.email }));
    form.resetFields();
    await queryClient.invalidateQueries({ queryKey: [accessPaths.invitations] });
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title={t('members.invite')} data-testid="invite-card">
          <Typography.Paragraph type="secondary">{t('members.inviteIntro')}</Typography.Paragraph>
          <SpecForm form={form} onSubmit={invite}>
            <EmailField testId="invite-email" />
            <Form.Item name="fullname" label={t('members.fullname')}>
              <Input data-testid="invite-name" maxLength={100} />
            </Form.Item>
            <SpecForm.Submit data-testid="invite-send">{t('members.send')}</SpecForm.Submit>
          </SpecForm>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={t('members.openInvitations')}>
          <Table<Invitation>
            rowKey="user_id"
            size="small"
            loading={list.isLoading}
            dataSource={list.data ?? []}
            pagination={false}
            data-testid="invitation-list"
            columns={[
              { title: t('members.email'), dataIndex: 'email' },
              { title: t('members.fullname'), dataIndex: 'fullname', render: (v) => v ?? '—' },
              { title: t('members.userType'), dataIndex: 'user_type', render: (v: string) => <Tag color={statusColor(v)}>{t(`userType.${v}`)}</Tag> },
              { title: t('members.invitedAt'), dataIndex: 'invited_at', render: when },
              { title: t('members.expiresAt'), dataIndex: 'expires_at', render: when },
              {
                title: t('members.actions'),
                key: 'resend',
                render: (_, r) => (
                  <Button size="small" onClick={() => void invite({ email: r.email, fullname: r.fullname ?? undefined })}>
                    {t('members.resend')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

export default function InvitationsPage() {
  return (
    <Only who="companyAdmin">
      <InvitationsPageScreen />
    </Only>
  );
}

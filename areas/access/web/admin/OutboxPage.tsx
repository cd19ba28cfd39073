// /sys/index/outbox (super admin): every mail the platform sent or keeps, newest first, filtered by
// recipient, status and subject kind; a row opens to its text.
import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@seamline/web/engine';
import { platformPaths } from '../paths';
import { when } from './RequestList';
import { Only } from './Only';

interface MailRow {
  id: string;
  toAddress: string;
  subject: string;
  bodyText: string;
  kind: string;
  status: 'OUTBOX' | 'SENT' | 'FAILED';
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

const COLORS = { OUTBOX: 'blue', SENT: 'green', FAILED: 'red' } as const;
const KINDS = ['RESET_PASSWORD', 'INVITATION', 'SIGNUP_RECEIVED', 'SIGNUP_APPROVED', 'SIGNUP_REJECTED', 'JOIN_REQUEST', 'EMAIL_CODE'];

function OutboxPageScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ to?: string; status?: string; kind?: string }>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [form] = Form.useForm();
  const { data, isLoading } = useApiQuery<{ rows: MailRow[]; total: number }>(platformPaths.outbox, { ...filters, page, size });
  return (
    <div data-testid="outbox">
      <Alert type="info" showIcon message={t('super.outboxIntro')} style={{ marginBottom: 12 }} />
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => {
          setFilters({ to: v.to || undefined, status: v.status || undefined, kind: v.kind || undefined });
          setPage(1);
        }}
      >
        <Form.Item name="to" label={t('super.to')}>
          <Input allowClear data-testid="outbox-to" />
        </Form.Item>
        <Form.Item name="status" label={t('members.status')}>
          <Select allowClear style={{ width: 140 }} options={(['OUTBOX', 'SENT', 'FAILED'] as const).map((s) => ({ value: s, label: t(`super.mailStatus.${s}`) }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('super.kind')}>
          <Select allowClear style={{ width: 200 }} options={KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="outbox-search">
            {t('super.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              setPage(1);
            }}
          >
            {t('super.reset')}
          </Button>
        </Space>
      </Form>
      <Table<MailRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.rows ?? []}
        scroll={{ x: true }}
        expandable={{ expandedRowRender: (r) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.bodyText}</pre> }}
        pagination={{ current: page, pageSize: size, total: data?.total ?? 0, showSizeChanger: true, onChange: (p, s) => (setPage(p), setSize(s)) }}
        columns={[
          { title: t('super.createdAt'), dataIndex: 'createdAt', render: when },
          { title: t('super.to'), dataIndex: 'toAddress' },
          { title: t('super.subject'), dataIndex: 'subject' },
          { title: t('super.kind'), dataIndex: 'kind', render: (v: string) => <Tag>{v}</Tag> },
          { title: t('members.status'), dataIndex: 'status', render: (v: MailRow['status']) => <Tag color={COLORS[v]}>{t(`super.mailStatus.${v}`)}</Tag> },
          { title: t('super.sentAt'), dataIndex: 'sentAt', render: when },
          { title: t('super.error'), dataIndex: 'error', render: (v) => v ?? '' },
        ]}
      />
    </div>
  );
}

export default function OutboxPage() {
  return (
    <Only who="superAdmin">
      <OutboxPageScreen />
    </Only>
  );
}

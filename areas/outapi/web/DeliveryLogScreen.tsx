// /sys/page/out-api-log: the company's out-API deliveries, newest first, paged and filtered by
// status and API ID; a row opens its attempts; a failed push is sent again after a confirmation.
// A test push sits above the log. Both need the log menu (SYS_OUT_API_LOG), as the server does: a
// user without it who opens the page by URL sees a 403, and nothing is asked of the server.
import { useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api, toastSuccess, useApiMutation, useApiQuery, type ApiError, useLang, useTranslation, formatDateTime, LoadFailed, useSessionUser,
  type SessionUser,
} from '@seamline/web/engine';
import { BUS, DELIVERY, DELIVERY_STATES, LOG_MENU, USAGE } from '../meta';
import { pushOut } from './push';
import './register-messages';

type Row = Record<string, any>;
interface Page {
  rows: Row[];
  total: number;
}

const COLORS = Object.fromEntries(DELIVERY_STATES.map((s) => [s.value, s.color]));

function StatusTag({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[value]} data-testid={`delivery-status-${value}`}>
      {t(`outapi.status.${value}`)}
    </Tag>
  );
}

function Attempts({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const detail = useApiQuery<Row>(`${BUS}/delivery`, { id });
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  return (
    <Table
      size="small"
      rowKey="no"
      loading={detail.isLoading}
      pagination={false}
      data-testid="delivery-attempts"
      dataSource={detail.data?.attempts ?? []}
      scroll={{ x: true }}
      columns={[
        { title: t('outapi.attemptNo'), dataIndex: 'no', width: 90 },
        { title: t('outapi.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v, lang) },
        { title: t('outapi.httpStatus'), dataIndex: 'http_status', render: (v: number | null) => v ?? t('outapi.noAnswer') },
        { title: t('outapi.ms'), dataIndex: 'ms', align: 'right' },
        { title: t('outapi.error'), dataIndex: 'error', ellipsis: true },
      ]}
    />
  );
}

/** The push configurations the test push may name (the config list is the administrator's). */
function usePushKeys() {
  return useApiQuery<{ rows: Row[] }>('utilsapi/out-api-config/page-list', { q: JSON.stringify({ usage: USAGE.PUSH }), p: JSON.stringify({ size: 200 }) });
}

function TestPush({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ apiKey: string; items: string }>();
  const [sending, setSending] = useState(false);
  const keys = usePushKeys();
  const send = async () => {
    const values = await form.validateFields();
    setSending(true);
    try {
      await pushOut(values.apiKey, JSON.parse(values.items));
    } finally {
      setSending(false);
      onSent();
    }
  };
  return (
    <Card size="small" title={t('outapi.testPush')} data-testid="outapi-test-push">
      <Typography.Paragraph type="secondary">{t('outapi.testPushHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ items: '[{"ID":1}]' }} onFinish={() => void send()}>
        <Form.Item name="apiKey" label={t('outapi.apiId')} rules={[{ required: true, message: t('outapi.chooseApi') }]}>
          <Select
            data-testid="outapi-test-key"
            placeholder={t('outapi.chooseApi')}
            loading={keys.isLoading}
            options={(keys.data?.rows ?? []).map((r) => ({ value: r.api_id, label: r.api_id }))}
          />
        </Form.Item>
        <Form.Item
          name="items"
          label={t('outapi.itemsJson')}
          rules={[
            {
              validator: async (_, v: string) => {
                let parsed: unknown;
                try {
                  parsed = JSON.parse(v);
                } catch {
                  throw new Error(t('outapi.itemsInvalid'));
                }
                if (!Array.isArray(parsed) || !parsed.length || parsed.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) throw new Error(t('outapi.itemsInvalid'));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} data-testid="outapi-test-items" placeholder='[{"ID":1}]' />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending} data-testid="outapi-test-send">
          {t('outapi.send')}
        </Button>
      </Form>
    </Card>
  );
}

/** Whether the signed-in user opens a menu (the menus user-state sent, grouped or flat). */
function opensMenu(user: SessionUser, code: string): boolean {
  const menus: unknown = user.menus;
  const flat = Array.isArray(menus) ? menus : Object.values((menus ?? {}) as Record<string, unknown>).flat();
  return flat.some((m) => (m as { CODE?: unknown } | null)?.CODE === code);
}

export default function DeliveryLogScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  if (!opensMenu(user, LOG_MENU)) {
    return (
      <div data-testid="forbidden">
        <Result status="403" title="403" subTitle={t('http.forbidden')} />
      </div>
    );
  }
  return <DeliveryLog />;
}

function DeliveryLog() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const [apiId, setApiId] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const query = { q: JSON.stringify({ status, api_id: apiId || undefined }), p: JSON.stringify(page) };
  const log = useQuery<Page, ApiError>({ queryKey: ['outapi', 'deliveries', query], queryFn: () => api.get<Page>(`${BUS}/deliveries`, query), placeholderData: keepPreviousData });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['outapi'] }).then(() => qc.invalidateQueries({ queryKey: [`${BUS}/delivery`] }));
  const retry = useApiMutation<Row, { id: string }>(`${BUS}/retry`, {
    onSuccess: () => {
      toastSuccess(t('outapi.requeued'));
      refresh();
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="outapi-log">
      <TestPush onSent={refresh} />
      <Card className="sl-list-card" title={t('outapi.log')} size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('outapi.allStatuses')}
            value={status}
            data-testid="outapi-status-filter"
            onChange={(v) => {
              setStatus(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            options={DELIVERY_STATES.map((s) => ({ value: s.value, label: t(`outapi.status.${s.value}`) }))}
          />
          <Input.Search
            allowClear
            style={{ width: 200 }}
            placeholder={t('outapi.apiId')}
            onSearch={(v) => {
              setApiId(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button onClick={refresh} data-testid="outapi-refresh">
            {t('outapi.refresh')}
          </Button>
        </Space>
        {log.isError ? (
          <LoadFailed onRetry={() => void log.refetch()} />
        ) : (
          <Table<Row>
            rowKey="id"
            size="small"
            data-testid="outapi-deliveries"
            loading={log.isFetching}
            dataSource={log.data?.rows ?? []}
            locale={{ emptyText: t('outapi.empty') }}
            scroll={{ x: 900 }}
            expandable={{ expandedRowRender: (r) => <Attempts id={r.id} /> }}
            pagination={{
              current: page.page,
              pageSize: page.size,
              total: log.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (p, size) => setPage({ page: size === page.size ? p : 1, size }),
            }}
            columns={[
              { title: t('outapi.createdAt'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v, lang), width: 170 },
              { title: t('outapi.apiId'), dataIndex: 'api_id' },
              { title: t('outapi.usage'), dataIndex: 'usage', render: (v: string) => t(v === USAGE.PUSH ? 'outapi.usagePush' : 'outapi.usageBefore') },
              { title: t('outapi.status'), dataIndex: 'status', render: (v: string) => <StatusTag value={v} /> },
              { title: t('outapi.items'), dataIndex: 'items', align: 'right' },
              { title: t('outapi.attempts'), dataIndex: 'attempts', align: 'right' },
              { title: t('outapi.lastStatus'), dataIndex: 'last_status', render: (v: number | null, r) => v ?? (r.attempts ? t('outapi.noAnswer') : '') },
              { title: t('outapi.lastError'), dataIndex: 'last_error', ellipsis: true },
              {
                title: '',
                key: 'actions',
                fixed: 'right',
                render: (_, r) =>
                  r.status === DELIVERY.FAILED && r.usage === USAGE.PUSH ? (
                    <Popconfirm title={t('outapi.retryAsk', { api: r.api_id })} onConfirm={() => retry.mutate({ id: r.id })}>
                      <Button size="small" data-testid="outapi-retry">
                        {t('outapi.retry')}
                      </Button>
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}

// The list behind both reviews — the super admin's company sign-ups and a company admin's join
// requests: status tabs (awaiting review / approved / rejected / all), server paging, and the
// decision buttons on rows awaiting review. Reject asks for the reason that is mailed.
import { useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Button, Form, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';
import { api, toastSuccess, useApiQuery, SpecForm, ruleFromSpec, useLang } from '@seamline/web/engine';

export interface RequestRow {
  id: string;
  status: 'PENDING_ARRPOVE' | 'APPROVED' | 'REJECTED';
  company_name: string;
  company_code: string | null;
  company_type: string | null;
  licence_type: string | null;
  note: string | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  username: string;
  fullname: string | null;
  email: string | null;
  mobile: string | null;
}

interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}

const STATUSES = ['PENDING_ARRPOVE', 'APPROVED', 'REJECTED', 'all'] as const;
export const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor(status)} data-testid={`status-${status}`}>{t(`members.status.${status}`)}</Tag>;
}

/** A modal asking for the rejection reason (required); resolves after the call succeeded. */
function RejectButton({ row, path, onDone }: { row: RequestRow; path: string; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button danger size="small" onClick={() => setOpen(true)} data-testid={`reject-${row.username}`}>
        {t('members.reject')}
      </Button>
      <Modal open={open} title={t('members.rejectTitle', { name: row.fullname ?? row.username })} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <SpecForm<{ reason: string }>
          onSubmit={async ({ reason }) => {
            await api.post(path, { id: row.id, reason });
            toastSuccess(t('members.rejected'));
            setOpen(false);
            onDone();
          }}
        >
          <Form.Item name="reason" label={t('members.reason')} rules={[ruleFromSpec({ type: 'required' }, lang)]}>
            <Input.TextArea rows={3} maxLength={500} placeholder={t('members.reasonPlaceholder')} data-testid="reject-reason" autoFocus />
          </Form.Item>
          <SpecForm.Submit danger data-testid="reject-submit">
            {t('members.reject')}
          </SpecForm.Submit>
        </SpecForm>
      </Modal>
    </>
  );
}

export function RequestList({
  title,
  listPath,
  rejectPath,
  extraColumns,
  approve,
}: {
  title: string;
  listPath: string;
  rejectPath: string;
  extraColumns: TableColumnsType<RequestRow>;
  /** The approve control of a row awaiting review (a confirm, or a modal asking for more). */
  approve: (row: RequestRow, done: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('PENDING_ARRPOVE');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const query = { status: status === 'all' ? '' : status, page, size };
  const { data, isLoading } = useApiQuery<Page<RequestRow>>(listPath, query);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [listPath] });

  const columns: TableColumnsType<RequestRow> = [
    ...extraColumns,
    {
      title: t('members.applicant'),
      key: 'applicant',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.fullname ?? '—'}</span>
          <Typography.Text type="secondary">{r.username}</Typography.Text>
        </Space>
      ),
    },
    { title: t('members.email'), dataIndex: 'email', render: (v) => v ?? '—' },
    { title: t('members.mobile'), dataIndex: 'mobile', render: (v) => v ?? '—' },
    { title: t('members.note'), dataIndex: 'note', render: (v) => v ?? '—', ellipsis: true },
    { title: t('members.status'), dataIndex: 'status', render: (v: string) => <StatusTag status={v} /> },
    { title: t('members.requestedAt'), dataIndex: 'created_at', render: when },
    { title: t('members.reason'), dataIndex: 'reason', render: (v) => v ?? '—', ellipsis: true },
    {
      title: t('members.actions'),
      key: 'actions',
      render: (_, r) =>
        r.status === 'PENDING_ARRPOVE' ? (
          <Space>
            {approve(r, refresh)}
            <RejectButton row={r} path={rejectPath} onDone={refresh} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{when(r.decided_at)}</Typography.Text>
        ),
    },
  ];

  return (
    <div data-testid="request-list">
      {/* The page title (the menu's) is above; the list names what it holds for screen readers. */}
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'flex-end' }} wrap aria-label={title}>
        <Segmented
          data-testid="request-status"
          value={status}
          onChange={(v) => {
            setStatus(v as (typeof STATUSES)[number]);
            setPage(1);
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`members.status.${s}`) }))}
        />
      </Space>
      <Table<RequestRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setSize(s);
          },
        }}
      />
    </div>
  );
}

/** Approve after a confirm (join requests). */
export function ConfirmApprove({ row, path, done }: { row: RequestRow; path: string; done: () => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('members.approveConfirm', { name: row.fullname ?? row.username })}
      onConfirm={async () => {
        await api.post(path, { id: row.id });
        toastSuccess(t('members.approved'));
        done();
      }}
    >
      <Button type="primary" size="small" data-testid={`approve-${row.username}`}>
        {t('members.approve')}
      </Button>
    </Popconfirm>
  );
}

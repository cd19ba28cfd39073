// /sys/index/user — user management (CFG-01..05): the company's members, filtered, sorted and
// paged on the server; create/edit in a drawer (password only when set, never shown); last
// login read-only; freeze/unfreeze with a confirmation; user types as coloured tags.
import { useState } from 'react';
import { Button, Col, Descriptions, Form, Input, Popconfirm, Row, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';
import { toastSuccess, formatDateTime, RecordEditor, RecordList } from '@seamline/web/engine';
import { adminLabels, get, post, useAdminSave, useIsCompanyAdmin, type Doc } from './common';

const TYPES = ['COMMON', 'ADMIN', 'INVITED', 'GUEST', 'UNASSIGNED', 'user'] as const;
const PROFILE = ['username', 'full_name', 'first_name', 'last_name', 'email', 'gender', 'title', 'mobile', 'phone', 'language_code', 'avatar'] as const;
const LINKED = ['wx_id', 'qywx_id', 'dd_id'] as const;

interface ListState {
  search: string;
  status?: string;
  userType?: string;
  page: number;
  size: number;
  sort?: { field: string; order: 'asc' | 'desc' };
}

export function UserTypeTag({ type }: { type: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Tag color={statusColor(type)} data-testid={`user-type-${type}`}>
      {i18n.exists(`userType.${type}`) ? t(`userType.${type}`) : type}
    </Tag>
  );
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={status === 'FROZEN' ? 'red' : 'green'}>{t(status === 'FROZEN' ? 'admin.users.frozen' : 'admin.users.active')}</Tag>;
}

export default function UsersPage() {
  const { t } = useTranslation();
  const admin = useIsCompanyAdmin();
  const qc = useQueryClient();
  const [state, setState] = useState<ListState>({ search: '', page: 1, size: 20 });
  const q = { search: state.search || undefined, status: state.status, user_type: state.userType ? [state.userType] : undefined };
  const p = { page: state.page, size: state.size, sort: state.sort ? [state.sort] : [] };
  const list = useQuery({ queryKey: ['admin', 'users', q, p], queryFn: () => get<{ rows: Doc[]; total: number }>('users/page-list', { q, p }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'users'] });

  // Freeze, unfreeze and remove act on the membership in this company, never on the account.
  const setStatus = async (row: Doc, action: 'freeze-membership' | 'unfreeze-membership' | 'remove') => {
    await post(`users/${action}`, { id: row.id });
    toastSuccess(t('admin.common.saved'));
    await refresh();
  };

  const columns: NonNullable<TableProps<Doc>['columns']> = [
    {
      title: t('admin.f.username'),
      dataIndex: 'username',
      sorter: true,
      sortOrder: order(state, 'username'),
      // An invited colleague has no username until they accept the invitation.
      render: (v: string | null) => v ?? <Tag data-testid="invitation-pending">{t('admin.users.invitationPending')}</Tag>,
    },
    { title: t('admin.f.full_name'), dataIndex: 'full_name', sorter: true, sortOrder: order(state, 'full_name') },
    { title: t('admin.f.email'), dataIndex: 'email', sorter: true, sortOrder: order(state, 'email') },
    { title: t('admin.users.type'), dataIndex: 'user_type', sorter: true, sortOrder: order(state, 'user_type'), render: (v: string) => <UserTypeTag type={v} /> },
    { title: t('admin.users.roles'), dataIndex: 'roles', render: (roles: Doc[]) => roles.map((r) => <Tag key={r.id}>{r.code}</Tag>) },
    { title: t('admin.users.status'), dataIndex: 'status', sorter: true, sortOrder: order(state, 'status'), render: (v: string, row: Doc) => <StatusTag status={row.membership_status === 'FROZEN' ? 'FROZEN' : v} /> },
    {
      title: t('admin.users.lastLogin'),
      dataIndex: 'last_login_time',
      sorter: true,
      sortOrder: order(state, 'last_login_time'),
      render: (v: string | null) => (v ? formatDateTime(v) : t('admin.common.none')),
    },
  ];

  return (
    <RecordList<Doc>
      title={t('admin.users.title')}
      testId="admin-users"
      create={admin ? { label: t('admin.users.new'), testId: 'user-new' } : undefined}
      toolbar={
        <Space wrap style={{ marginBottom: 12 }} data-testid="user-filters">
          <Input.Search
            allowClear
            placeholder={t('admin.users.search')}
            aria-label={t('admin.users.search')}
            onSearch={(search) => setState((s) => ({ ...s, search, page: 1 }))}
            style={{ width: 260 }}
            data-testid="user-search"
          />
          <Select
            allowClear
            placeholder={t('admin.users.status')}
            aria-label={t('admin.users.status')}
            style={{ width: 140 }}
            value={state.status}
            onChange={(status) => setState((s) => ({ ...s, status, page: 1 }))}
            options={['ACTIVE', 'FROZEN'].map((v) => ({ value: v, label: t(v === 'FROZEN' ? 'admin.users.frozen' : 'admin.users.active') }))}
          />
          <Select
            allowClear
            placeholder={t('admin.users.type')}
            aria-label={t('admin.users.type')}
            style={{ width: 200 }}
            value={state.userType}
            onChange={(userType) => setState((s) => ({ ...s, userType, page: 1 }))}
            options={TYPES.map((v) => ({ value: v, label: <UserTypeTag type={v} /> }))}
          />
        </Space>
      }
      rows={list.data?.rows ?? []}
      loading={list.isLoading}
      columns={columns}
      tableTestId="user-table"
      actions={{
        title: t('admin.common.actions'),
        edit: { label: t('admin.common.edit'), testId: (row) => `edit-${row.username ?? row.email}` },
        // Freeze, unfreeze and remove: company administrators only.
        extra: (row) => admin && <MembershipActions row={row} onAction={setStatus} />,
      }}
      table={{
        // Wider than the card (three actions, long emails): scroll inside it, never the whole page.
        scroll: { x: 'max-content' },
        pagination: {
          current: state.page,
          pageSize: state.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('admin.common.total', { count }),
        },
        onChange: (pg, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setState((st) => ({
            ...st,
            page: pg.current ?? 1,
            size: pg.pageSize ?? 20,
            sort: s?.order && typeof s.field === 'string' ? { field: s.field, order: s.order === 'descend' ? 'desc' : 'asc' } : undefined,
          }));
        },
      }}
      editor={(user, close) => <UserDrawer user={user} readOnly={!admin} onClose={close} onSaved={refresh} />}
    />
  );
}

/** Freeze or unfreeze, and remove: they act on the membership in this company, never on the account. */
function MembershipActions({ row, onAction }: { row: Doc; onAction: (row: Doc, action: 'freeze-membership' | 'unfreeze-membership' | 'remove') => unknown }) {
  const { t } = useTranslation();
  const who = row.username ?? row.email;
  const name = row.full_name ?? row.username ?? row.email;
  return (
    <>
      {row.membership_status === 'FROZEN' ? (
        <Popconfirm title={t('admin.users.unfreezeConfirm', { name })} onConfirm={() => onAction(row, 'unfreeze-membership')}>
          <Button size="small" type="link" data-testid={`unfreeze-${who}`}>
            {t('admin.users.unfreeze')}
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm title={t('admin.users.freezeConfirm', { name })} onConfirm={() => onAction(row, 'freeze-membership')}>
          <Button size="small" type="link" danger data-testid={`freeze-${who}`}>
            {t('admin.users.freeze')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm title={t('admin.users.removeConfirm', { name })} onConfirm={() => onAction(row, 'remove')}>
        <Button size="small" type="link" danger data-testid={`remove-${who}`}>
          {t('admin.users.remove')}
        </Button>
      </Popconfirm>
    </>
  );
}

function order(state: ListState, field: string) {
  return state.sort?.field === field ? (state.sort.order === 'desc' ? 'descend' : 'ascend') : null;
}

function UserDrawer({ user, readOnly, onClose, onSaved }: { user: Doc | null; readOnly: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const roles = useQuery({ queryKey: ['admin', 'roles'], queryFn: () => get<Doc[]>('roles/list') });
  const detail = useQuery({ queryKey: ['admin', 'user', user?.id], queryFn: () => get<Doc>('users/view', { id: user!.id }), enabled: Boolean(user) });
  const doc = detail.data ?? user;
  const initial = doc ? { ...doc, role_ids: (doc.roles ?? []).map((r: Doc) => r.id), password: '' } : { user_type: 'COMMON', language_code: 'zh', role_ids: [] };
  // What this administrator may not change of this account (the server refuses it anyway): its
  // credentials and identity, or all of a shared or super admin's account (docs/security.md).
  const locked = new Set<string>(detail.data?.locked_fields ?? []);
  // An invited colleague chooses their username when accepting; until then there is none to edit.
  const invited = Boolean(doc && !doc.username);
  const off = (name: string) => readOnly || locked.has(name) || (invited && name === 'username');

  const { saving, save } = useAdminSave(
    form,
    (values) => {
      const body: Doc = { ...values, ...(doc ? { id: doc.id, version: doc.version } : {}) };
      if (doc && !values.password) delete body.password;
      if (invited) delete body.username;
      return post('users/save', body);
    },
    () => {
      onSaved();
      onClose();
    },
  );

  const text = (name: string, rules: object[] = [], placeholder?: string) => (
    <Col xs={24} md={12} key={name}>
      <Form.Item name={name} label={t(`admin.f.${name}`)} rules={rules}>
        <Input disabled={off(name)} placeholder={placeholder} data-testid={`user-field-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <RecordEditor as="drawer" width={720} title={doc ? t('admin.users.edit') : t('admin.users.new')} readOnly={readOnly} saving={saving} onSave={save} onClose={onClose} labels={adminLabels(t)} saveTestId="user-save">
      {(!user || detail.data) && (
        <Form form={form} layout="vertical" initialValues={initial} data-testid="user-form" onFinish={save}>
          <Typography.Title level={5}>{t('admin.users.profile')}</Typography.Title>
          {!readOnly && locked.size > 0 && (
            <Typography.Paragraph type="secondary" data-testid="user-owner-only">
              {t('admin.users.ownerOnly')}
            </Typography.Paragraph>
          )}
          <Row gutter={16}>
            {PROFILE.map((name) => {
              if (name === 'gender')
                return (
                  <Col xs={24} md={12} key={name}>
                    <Form.Item name="gender" label={t('admin.f.gender')}>
                      <Select allowClear disabled={off('gender')} options={['M', 'F'].map((v) => ({ value: v, label: t(`admin.gender.${v}`) }))} />
                    </Form.Item>
                  </Col>
                );
              if (name === 'language_code')
                return (
                  <Col xs={24} md={12} key={name}>
                    <Form.Item name="language_code" label={t('admin.f.language_code')}>
                      <Select allowClear disabled={off('language_code')} options={[{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }]} />
                    </Form.Item>
                  </Col>
                );
              if (name === 'username') return text(name, invited ? [] : [{ required: true, message: t('val.required') }], invited ? t('admin.users.invitationPending') : undefined);
              if (name === 'full_name') return text(name, [{ required: true, message: t('val.required') }]);
              if (name === 'email') return text(name, [{ type: 'email', message: t('val.email') }]);
              return text(name);
            })}
            {!off('password') && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  label={doc ? t('admin.users.newPassword') : t('admin.users.password')}
                  rules={doc ? [] : [{ required: true, message: t('val.required') }]}
                >
                  <Input.Password autoComplete="new-password" data-testid="user-field-password" />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Typography.Title level={5}>{t('admin.users.access')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="user_type" label={t('admin.users.type')}>
                <Select disabled={off('user_type')} options={TYPES.map((v) => ({ value: v, label: <UserTypeTag type={v} /> }))} data-testid="user-field-user_type" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="role_ids" label={t('admin.users.roles')}>
                <Select
                  mode="multiple"
                  disabled={off('role_ids')}
                  loading={roles.isLoading}
                  optionFilterProp="label"
                  options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${r.name}` }))}
                  data-testid="user-field-roles"
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('admin.users.accounts')}</Typography.Title>
          <Row gutter={16}>{LINKED.map((name) => text(name))}</Row>
          {doc && (
            <Descriptions size="small" bordered column={1} data-testid="user-readonly">
              <Descriptions.Item label={t('admin.users.status')}>
                <StatusTag status={doc.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.users.lastLogin')}>
                <span data-testid="user-last-login">{doc.last_login_time ? formatDateTime(doc.last_login_time) : t('admin.common.none')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.users.lastLoginIp')}>
                <span data-testid="user-last-ip">{doc.last_login_ip ?? t('admin.common.none')}</span>
              </Descriptions.Item>
              {doc.other_companies > 0 && (
                <Descriptions.Item label={t('admin.users.otherCompanies', { count: doc.other_companies })}>
                  {t('admin.users.otherCompanies', { count: doc.other_companies })}
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
        </Form>
      )}
    </RecordEditor>
  );
}

// /sys/index/user — user management (CFG-01..05): the user definition (areas/system/meta) in the
// engine's list + drawer, filtered, sorted and paged on the server; its own parts are the filters,
// the membership actions (freeze/unfreeze, remove, each after a confirmation), the controls of
// password, user type and roles, what a shared account locks, and the read-only last login.
import { useState } from 'react';
import { Button, Descriptions, Input, Popconfirm, Select, Space, Tag, Typography, type SelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';
import { DefinitionRecords, formatDateTime, toastSuccess, type ListPaging, type RecordControlProps } from '@seamline/web/engine';
import { USER_SECTIONS, USER_TYPES, userEntity } from '../../meta/user';
import { adminTexts, applyFieldErrors, get, post, recordsPicker, useIsCompanyAdmin, type Doc } from './common';

type MembershipAction = 'freeze-membership' | 'unfreeze-membership' | 'remove';

interface Filters {
  search: string;
  status?: string;
  userType?: string;
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
  const [filters, setFilters] = useState<Filters>({ search: '' });
  const [page, setPage] = useState<ListPaging>({ page: 1, size: 20 });
  // A changed filter starts again at the first page.
  const filter = (change: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage((p) => ({ ...p, page: 1 }));
  };
  const q = { search: filters.search || undefined, status: filters.status, user_type: filters.userType ? [filters.userType] : undefined };
  const p = { page: page.page, size: page.size, sort: page.sort ? [page.sort] : [] };
  const list = useQuery({ queryKey: ['admin', 'users', q, p], queryFn: () => get<{ rows: Doc[]; total: number }>('users/page-list', { q, p }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'users'] });

  // Freeze, unfreeze and remove act on the membership in this company, never on the account.
  const act = async (row: Doc, action: MembershipAction) => {
    await post(`users/${action}`, { id: row.id });
    toastSuccess(t('admin.common.saved'));
    await refresh();
  };

  return (
    <DefinitionRecords<Doc>
      def={userEntity}
      testKey="user"
      testId="admin-users"
      tableTestId="user-table"
      rows={list.data?.rows ?? []}
      loading={list.isLoading}
      sortable={['username', 'full_name', 'email', 'user_type', 'status', 'last_login_time']}
      paging={{ state: page, total: list.data?.total ?? 0, totalText: (count) => t('admin.common.total', { count }), onChange: setPage }}
      // Wider than the card (three actions, long emails).
      wide
      toolbar={<UserFilters filters={filters} onChange={filter} />}
      renders={{
        // An invited colleague has no username until they accept the invitation.
        username: (v: string | null) => v ?? <Tag data-testid="invitation-pending">{t('admin.users.invitationPending')}</Tag>,
        user_type: (v: string) => <UserTypeTag type={v} />,
        roles: (roles: Doc[]) => roles.map((r) => <Tag key={r.id}>{r.code}</Tag>),
        status: (v: string, row: Doc) => <StatusTag status={row.membership_status === 'FROZEN' ? 'FROZEN' : v} />,
        last_login_time: (v: string | null) => (v ? formatDateTime(v) : t('admin.common.none')),
      }}
      texts={adminTexts(t, { title: 'admin.users.title', create: 'admin.users.new', edit: 'admin.users.edit', deleteConfirm: () => '' })}
      writable={admin}
      editTestId={(row) => `edit-${row.username ?? row.email}`}
      // Freeze, unfreeze and remove: company administrators only.
      rowActions={(row) => admin && <MembershipActions row={row} onAction={act} />}
      editor={{
        as: 'drawer',
        width: 720,
        useDoc: useUserDetail,
        sections: [
          { title: t('admin.users.profile'), fields: [...USER_SECTIONS.profile], note: (doc) => admin && lockedOf(doc).size > 0 && <OwnerOnlyNote /> },
          { title: t('admin.users.access'), fields: [...USER_SECTIONS.access] },
          { title: t('admin.users.accounts'), fields: [...USER_SECTIONS.accounts] },
        ],
        fieldState: (field, doc) => {
          const invited = isInvited(doc);
          const off = !admin || lockedOf(doc).has(field.name) || (invited && field.name === 'username');
          if (field.name === 'password')
            return { hidden: off, required: !doc, label: t(doc ? 'admin.users.newPassword' : 'admin.users.password') };
          if (field.name === 'username' && invited) return { disabled: true, required: false, placeholder: t('admin.users.invitationPending') };
          return { disabled: off };
        },
        controls: { password: PasswordControl, user_type: UserTypeControl, role_ids: RolesControl },
        initialValues: (doc) =>
          doc ? { ...doc, role_ids: (doc.roles ?? []).map((r: Doc) => r.id), password: '' } : { user_type: 'COMMON', language_code: 'zh', role_ids: [] },
        footer: (_values, doc) => doc && <LastLogin doc={doc} />,
        submit: (values, doc) => {
          const body: Doc = { ...values, ...(doc ? { id: doc.id, version: doc.version } : {}) };
          if (doc && !values.password) delete body.password;
          if (isInvited(doc)) delete body.username;
          return post('users/save', body);
        },
        onSaved: refresh,
        onError: applyFieldErrors,
      }}
    />
  );
}

/**
 * What this administrator may not change of this account (the server refuses it anyway): its
 * credentials and identity, or all of a shared or super admin's account (docs/security.md).
 */
const lockedOf = (doc: Doc | null) => new Set<string>(doc?.locked_fields ?? []);
/** An invited colleague chooses their username when accepting; until then there is none to edit. */
const isInvited = (doc: Doc | null) => Boolean(doc && !doc.username);

/** A user's detail (locked fields, other companies); null for a new one, undefined while it loads. */
function useUserDetail(user: Doc | null): Doc | null | undefined {
  const detail = useQuery({ queryKey: ['admin', 'user', user?.id], queryFn: () => get<Doc>('users/view', { id: user!.id }), enabled: Boolean(user) });
  return user ? detail.data : null;
}

function UserFilters({ filters, onChange }: { filters: Filters; onChange: (change: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  // The membership's status and the account type, each one value or all.
  const choices: Array<{ key: 'status' | 'userType'; label: string; width: number; options: SelectProps['options'] }> = [
    { key: 'status', label: t('admin.users.status'), width: 140, options: ['ACTIVE', 'FROZEN'].map((v) => ({ value: v, label: t(v === 'FROZEN' ? 'admin.users.frozen' : 'admin.users.active') })) },
    { key: 'userType', label: t('admin.users.type'), width: 200, options: USER_TYPES.map((v) => ({ value: v, label: <UserTypeTag type={v} /> })) },
  ];
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="user-filters">
      <Input.Search
        allowClear
        placeholder={t('admin.users.search')}
        aria-label={t('admin.users.search')}
        onSearch={(search) => onChange({ search })}
        style={{ width: 260 }}
        data-testid="user-search"
      />
      {choices.map((c) => (
        <Select
          key={c.key}
          allowClear
          placeholder={c.label}
          aria-label={c.label}
          style={{ width: c.width }}
          value={filters[c.key]}
          onChange={(v: string | undefined) => onChange({ [c.key]: v })}
          options={c.options}
        />
      ))}
    </Space>
  );
}

/** Freeze or unfreeze, and remove: they act on the membership in this company, never on the account. */
function MembershipActions({ row, onAction }: { row: Doc; onAction: (row: Doc, action: MembershipAction) => unknown }) {
  const { t } = useTranslation();
  const who = row.username ?? row.email;
  const name = row.full_name ?? row.username ?? row.email;
  const frozen = row.membership_status === 'FROZEN';
  const step = (key: 'freeze' | 'unfreeze' | 'remove', action: MembershipAction, danger: boolean) => (
    <Popconfirm title={t(`admin.users.${key}Confirm`, { name })} onConfirm={() => onAction(row, action)}>
      <Button size="small" type="link" danger={danger} data-testid={`${key}-${who}`}>
        {t(`admin.users.${key}`)}
      </Button>
    </Popconfirm>
  );
  return (
    <>
      {frozen ? step('unfreeze', 'unfreeze-membership', false) : step('freeze', 'freeze-membership', true)}
      {step('remove', 'remove', true)}
    </>
  );
}

function OwnerOnlyNote() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" data-testid="user-owner-only">
      {t('admin.users.ownerOnly')}
    </Typography.Paragraph>
  );
}

function PasswordControl({ value, onChange }: RecordControlProps) {
  return <Input.Password autoComplete="new-password" value={value} onChange={(e) => onChange?.(e.target.value)} data-testid="user-field-password" />;
}

function UserTypeControl({ value, onChange, disabled }: RecordControlProps) {
  return <Select value={value} onChange={onChange} disabled={disabled} options={USER_TYPES.map((v) => ({ value: v, label: <UserTypeTag type={v} /> }))} data-testid="user-field-user_type" />;
}

/** The company's roles, several of them. */
const RolesControl = recordsPicker({ key: ['admin', 'roles'], load: () => get<Doc[]>('roles/list'), label: (r) => `${r.code} · ${r.name}`, testId: 'user-field-roles' });

/** What the server keeps of the account: shown, never edited. */
function LastLogin({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  return (
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
  );
}

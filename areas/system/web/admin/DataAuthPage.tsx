// /sys/masterdetail/data-auth — data authorization (CFG-11..13): the user definition's members on
// the left (the engine's DefinitionMasterDetail); on the right the chosen user's rules (the data
// rule definition's columns and fields: menu, field, operator, value), their effective rules per
// menu and 'view as this user': why a given record is visible to them or not.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Form, Popconfirm, Select, Space, Table, Tag, Typography, type SelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { api, DefinitionMasterDetail, toastSuccess, useDefinitionColumns, useLang } from '@seamline/web/engine';
import { dataRuleEntity } from '../../meta/dataRule';
import { userEntity } from '../../meta/user';
import { applyFieldErrors, get, post, useIsCompanyAdmin, type Doc } from './common';
import { UserTypeTag } from './UsersPage';

export default function DataAuthPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useQuery({ queryKey: ['admin', 'users', 'data-auth', search], queryFn: () => get<{ rows: Doc[] }>('users/page-list', { q: { search: search || undefined }, p: { size: 200 } }) });
  return (
    <DefinitionMasterDetail<Doc>
      def={userEntity}
      title={t('admin.dataAuth.title')}
      testId="admin-data-auth"
      masterTitle={t('admin.dataAuth.users')}
      testKey="auth-user"
      rows={users.data?.rows ?? []}
      loading={users.isLoading}
      search={{ placeholder: t('admin.users.search'), onSearch: setSearch }}
      item={(u) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{u.full_name ?? u.username}</Typography.Text>
          <Space size={4}>
            <Typography.Text type="secondary">{u.username}</Typography.Text>
            <UserTypeTag type={u.user_type} />
          </Space>
        </Space>
      )}
      pick={t('admin.dataAuth.pickUser')}
      detail={(user) => <UserRules user={user} />}
    />
  );
}

function UserRules({ user }: { user: Doc }) {
  const { t } = useTranslation();
  const lang = useLang();
  const admin = useIsCompanyAdmin();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const fields = useQuery({ queryKey: ['admin', 'rule-fields'], queryFn: () => get<{ operators: string[]; entities: Doc[] }>('data-rules/fields') });
  const effective = useQuery({ queryKey: ['admin', 'rules', user.id], queryFn: () => get<Doc>('data-rules/effective', { user_id: user.id }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'rules', user.id] });
  const menuCode = Form.useWatch('menu_code', form) as string | undefined;
  const withMenu = (fields.data?.entities ?? []).filter((e) => e.menu_code);
  const entityOfMenu = withMenu.find((e) => e.menu_code === menuCode);
  const field = Form.useWatch('field', form) as string | undefined;
  // The values the chosen field really takes (options, dictionary rows, referenced records, values
  // in use); several are joined with commas for 'in', and anything else can still be typed.
  const choices = useQuery({
    queryKey: ['admin', 'rule-values', entityOfMenu?.entity, field],
    queryFn: () => get<Array<{ value: string; label: string }>>('data-rules/values', { entity: entityOfMenu!.entity, field: field! }),
    enabled: Boolean(entityOfMenu && field),
  });
  const rules: Doc[] = (effective.data?.menus ?? []).flatMap((m: Doc) => m.rules);
  const columns = useDefinitionColumns<Doc>(dataRuleEntity, { renders: { operator: (v: string) => <Tag>{v}</Tag> } });

  const add = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const value = ([] as string[]).concat(values.value ?? []).join(',');
      await post('data-rules/save', { ...values, value, user_id: user.id });
      toastSuccess(t('admin.common.saved'));
      form.resetFields();
      await refresh();
    } catch (err) {
      applyFieldErrors(form, err);
    }
  };
  const remove = async (id: string) => {
    await post('data-rules/delete', [id]);
    toastSuccess(t('admin.common.deleted'));
    await refresh();
  };

  // Each field of the rule's definition as a select of what it may take: the menus with an entity,
  // that entity's fields, the operators, the values in use. A changed menu or field clears what
  // depended on it.
  const controls: Record<string, SelectProps & { 'data-testid': string }> = {
    menu_code: {
      showSearch: true,
      style: { width: 220 },
      options: withMenu.map((e) => ({ value: e.menu_code, label: `${e.label} (${e.menu_code})` })),
      onChange: () => form.setFieldsValue({ field: undefined, value: [] }),
      'data-testid': 'rule-menu',
    },
    field: {
      showSearch: true,
      style: { width: 180 },
      options: (entityOfMenu?.fields ?? []).map((f: Doc) => ({ value: f.name, label: `${f.label} (${f.name})` })),
      onChange: () => form.setFieldValue('value', []),
      'data-testid': 'rule-field',
    },
    operator: { style: { width: 110 }, options: (fields.data?.operators ?? []).map((o) => ({ value: o, label: o })), 'data-testid': 'rule-operator' },
    value: {
      mode: 'tags',
      style: { minWidth: 200 },
      loading: choices.isFetching,
      options: choices.data ?? [],
      notFoundContent: field ? t('admin.dataAuth.noValues') : t('admin.dataAuth.pickFieldFirst'),
      'data-testid': 'rule-value',
    },
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small" title={t('admin.dataAuth.rules', { name: user.full_name ?? user.username })} data-testid="auth-rules">
        <Table<Doc>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rules}
          columns={[
            ...columns,
            ...(admin
              ? [
                  {
                    title: t('admin.common.actions'),
                    key: 'a',
                    render: (_: unknown, r: Doc) => (
                      <Popconfirm title={t('admin.dataAuth.deleteConfirm')} onConfirm={() => remove(r.id)}>
                        <Button size="small" type="link" danger>
                          {t('admin.common.delete')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {admin && (
          <Form form={form} layout="inline" style={{ marginTop: 12, rowGap: 8 }} data-testid="rule-form" onFinish={add}>
            {dataRuleEntity.fields.map((f) => {
              const label = pickLabel(f.label, lang);
              return (
                <Form.Item key={f.name} name={f.name} rules={f.required ? [{ required: true, message: t('val.required') }] : []} tooltip={f.hint && pickLabel(f.hint, lang)}>
                  <Select placeholder={label} aria-label={label} optionFilterProp="label" {...controls[f.name]} />
                </Form.Item>
              );
            })}
            <Button type="primary" htmlType="submit" data-testid="rule-add">
              {t('admin.dataAuth.newRule')}
            </Button>
          </Form>
        )}
      </Card>
      <EffectiveRules menus={effective.data?.menus ?? []} />
      <ViewAs user={user} entities={withMenu} />
    </Space>
  );
}

/** The rules that apply, per menu; a menu the user does not open says its rules do nothing yet. */
function EffectiveRules({ menus }: { menus: Doc[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('admin.dataAuth.effective')} data-testid="auth-effective">
      {menus.length === 0 ? (
        <Typography.Text type="secondary">{t('admin.dataAuth.noRules')}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {menus.map((m) => (
            <div key={m.menu_code}>
              <Space>
                <Tag color="blue">{m.menu_code}</Tag>
                {m.rules.map((r: Doc) => (
                  <Tag key={r.id}>{`${r.field} ${r.operator} ${r.value}`}</Tag>
                ))}
              </Space>
              {!m.opens_menu && <Alert type="warning" showIcon message={t('admin.dataAuth.notOpened')} style={{ marginTop: 4 }} />}
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}

function ViewAs({ user, entities }: { user: Doc; entities: Doc[] }) {
  const { t } = useTranslation();
  const [entity, setEntity] = useState<string | undefined>();
  const [id, setId] = useState('');
  const [result, setResult] = useState<Doc | null>(null);
  const [find, setFind] = useState('');
  const chosen = entities.find((e) => e.entity === entity);
  // The records to choose from: the entity's own list as an administrator sees it.
  const records = useQuery({
    queryKey: ['admin', 'view-as', chosen?.api, find],
    enabled: Boolean(chosen),
    queryFn: () =>
      api.get<{ rows: Doc[] }>(`${chosen!.api}/page-list`, {
        q: find ? { [chosen!.display]: { op: 'like', value: find } } : {},
        p: { page: 1, size: 20 },
      }),
  });
  const explain = async () => {
    if (!entity || !id.trim()) return;
    setResult(await get<Doc>('data-rules/explain', { user_id: user.id, entity, id: id.trim() }));
  };
  const rule = (r: Doc) => <Tag key={`${r.field}${r.operator}${r.value}`}>{`${r.field} ${r.operator} ${r.value}`}</Tag>;
  return (
    <Card size="small" title={t('admin.dataAuth.viewAs')} data-testid="auth-view-as">
      <Space wrap>
        <Select
          showSearch
          placeholder={t('admin.dataAuth.entity')}
          aria-label={t('admin.dataAuth.entity')}
          style={{ width: 220 }}
          optionFilterProp="label"
          value={entity}
          onChange={(v: string) => {
            setEntity(v);
            setId('');
            setResult(null);
          }}
          options={entities.map((e) => ({ value: e.entity, label: e.label }))}
          data-testid="view-as-entity"
        />
        <Select
          showSearch
          filterOption={false}
          onSearch={setFind}
          placeholder={t('admin.dataAuth.recordId')}
          aria-label={t('admin.dataAuth.recordId')}
          value={id || undefined}
          onChange={(v: string) => setId(v)}
          style={{ width: 320 }}
          loading={records.isFetching}
          options={(records.data?.rows ?? []).map((r) => ({ value: r.id as string, label: String(r[chosen?.display ?? 'id'] ?? r.id) }))}
          data-testid="view-as-id"
        />
        <Button onClick={explain} disabled={!entity || !id.trim()} data-testid="view-as-explain">
          {t('admin.dataAuth.explain')}
        </Button>
      </Space>
      {result && (
        <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }} data-testid="view-as-result">
          <Descriptions.Item label={result.entity_label}>
            <Tag color={result.visible ? 'green' : 'red'} data-testid="view-as-verdict">
              {t(result.visible ? 'admin.dataAuth.visible' : 'admin.dataAuth.hidden')}
            </Tag>
            {result.can_write && <Tag color="blue">{t('admin.dataAuth.canWrite')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.dataAuth.menu')}>
            {result.via === 'ADMIN'
              ? t('admin.dataAuth.viaAdmin')
              : result.opens_menu === false
                ? t('admin.dataAuth.noMenu', { menu: result.menu_code })
                : t('admin.dataAuth.viaRoles', { menu: result.menu_code ?? '—', roles: result.roles.join(', ') || '—' })}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.dataAuth.shownBy')}>{result.shown_by.length ? result.shown_by.map(rule) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.dataAuth.hiddenBy')}>{result.hidden_by.length ? result.hidden_by.map(rule) : '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

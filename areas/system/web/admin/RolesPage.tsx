// /sys/index/role — roles of the company (CFG-04, CFG-06): code, name, the menus each opens
// (a tree of the company's switched-on menus) and its users.
import { useState } from 'react';
import { Button, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tag, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../web/src/api';
import { AdminPage, applyFieldErrors, get, post, useAdminList, useIsCompanyAdmin, type Doc } from './common';

export default function RolesPage() {
  const { t } = useTranslation();
  const admin = useIsCompanyAdmin();
  const [editing, setEditing] = useState<Doc | 'new' | null>(null);
  const { list: roles, refresh, remove } = useAdminList('roles', 'roles');

  return (
    <AdminPage
      title={t('admin.roles.title')}
      testId="admin-roles"
      extra={
        admin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="role-new">
            {t('admin.roles.new')}
          </Button>
        )
      }
    >
      <Table<Doc>
        rowKey="id"
        size="small"
        loading={roles.isLoading}
        dataSource={roles.data ?? []}
        pagination={false}
        onRow={(row) => ({ onDoubleClick: () => setEditing(row) })}
        columns={[
          { title: t('admin.roles.code'), dataIndex: 'code', sorter: (a, b) => a.code.localeCompare(b.code) },
          { title: t('admin.roles.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
          { title: t('admin.roles.description'), dataIndex: 'description' },
          { title: t('admin.roles.menus'), dataIndex: 'menus', render: (m: string[]) => <Tag>{m.length}</Tag> },
          { title: t('admin.roles.userCount'), dataIndex: 'user_count', sorter: (a, b) => a.user_count - b.user_count },
          {
            title: t('admin.common.actions'),
            key: 'actions',
            render: (_: unknown, row: Doc) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={`role-edit-${row.code}`}>
                  {t('admin.common.edit')}
                </Button>
                {admin && (
                  <Popconfirm title={t('admin.roles.deleteConfirm', { name: row.name })} onConfirm={() => remove(row)}>
                    <Button size="small" type="link" danger>
                      {t('admin.common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <RoleDrawer role={editing === 'new' ? null : editing} readOnly={!admin} onClose={() => setEditing(null)} onSaved={refresh} />}
    </AdminPage>
  );
}

function RoleDrawer({ role, readOnly, onClose, onSaved }: { role: Doc | null; readOnly: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const tree = useQuery({ queryKey: ['admin', 'menu-tree'], queryFn: () => get<Doc[]>('menus/tree') });
  const detail = useQuery({ queryKey: ['admin', 'role', role?.id], queryFn: () => get<Doc>('roles/view', { id: role!.id }), enabled: Boolean(role) });
  const users = useQuery({ queryKey: ['admin', 'users', 'all'], queryFn: () => get<{ rows: Doc[] }>('users/page-list', { p: { size: 200 } }) });
  const doc = detail.data;
  const [menus, setMenus] = useState<string[] | null>(null);
  const checked = menus ?? doc?.menus ?? [];

  // Only switched-on menus can be given to a role; categories are parents in the tree.
  const treeData = (tree.data ?? [])
    .map((c) => ({
      key: `cat:${c.code}`,
      title: c.title,
      disabled: readOnly,
      children: c.menus.filter((m: Doc) => m.enabled).map((m: Doc) => ({ key: m.code, title: `${m.title} (${m.code})`, disabled: readOnly })),
    }))
    .filter((c) => c.children.length > 0);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await post('roles/save', { ...values, menus: checked, ...(doc ? { id: doc.id, version: doc.version } : {}) });
      toastSuccess(t('admin.common.saved'));
      onSaved();
      onClose();
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  const ready = !role || doc;
  return (
    <Drawer
      open
      width={640}
      title={role ? t('admin.roles.edit') : t('admin.roles.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        !readOnly && (
          <Space>
            <Button onClick={onClose}>{t('admin.common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={save} data-testid="role-save">
              {t('admin.common.save')}
            </Button>
          </Space>
        )
      }
    >
      {ready && (
        <Form
          form={form}
          layout="vertical"
          data-testid="role-form"
          initialValues={doc ? { code: doc.code, name: doc.name, description: doc.description, user_ids: doc.users.map((u: Doc) => u.id) } : { user_ids: [] }}
        >
          <Form.Item name="code" label={t('admin.roles.code')} rules={[{ required: true, message: t('val.required') }]} normalize={(v: string) => v?.toUpperCase()}>
            <Input disabled={readOnly} data-testid="role-field-code" />
          </Form.Item>
          <Form.Item name="name" label={t('admin.roles.name')} rules={[{ required: true, message: t('val.required') }]}>
            <Input disabled={readOnly} data-testid="role-field-name" />
          </Form.Item>
          <Form.Item name="description" label={t('admin.roles.description')}>
            <Input.TextArea rows={2} disabled={readOnly} />
          </Form.Item>
          <Form.Item name="user_ids" label={t('admin.roles.users')}>
            <Select
              mode="multiple"
              disabled={readOnly}
              optionFilterProp="label"
              loading={users.isLoading}
              options={(users.data?.rows ?? []).map((u) => ({ value: u.id, label: `${u.full_name ?? u.username} (${u.username})` }))}
              data-testid="role-field-users"
            />
          </Form.Item>
          <Form.Item label={t('admin.roles.menus')} name="menus_tree">
            <div data-testid="role-menus">
              {/* Drawn once the tree has arrived, so every category opens expanded. */}
              {tree.data && (
              <Tree
                checkable
                defaultExpandAll
                selectable={false}
                treeData={treeData}
                checkedKeys={checked}
                onCheck={(keys) => {
                  const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith('cat:'));
                  setMenus(list);
                }}
              />
              )}
            </div>
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}

// /sys/index/role — roles of the company (CFG-04, CFG-06): the role definition (areas/system/meta)
// in the engine's list + drawer; its own parts are the menu tree and the users picker.
import { Tag, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DefinitionRecords, type RecordControlProps } from '@seamline/web/engine';
import { roleEntity } from '../../meta/role';
import { adminTexts, applyFieldErrors, get, post, recordsPicker, useAdminList, useIsCompanyAdmin, type Doc } from './common';

export default function RolesPage() {
  const { t } = useTranslation();
  const admin = useIsCompanyAdmin();
  const { list: roles, refresh, remove } = useAdminList('roles', 'roles');
  return (
    <DefinitionRecords<Doc>
      def={roleEntity}
      testKey="role"
      testId="admin-roles"
      rows={roles.data ?? []}
      loading={roles.isLoading}
      sortable={['code', 'name', 'user_count']}
      renders={{ menus: (m: string[]) => <Tag>{m.length}</Tag> }}
      texts={adminTexts(t, { title: 'admin.roles.title', create: 'admin.roles.new', edit: 'admin.roles.edit', deleteConfirm: (row) => t('admin.roles.deleteConfirm', { name: row.name }) })}
      writable={admin}
      remove={remove}
      editor={{
        as: 'drawer',
        width: 640,
        controls: { user_ids: UsersControl, menus: MenuTreeControl },
        useDoc: useRoleDetail,
        initialValues: (doc) =>
          doc ? { code: doc.code, name: doc.name, description: doc.description, user_ids: doc.users.map((u: Doc) => u.id), menus: doc.menus } : { user_ids: [], menus: [] },
        submit: (values, doc) => post('roles/save', { ...values, ...(doc ? { id: doc.id, version: doc.version } : {}) }),
        onSaved: refresh,
        onError: applyFieldErrors,
      }}
    />
  );
}

/** A role's detail (its users and menus); null for a new one, undefined while it loads. */
function useRoleDetail(role: Doc | null): Doc | null | undefined {
  const detail = useQuery({ queryKey: ['admin', 'role', role?.id], queryFn: () => get<Doc>('roles/view', { id: role!.id }), enabled: Boolean(role) });
  return role ? detail.data : null;
}

/** The members of the company who hold the role. */
const UsersControl = recordsPicker({
  key: ['admin', 'users', 'all'],
  load: () => get<{ rows: Doc[] }>('users/page-list', { p: { size: 200 } }).then((r) => r.rows),
  label: (u) => `${u.full_name ?? u.username} (${u.username})`,
  testId: 'role-field-users',
});

/** Only switched-on menus can be given to a role; categories are parents in the tree. */
function MenuTreeControl({ value, onChange, disabled }: RecordControlProps) {
  const tree = useQuery({ queryKey: ['admin', 'menu-tree'], queryFn: () => get<Doc[]>('menus/tree') });
  const treeData = (tree.data ?? [])
    .map((c) => ({
      key: `cat:${c.code}`,
      title: c.title,
      disabled,
      children: c.menus.filter((m: Doc) => m.enabled).map((m: Doc) => ({ key: m.code, title: `${m.title} (${m.code})`, disabled })),
    }))
    .filter((c) => c.children.length > 0);
  return (
    <div data-testid="role-menus">
      {/* Drawn once the tree has arrived, so every category opens expanded. */}
      {tree.data && (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          treeData={treeData}
          checkedKeys={value ?? []}
          onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith('cat:')))}
        />
      )}
    </div>
  );
}

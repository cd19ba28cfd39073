// A role of the company (CFG-04, CFG-06): code, name, the menus it opens and its users. The roles
// screen draws this definition (the engine's DefinitionRecords); its records come from the admin
// routes (utilsapi/sys/roles/…), which also keep the menus and users a role links to.
import { defineEntity } from '@seamline/core';
import { adminEntityHead, L } from './admin';

export const roleEntity = defineEntity({
  ...adminEntityHead('role', 'role', L('Role', '角色')),
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Role code', '角色编码'), required: true, upperCase: true },
    { name: 'name', type: 'string', label: L('Role name', '角色名称'), required: true },
    { name: 'description', type: 'text', label: L('Description', '描述') },
    // Members of the company holding the role (the screen's own control: a search over users).
    { name: 'user_ids', type: 'json', label: L('Users', '用户') },
    // Codes of switched-on menus (the screen's own control: a tree under their categories).
    { name: 'menus', type: 'json', label: L('Menus it opens', '可访问的菜单') },
    { name: 'user_count', type: 'integer', label: L('Users', '用户数'), readOnly: true },
  ],
  list: { columns: ['code', 'name', 'description', 'menus', 'user_count'], filters: [], sort: { field: 'code', order: 'asc' } },
});

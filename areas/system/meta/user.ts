// A member of the company (CFG-01..05): the profile, the access (user type, roles), the linked
// accounts, and what the server keeps (status, last login). The users screen draws this definition
// (the engine's DefinitionRecords) over the admin routes (utilsapi/sys/users/…), which page, sort
// and filter on the server and decide which fields of a shared account this administrator may change.
import { defineEntity, type FieldDef, type Label } from '@seamline/core';
import { adminEntityHead, L } from './admin';

/** The account types, in the order the screen offers them (the tenancy table's USER_TYPES). */
export const USER_TYPES = ['COMMON', 'ADMIN', 'INVITED', 'GUEST', 'UNASSIGNED', 'user'] as const;

const text = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'string', label, ...extra });

/** The editor's sections: profile, access, linked accounts (field names of the definition). */
export const USER_SECTIONS = {
  profile: ['username', 'full_name', 'first_name', 'last_name', 'email', 'gender', 'title', 'mobile', 'phone', 'language_code', 'avatar', 'password'],
  access: ['user_type', 'role_ids'],
  accounts: ['wx_id', 'qywx_id', 'dd_id'],
} as const;

export const userEntity = defineEntity({
  ...adminEntityHead('user', 'app_user', L('User', '用户')),
  display: 'username',
  fields: [
    // Required unless the colleague is invited (they choose it on accepting): the screen says so.
    text('username', L('Username', '用户名'), { required: true }),
    text('full_name', L('Full name', '姓名'), { required: true }),
    text('first_name', L('First name', '名')),
    text('last_name', L('Last name', '姓')),
    text('email', L('Email', '邮箱'), { validators: [{ type: 'email' }] }),
    { name: 'gender', type: 'select', label: L('Gender', '性别'), options: [{ value: 'M', label: L('Male', '男') }, { value: 'F', label: L('Female', '女') }] },
    text('title', L('Job title', '职位')),
    text('mobile', L('Mobile', '手机')),
    text('phone', L('Phone', '电话')),
    { name: 'language_code', type: 'select', label: L('Language', '语言'), options: [{ value: 'zh', label: L('中文', '中文') }, { value: 'en', label: L('English', 'English') }] },
    text('avatar', L('Avatar URL', '头像地址')),
    // Set on creation, changed only when typed; never shown (the screen's own control).
    text('password', L('Password', '密码')),
    // One of USER_TYPES (the screen's own control: each type as its coloured tag).
    text('user_type', L('User type', '用户类型')),
    // Roles of this company (the screen's own control: a search over the roles).
    { name: 'role_ids', type: 'json', label: L('Roles', '角色') },
    text('wx_id', L('WeChat ID', '微信 ID')),
    text('qywx_id', L('WeCom ID', '企业微信 ID')),
    text('dd_id', L('DingTalk ID', '钉钉 ID')),
    { name: 'roles', type: 'json', label: L('Roles', '角色'), readOnly: true },
    { name: 'status', type: 'string', label: L('Status', '状态'), readOnly: true },
    { name: 'last_login_time', type: 'datetime', label: L('Last login', '最后登录时间'), readOnly: true },
  ],
  list: { columns: ['username', 'full_name', 'email', 'user_type', 'roles', 'status', 'last_login_time'], filters: [], sort: { field: 'username', order: 'asc' } },
});

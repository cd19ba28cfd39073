// The demo companies, users and roles a fresh database starts with (README lists them).
// One password for every demo user; change it before showing the system to anyone.
import type { ClientType, UserType } from '@seamline/server/api';
import type { MenuSeed } from './menus';

export { DEMO_PASSWORD } from '@seamline/core';

type Category = MenuSeed['category'];

export interface CompanySeed {
  code: string;
  name: string;
  type: ClientType;
  roles: string[];
  industry: string;
  scale: string;
  currency: string;
  language: string;
  contactPhone: string;
  contactMobile: string;
  /** Menu categories switched on for the company (client_menu). */
  categories: readonly Category[];
}

const ALL: readonly Category[] = ['SYS', 'SRM', 'FACTORY', 'SCM', 'PLAN', 'DEV', 'RPT', 'COLLAB'];

export const COMPANIES: readonly CompanySeed[] = [
  {
    code: 'DEMO_BRAND', name: 'Demo Brand Co.', type: 'BRAND', roles: ['BRAND'], industry: 'Apparel', scale: '500-999',
    currency: 'CNY', language: 'zh', contactPhone: '021-6000 1000', contactMobile: '13800001000', categories: ALL,
  },
  {
    code: 'DEMO_GARMENT', name: 'Demo Garment Factory', type: 'GARMENT_SUPPLIER', roles: ['SUPPLIER', 'FACTORY'], industry: 'Apparel',
    scale: '1000+', currency: 'CNY', language: 'zh', contactPhone: '0757-8000 2000', contactMobile: '13800002000', categories: ALL,
  },
  {
    // A fabric mill does not design garments: no development menus.
    code: 'DEMO_FABRIC', name: 'Demo Fabric Mill', type: 'FABRIC_SUPPLIER', roles: ['SUPPLIER'], industry: 'Textiles',
    scale: '100-499', currency: 'CNY', language: 'zh', contactPhone: '0512-6300 3000', contactMobile: '13800003000',
    categories: ALL.filter((c) => c !== 'DEV'),
  },
  {
    // A third-party inspection company (issue 25): inspects the brand's orders at the factory.
    code: 'DEMO_INSPECT', name: 'Demo QC Services', type: 'INSPECTION_COMPANY', roles: ['INSPECTOR'], industry: 'Quality inspection',
    scale: '50-99', currency: 'CNY', language: 'en', contactPhone: '020-3800 4000', contactMobile: '13800004000',
    categories: ['SYS', 'SCM', 'COLLAB'],
  },
];

export interface RoleSeed {
  company: string;
  code: string;
  name: string;
  /** Menu categories the role opens (of those the company has switched on). */
  categories: readonly Category[];
  /** Single menus it opens besides its categories. */
  menus?: readonly string[];
}

export const ROLES: readonly RoleSeed[] = [
  ...COMPANIES.map((c) => ({ company: c.code, code: 'ADMIN', name: '管理员', categories: c.categories })),
  { company: 'DEMO_BRAND', code: 'BUYER', name: '采购员', categories: ['SRM', 'SCM', 'PLAN', 'DEV', 'RPT', 'COLLAB'] },
  // Approvers of the demo purchase-requirement flow PR_APPR (areas/flow/server/seed.ts).
  // They also score admission evaluations as reviewers (SRC-09), without the buyer's SRM menus.
  { company: 'DEMO_BRAND', code: 'APPROVER', name: '审批人', categories: ['SCM', 'COLLAB'], menus: ['SRM_ADMISSION_EVAL'] },
];

export interface UserSeed {
  username: string;
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: 'M' | 'F';
  title: string;
  mobile: string;
  languageCode: 'en' | 'zh';
  isSuperAdmin?: boolean;
  /** Companies the user belongs to; the first is where a login lands. */
  memberships: readonly { company: string; userType: UserType; roles: readonly string[] }[];
}

export const USERS: readonly UserSeed[] = [
  {
    username: 'super.admin', fullName: 'Sam Rivera', firstName: 'Sam', lastName: 'Rivera', email: 'super.admin@seamline.example',
    gender: 'M', title: 'Platform administrator', mobile: '13900000001', languageCode: 'en', isSuperAdmin: true,
    memberships: COMPANIES.map((c) => ({ company: c.code, userType: 'ADMIN' as const, roles: ['ADMIN'] })),
  },
  {
    username: 'brand.admin', fullName: '王芳', firstName: '芳', lastName: '王', email: 'brand.admin@seamline.example',
    gender: 'F', title: '系统管理员', mobile: '13900000002', languageCode: 'zh',
    memberships: [{ company: 'DEMO_BRAND', userType: 'ADMIN', roles: ['ADMIN'] }],
  },
  {
    username: 'brand.buyer', fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', email: 'brand.buyer@seamline.example',
    gender: 'F', title: 'Senior buyer', mobile: '13900000003', languageCode: 'en',
    memberships: [{ company: 'DEMO_BRAND', userType: 'COMMON', roles: ['BUYER'] }],
  },
  {
    username: 'factory.admin', fullName: '李强', firstName: '强', lastName: '李', email: 'factory.admin@seamline.example',
    gender: 'M', title: '工厂管理员', mobile: '13900000004', languageCode: 'zh',
    memberships: [{ company: 'DEMO_GARMENT', userType: 'ADMIN', roles: ['ADMIN'] }],
  },
  {
    username: 'fabric.admin', fullName: '陈静', firstName: '静', lastName: '陈', email: 'fabric.admin@seamline.example',
    gender: 'F', title: '面料厂管理员', mobile: '13900000005', languageCode: 'zh',
    memberships: [{ company: 'DEMO_FABRIC', userType: 'ADMIN', roles: ['ADMIN'] }],
  },
  {
    username: 'inspect.admin', fullName: 'Grace Ho', firstName: 'Grace', lastName: 'Ho', email: 'inspect.admin@seamline.example',
    gender: 'F', title: 'Lead inspector', mobile: '13900000006', languageCode: 'en',
    memberships: [{ company: 'DEMO_INSPECT', userType: 'ADMIN', roles: ['ADMIN'] }],
  },
  // The two countersigning approvers of the demo flow PR_APPR (positions PR_APPROVER_1 / _2).
  {
    username: 'brand.approver1', fullName: 'Olivia Chen', firstName: 'Olivia', lastName: 'Chen', email: 'brand.approver1@seamline.example',
    gender: 'F', title: 'Purchasing manager', mobile: '13900000011', languageCode: 'en',
    memberships: [{ company: 'DEMO_BRAND', userType: 'COMMON', roles: ['APPROVER'] }],
  },
  {
    username: 'brand.approver2', fullName: '赵敏', firstName: '敏', lastName: '赵', email: 'brand.approver2@seamline.example',
    gender: 'F', title: '财务经理', mobile: '13900000012', languageCode: 'zh',
    memberships: [{ company: 'DEMO_BRAND', userType: 'COMMON', roles: ['APPROVER'] }],
  },
];

export const PLATFORMS = [
  { code: 'SCM', nameEn: 'Supply chain collaboration', nameZh: '供应链协同', seq: 10 },
  { code: 'PLM', nameEn: 'Product development', nameZh: '产品开发', seq: 20 },
] as const;

// Test helpers for a signed-in browser: tokens in localStorage as the server would leave them.
import { STORAGE_KEYS } from '@seamline/core';
import type { SessionUser } from '../session/types';

export const nowS = () => Math.floor(Date.now() / 1000);

export function storeSignedIn(opts: { token?: string; tokenexpire?: number; refreshexpire?: number; username?: string } = {}) {
  localStorage.setItem(STORAGE_KEYS.token, opts.token ?? 'T1');
  localStorage.setItem(STORAGE_KEYS.tokenexpire, String(opts.tokenexpire ?? nowS() + 3600));
  localStorage.setItem(STORAGE_KEYS.refreshtoken, 'R1');
  localStorage.setItem(STORAGE_KEYS.refreshexpire, String(opts.refreshexpire ?? nowS() + 86400));
  localStorage.setItem(STORAGE_KEYS.username, opts.username ?? 'ann');
}

export const MENUS = {
  SYS: [
    { ID: 'M1', CODE: 'SYS_USER', CATEGORY: 'SYS', TITLE: 'User Management', URL: '/sys/index/user', SEQ: 1 },
    { ID: 'M2', CODE: 'SYS_ROLE', CATEGORY: 'SYS', TITLE: 'Roles', URL: '/sys/index/role', SEQ: 2 },
  ],
  SRM: [{ ID: 'M3', CODE: 'SRM_RFQ', CATEGORY: 'SRM', TITLE: 'Quotation requests', URL: '/srm/index/rfq', SEQ: 1 }],
};

export const USER: SessionUser = {
  id: 'u1',
  username: 'ann',
  fullname: 'Ann Lee',
  language: 'en',
  clientid: 'c1',
  client_name: 'Demo Brand Co.',
  user_type: 'COMMON',
  dashroles: ['BUYER'],
  menus: MENUS,
  settings: { FAV_MENUS: [] },
  platform_id: 'SCM',
  platform_name: 'Supply chain collaboration',
  platform_list: [
    { platform_id: 'SCM', platform_name: 'Supply chain collaboration' },
    { platform_id: 'PLM', platform_name: 'Product development' },
  ],
  hasnewversion: false,
};

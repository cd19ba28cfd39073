// The session user of spec §3 as access/user-state sends it (docs/api-session.md). Every field is
// optional on purpose: a payload missing any of them must still render the shell (SES-04).

export interface MenuEntry {
  ID: string;
  CODE: string;
  CATEGORY: string;
  TITLE?: string;
  URL?: string;
  ICON?: string;
  SEQ?: number;
  DESCRIPTION?: string;
  [key: string]: unknown;
}

export interface MenuModule {
  CATEGORY: string;
  TITLE?: string;
  SEQ?: number;
  UNREAD_CT?: number;
}

export interface PlatformOption {
  platform_id: string;
  platform_name?: string;
}

export interface CompanyOption {
  clientid: string;
  client_name?: string;
}

export interface UserSettings {
  FAV_MENUS?: string[];
  PLATFORM_ID?: string;
  [key: string]: unknown;
}

export interface SessionUser {
  id?: string;
  username?: string;
  email?: string;
  firstname?: string;
  lastname?: string;
  fullname?: string;
  avatar?: string | null;
  language?: string;
  clientid?: string;
  client_name?: string;
  license_type?: string;
  user_type?: string;
  is_super_admin?: boolean;
  dashroles?: string[];
  /** Grouped by CATEGORY (the contract); a flat list is accepted too. */
  menus?: Record<string, MenuEntry[]> | MenuEntry[];
  menu_modules?: MenuModule[];
  settings?: UserSettings;
  jointgroups?: unknown[];
  unread_total?: number;
  menu_unread?: Record<string, { UNREAD_CT?: number }>;
  category_unread?: Record<string, number>;
  hasnewversion?: boolean;
  contact_phone?: string | null;
  contact_mobile?: string | null;
  cr_dash?: string | null;
  vf_qty_amount?: unknown;
  platform_id?: string | null;
  platform_name?: string | null;
  platform_list?: PlatformOption[];
  shop_id?: string | null;
  rpt_theme?: string | null;
  thirdparty_username?: string | null;
  global_search_version?: number | null;
  companies?: CompanyOption[];
  /** The tokens and expiries belong to the session user too (spec §3); filled from storage. */
  token?: string | null;
  tokenexpire?: number | string | null;
  refreshtoken?: string | null;
  refreshexpire?: number | string | null;
  [key: string]: unknown;
}

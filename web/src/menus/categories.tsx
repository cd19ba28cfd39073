// Module-menu categories (core MENU_CATEGORIES: code, en, zh) with their icons.
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  DeploymentUnitOutlined,
  MessageOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SkinOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { MENU_CATEGORIES, type Lang } from '@seamline/core';

const ICONS: Record<string, ReactNode> = {
  SYS: <SettingOutlined />,
  SRM: <TeamOutlined />,
  FACTORY: <ClusterOutlined />,
  SCM: <DeploymentUnitOutlined />,
  PLAN: <ScheduleOutlined />,
  DEV: <SkinOutlined />,
  RPT: <BarChartOutlined />,
  COLLAB: <MessageOutlined />,
};

export function categoryIcon(code: string): ReactNode {
  return ICONS[code] ?? <AppstoreOutlined />;
}

/** The category's name in the UI language; an unknown category shows its code. */
export function categoryTitle(code: string, lang: Lang): string {
  const c = MENU_CATEGORIES.find((x) => x.code === code);
  return c ? c[lang] : code;
}

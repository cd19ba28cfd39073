// The control tower per role (spec §1 'workbench'): which of the registered work counters
// (server/src/realtime/counters.ts — this area's and the other areas') a buyer, a planner, a
// factory manager and a quality manager check first. The roles of the demo companies map onto
// them; company administrators see every role's figures.
import type { Label } from '@seamline/core';
import { L } from './reports';

export const RPT_COUNTERS = {
  lateOrders: 'rpt.lateOrders',
  capacityLoad: 'rpt.capacityLoad',
  quotationsWaiting: 'rpt.quotationsWaiting',
  deductions: 'rpt.deductions',
  outputToday: 'rpt.outputToday',
} as const;

export interface TowerRole {
  key: 'buyer' | 'planner' | 'factory' | 'quality';
  label: Label;
  /** Company roles (dashroles) that make a user this. */
  roles: string[];
  counters: string[];
}

export const TOWER_ROLES: TowerRole[] = [
  {
    key: 'buyer',
    label: L('Buyer', '采购'),
    roles: ['BUYER'],
    counters: [RPT_COUNTERS.lateOrders, RPT_COUNTERS.quotationsWaiting, 'flow.approvals', 'ticket.open'],
  },
  {
    key: 'planner',
    label: L('Planner', '计划员'),
    roles: ['PLANNER', 'BUYER'],
    counters: [RPT_COUNTERS.capacityLoad, RPT_COUNTERS.lateOrders, 'flow.approvals'],
  },
  {
    key: 'factory',
    label: L('Factory manager', '工厂经理'),
    roles: ['FACTORY', 'SUPPLIER'],
    counters: [RPT_COUNTERS.outputToday, RPT_COUNTERS.lateOrders, RPT_COUNTERS.capacityLoad, 'ticket.open'],
  },
  {
    key: 'quality',
    label: L('Quality manager', '质量经理'),
    roles: ['QUALITY', 'FACTORY'],
    counters: ['quality.today', 'quality.failed-week', 'quality.awaiting-reinspection', 'ticket.open', RPT_COUNTERS.deductions, 'flow.approvals'],
  },
];

/** The tower roles a user with these company roles has (administrators: all). */
export function towerRolesOf(roles: readonly string[], admin: boolean): TowerRole[] {
  if (admin) return TOWER_ROLES;
  return TOWER_ROLES.filter((r) => r.roles.some((code) => roles.includes(code)));
}

// Shared pieces of the development (PLM) definitions: area, prefix, cata, who may write, option lists.
import type { FieldOption, RoleRequirement } from '@seamline/core';
import { L } from '../../masterdata/meta/fields';

export { L };
export const AREA = 'development';
export const PREFIX = 'plmapi';
export const CATA = 'dev';
/** The module name of the area's notifications (live updates of samples, quotes and T&A alerts). */
export const PLM_MODULE = 'PLM';

/** Product developers: company administrators, buyers and merchandisers (any role of these). */
export const DEV_WRITE: RoleRequirement = { any: ['ADMIN', 'BUYER', 'MERCHANDISER', 'DESIGNER'] };

export const FIBRE_OPTIONS: FieldOption[] = [
  ['COTTON', 'Cotton', '棉'],
  ['POLYESTER', 'Polyester', '涤纶'],
  ['ELASTANE', 'Elastane', '氨纶'],
  ['VISCOSE', 'Viscose', '粘胶纤维'],
  ['WOOL', 'Wool', '羊毛'],
  ['SILK', 'Silk', '真丝'],
  ['LINEN', 'Linen', '亚麻'],
  ['NYLON', 'Nylon', '锦纶'],
  ['MODAL', 'Modal', '莫代尔'],
  ['LYOCELL', 'Lyocell', '莱赛尔'],
  ['CASHMERE', 'Cashmere', '羊绒'],
  ['ACRYLIC', 'Acrylic', '腈纶'],
].map(([value, en, zh]) => ({ value, label: L(en, zh) }));

export const SAMPLE_TYPES: FieldOption[] = [
  { value: 'proto', label: L('Proto sample', '初样') },
  { value: 'fit', label: L('Fit sample', '试身样') },
  { value: 'salesman', label: L('Salesman sample', '销售样') },
  { value: 'pp', label: L('Pre-production sample', '产前样') },
];

export const PRICE_BANDS: FieldOption[] = [
  { value: 'ENTRY', label: L('Entry', '入门') },
  { value: 'CORE', label: L('Core', '主力') },
  { value: 'PREMIUM', label: L('Premium', '高端') },
  { value: 'LUXURY', label: L('Luxury', '奢华') },
];

export const NODE_STATES: FieldOption[] = [
  { value: 'planned', label: L('Planned', '计划'), color: 'blue' },
  { value: 'done', label: L('Done', '完成'), color: 'green' },
  { value: 'late', label: L('Done late', '延迟完成'), color: 'orange' },
  { value: 'at_risk', label: L('At risk', '有风险'), color: 'red' },
  { value: 'overdue', label: L('Overdue', '已逾期'), color: 'volcano' },
];

/** What every definition of the area starts with: names, route under /dev, who may write. */
export const entityHead = (name: string, table: string) => ({ name, area: AREA, prefix: PREFIX, table, route: { cata: CATA, opt: name }, permissions: { write: DEV_WRITE } });

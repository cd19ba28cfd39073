// Shared pieces of the sourcing definitions.
import type { Label, StatusValue } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const AREA = 'srm';
export const PREFIX = 'srmapi';
export const CATA = 'srm';

export const INFO_STAGE_VALUES: StatusValue[] = [
  { value: '0', label: L('Not prepared', '未准备'), color: 'default' },
  { value: '10', label: L('Preparing', '准备中'), color: 'processing' },
  { value: '20', label: L('Info delivered', '信息已交付'), color: 'success' },
];
export const PUBLISH_STAGE_VALUES: StatusValue[] = [
  { value: '0', label: L('Not published', '未发布'), color: 'default' },
  { value: '10', label: L('Publishing', '发布中'), color: 'processing' },
  { value: '20', label: L('Ended', '已结束'), color: 'success' },
];
export const EVAL_STAGE_VALUES: StatusValue[] = [
  { value: '0', label: L('Not started', '未开始'), color: 'default' },
  { value: '10', label: L('Evaluating', '评估中'), color: 'processing' },
  { value: '20', label: L('Ended', '已结束'), color: 'success' },
];
export const RFI_STATUS_VALUES: StatusValue[] = [
  { value: 'none', label: L('Not opened', '未发出'), color: 'default' },
  { value: 'open', label: L('Open', '征询中'), color: 'processing' },
  { value: 'closed', label: L('Closed', '已关闭'), color: 'success' },
];
export const INQUIRY_STATUS_VALUES: StatusValue[] = [
  { value: 'none', label: L('Not opened', '未发出'), color: 'default' },
  { value: 'quoting', label: L('Quoting', '报价中'), color: 'processing' },
  { value: 'closed', label: L('Closed', '已关闭'), color: 'success' },
];
export const ITEM_STATUS_VALUES: StatusValue[] = [
  { value: 'inactive', label: L('Inactive', '未激活'), color: 'default' },
  { value: 'active', label: L('Active', '已激活'), color: 'success' },
];
export const YES_NO_01 = [
  { value: '0', label: L('No (0)', '否 (0)') },
  { value: '1', label: L('Yes (1)', '是 (1)') },
];
export const LEVEL_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: L(`Level ${n}`, `${n} 级`) }));

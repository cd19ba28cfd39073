// Shared pieces of the sourcing definitions.
import type { Label, StatusValue } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const AREA = 'srm';
export const PREFIX = 'srmapi';
export const CATA = 'srm';

/** A stage of the project runs not begun → under way → done, and its tag has the same three colours in every stage. */
const STAGE_COLORS = ['default', 'processing', 'success'] as const;
const stage = (...steps: [value: string, label: Label][]): StatusValue[] => steps.map(([value, label], i) => ({ value, label, color: STAGE_COLORS[i] }));

export const INFO_STAGE_VALUES = stage(['0', L('Not prepared', '未准备')], ['10', L('Preparing', '准备中')], ['20', L('Info delivered', '信息已交付')]);
export const PUBLISH_STAGE_VALUES = stage(['0', L('Not published', '未发布')], ['10', L('Publishing', '发布中')], ['20', L('Ended', '已结束')]);
export const EVAL_STAGE_VALUES = stage(['0', L('Not started', '未开始')], ['10', L('Evaluating', '评估中')], ['20', L('Ended', '已结束')]);
export const RFI_STATUS_VALUES = stage(['none', L('Not opened', '未发出')], ['open', L('Open', '征询中')], ['closed', L('Closed', '已关闭')]);
export const INQUIRY_STATUS_VALUES = stage(['none', L('Not opened', '未发出')], ['quoting', L('Quoting', '报价中')], ['closed', L('Closed', '已关闭')]);
export const ITEM_STATUS_VALUES: StatusValue[] = [
  { value: 'inactive', label: L('Inactive', '未激活'), color: 'default' },
  { value: 'active', label: L('Active', '已激活'), color: 'success' },
];
export const YES_NO_01 = [
  { value: '0', label: L('No (0)', '否 (0)') },
  { value: '1', label: L('Yes (1)', '是 (1)') },
];
export const LEVEL_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: L(`Level ${n}`, `${n} 级`) }));

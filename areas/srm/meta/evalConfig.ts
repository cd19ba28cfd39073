// Access-evaluation configuration (spec §3, §4, §5): versioned configs of evaluation items and
// options. Activating one deactivates the earlier version (a database trigger, so two active
// versions can never exist) and makes the config read-only; version numbers are unique
// ('version number already exists'); an option's score lies within its item's min..max and is
// not 0; weight levels run 1..5 and the additional-score flag is 0 or 1.
import { checkOptionScore, defineEntity, entityHead, t, type EntityRule, type RuleError, type StatusValue } from '@seamline/core';
import { AREA, CATA, L, LEVEL_OPTIONS, PREFIX, YES_NO_01 } from './fields';
import { srmLabel } from './messages';

export const EVAL_CONFIG_STATUS: StatusValue[] = [
  { value: '0', label: L('Draft', '草稿'), color: 'default' },
  { value: '10', label: L('Active', '已激活'), color: 'success' },
  { value: '40', label: L('Inactive', '已停用'), color: 'default' },
];

type Row = Record<string, unknown>;
const rows = (doc: Row, name: string): Row[] => (Array.isArray(doc[name]) ? (doc[name] as Row[]) : []);

const coreLabel = (key: string, params?: Record<string, string>) => ({ en: t('en', key, params), zh: t('zh', key, params) });

/** Every option's score against its item's bounds (spec §5, SRC-24). */
export const optionScoreRule: EntityRule = (doc) => {
  const items = new Map(rows(doc, 'items').map((i) => [String(i.item_code ?? ''), i]));
  const errors: RuleError[] = [];
  rows(doc, 'options').forEach((opt, index) => {
    // An option whose code names no item of the config has no bounds to check (and counts nowhere).
    const item = items.get(String(opt.item_code ?? ''));
    if (!item) return;
    const problem = checkOptionScore(opt.score as string, item.min_score as string, item.max_score as string);
    if (problem) errors.push({ field: 'score', child: { name: 'options', index }, message: coreLabel(problem.key, problem.params) });
  });
  rows(doc, 'items').forEach((item, index) => {
    if (item.min_score != null && item.max_score != null && item.min_score !== '' && item.max_score !== '' && Number(item.max_score) < Number(item.min_score)) {
      errors.push({ field: 'max_score', child: { name: 'items', index }, message: srmLabel('srm.maxBelowMin') });
    }
  });
  return errors;
};

export const accessEvalConfigEntity = defineEntity({
  ...entityHead({ area: AREA, prefix: PREFIX, cata: CATA }, 'access-eval-config', 'srm_eval_config', L('Access-evaluation config', '准入评估配置')),
  display: 'version_no',
  fields: [
    { name: 'version_no', type: 'string', label: L('Version number', '版本号'), required: true, trim: true, maxLength: 32 },
    { name: 'name', type: 'string', label: L('Name', '名称'), required: true, trim: true, maxLength: 100 },
    { name: 'description', type: 'text', label: L('Description', '描述'), trim: true, maxLength: 1000 },
    {
      name: 'pass_score',
      type: 'decimal',
      label: L('Pass score', '准入分数线'),
      required: true,
      defaultValue: '60',
      validators: [{ type: 'maxDecimals4' }],
      hint: L('A supplier whose weighted result reaches it is admitted', '加权结果达到该分数即准入'),
    },
    { name: 'status', type: 'select', label: L('Status', '状态'), options: EVAL_CONFIG_STATUS, defaultValue: '0', readOnly: true },
    { name: 'activated_at', type: 'datetime', label: L('Activated at', '激活时间'), readOnly: true },
  ],
  children: [
    {
      name: 'items',
      label: L('Evaluation items', '评估项'),
      fields: [
        { name: 'item_code', type: 'string', label: L('Item code', '评估项编码'), required: true, upperCase: true, trim: true, maxLength: 32, validators: [{ type: 'capitalEnglish' }] },
        { name: 'item_name', type: 'string', label: L('Item', '评估项'), required: true, trim: true, maxLength: 100 },
        { name: 'weight', type: 'decimal', label: L('Weight (%)', '权重(%)'), required: true, validators: [{ type: 'maxDecimals4' }, { type: 'positiveNumber' }] },
        { name: 'weight_level', type: 'select', label: L('Weight level', '权重级别'), options: LEVEL_OPTIONS, defaultValue: '1', required: true },
        { name: 'min_score', type: 'decimal', label: L('Minimum score', '最低分'), validators: [{ type: 'maxDecimals4' }] },
        { name: 'max_score', type: 'decimal', label: L('Maximum score', '最高分'), validators: [{ type: 'maxDecimals4' }] },
        { name: 'is_additional', type: 'select', label: L('Additional score item', '附加分项'), options: YES_NO_01, defaultValue: '0', required: true },
      ],
    },
    {
      name: 'options',
      label: L('Evaluation options', '评估选项'),
      fields: [
        { name: 'item_code', type: 'string', label: L('Item code', '评估项编码'), required: true, upperCase: true, trim: true, maxLength: 32 },
        { name: 'option_text', type: 'string', label: L('Option', '选项'), required: true, trim: true, maxLength: 200 },
        { name: 'score', type: 'decimal', label: L('Score', '分数'), required: true, validators: [{ type: 'maxDecimals4' }] },
      ],
    },
    {
      name: 'reviewers',
      label: L('Reviewers', '评审人'),
      // Only people who can score: they open the admission evaluation and are no guest (SRC-09).
      fields: [{ name: 'user_id', type: 'reference', label: L('Reviewer', '评审人'), required: true, ref: { entity: 'user', displayField: 'full_name', filter: { menu: 'SRM_ADMISSION_EVAL' } } }],
    },
  ],
  list: {
    columns: ['version_no', 'name', 'pass_score', 'status', 'activated_at'],
    filters: ['version_no', 'name', 'status'],
    sort: { field: 'version_no', order: 'desc' },
  },
  status: { field: 'status', values: EVAL_CONFIG_STATUS },
  transitions: [{ action: 'activate', label: L('Activate', '激活'), from: ['0'], to: '10' }],
  rules: [optionScoreRule],
  permissions: { write: { any: ['ADMIN', 'BUYER'] } },
});

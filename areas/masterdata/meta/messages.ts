// Texts of the master-data area beyond core's catalogue: the messages of this area's entity rules.
// Field, option and status labels live in the definitions themselves (one place per field).
import { interpolate, langOf, type Label, type MessageParams } from '@seamline/core';

export const masterdataMessages = {
  en: {
    'md.dateOrder': 'The end date must not be before the start date',
    'md.range': 'Please enter a value from {min} to {max}',
    'md.dosOrder': 'Days of supply must be in the order minimum ≤ target ≤ maximum',
    'md.hoursPerDay': 'Morning and afternoon hours together must not exceed {max} hours',
    'md.overlap': 'This validity period overlaps with row {row}',
    'md.duplicateInRows': 'This value is already used in row {row}',
    'md.sharesTotal': 'The shares add up to {total}%, more than {max}%',
    'md.ownParent': 'A record cannot be its own parent',
    'md.processCodes': 'Please enter process codes separated by commas, e.g. CUT,SEW',
    'md.uuid': 'Please enter a company id (UUID)',
    'md.usccFormat': 'Please enter an 18-character unified social credit code',
    'md.zip': 'Please enter a valid postal code',
    'md.url': 'Please enter a path (e.g. scmapi/x) or an http(s) URL',
    'md.platformCompany': 'Company on the platform',
    'md.platformNotLinked': 'Not linked: RFQs and outsourced orders cannot reach this supplier on the platform yet',
    'md.platformLinkedOther': 'Linked to a company that is no longer active on the platform',
    'md.platformPick': 'Search the company by name or code',
    'md.platformLink': 'Link',
    'md.platformUnlink': 'Unlink',
    'md.platformLinked': 'Platform company saved',
  },
  zh: {
    'md.dateOrder': '结束日期不能早于开始日期',
    'md.range': '请输入 {min} 到 {max} 之间的数值',
    'md.dosOrder': '库存天数必须满足：最小 ≤ 目标 ≤ 最大',
    'md.hoursPerDay': '上午与下午工时合计不能超过 {max} 小时',
    'md.overlap': '该有效期与第 {row} 行重叠',
    'md.duplicateInRows': '该值已在第 {row} 行使用',
    'md.sharesTotal': '配额合计为 {total}%，超过了 {max}%',
    'md.ownParent': '不能将自身设为上级',
    'md.processCodes': '请输入以英文逗号分隔的工序编码，例如 CUT,SEW',
    'md.uuid': '请输入公司 ID（UUID 格式）',
    'md.usccFormat': '请输入 18 位统一社会信用代码',
    'md.zip': '请输入有效的邮政编码',
    'md.url': '请输入路径(如 scmapi/x)或 http(s) 地址',
    'md.platformCompany': '平台上的公司',
    'md.platformNotLinked': '未关联：询价和外发订单暂时无法在平台上送达该供应商',
    'md.platformLinkedOther': '已关联的公司在平台上已不再有效',
    'md.platformPick': '按名称或编码搜索公司',
    'md.platformLink': '关联',
    'md.platformUnlink': '取消关联',
    'md.platformLinked': '平台公司已保存',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type MasterdataMessageKey = keyof typeof masterdataMessages.en;

/** A message of this area in one language ('en' → English, anything else Chinese). */
export function mdt(lang: unknown, key: MasterdataMessageKey, params?: MessageParams): string {
  return interpolate(masterdataMessages[langOf(lang)][key] ?? masterdataMessages.zh[key], params);
}

/** A message of this area in both languages, for a RuleError or a validator's message. */
export function mdLabel(key: MasterdataMessageKey, params?: MessageParams): Label {
  return { en: mdt('en', key, params), zh: mdt('zh', key, params) };
}

// Server messages of the capacity area (hand-written routes and hooks), both languages.
import { interpolate, langOf, type MessageParams } from '@seamline/core';
export const capacityMessages = {
  en: {
    'cap.notDraft': 'A published or archived allocation version cannot be changed',
    'cap.noDemand': 'There is no demand due from the version\'s first week on',
    'cap.minShare': '{vendor} cannot reach its minimum share of {group}',
    'cap.shareSum': 'The minimum shares of {group} add up to more than 100%',
    'cap.minShareBreach': '{vendor} holds {share}% of what {group} got allocated, below its minimum share of {min}%: the rest is allocated anyway',
    'cap.periodInvalid': 'Give the period as a month (2026-10) or a quarter (2026-Q4)',
    'cap.badMove': 'This allocation cannot move from "{from}" to "{to}"',
    'cap.unknownBrand': 'No brand named "{brand}" lists your company as a vendor',
    'cap.unknownGroup': 'The brand has no capacity group {code}',
    'cap.duplicateWeek': 'Capacity for this brand, group and week is already entered',
    'cap.orderNotConfirmed': 'A cancelled or completed customer order cannot be allocated',
    'cap.noLineCapacity': 'The line has no work-line capacity on that day',
    'cap.lineOver': 'The line has only {free} minutes left that day',
    'cap.processNotAllowed': 'Process {code} is not allowed on this line that day',
    'cap.nothingToConfirm': 'There is nothing to confirm',
    'cap.noLine': 'Allocation line not found',
    'cap.badCell': 'Choose a demand line, a vendor that serves its group and a week',
    'cap.badQty': 'The quantity must be a whole number of pieces, 0 or more',
    'cap.notified': 'Capacity allocation version {version} from {brand}: {pieces} pieces for you to confirm',
    'cap.confirmedNote': '{supplier} confirmed its capacity allocation',
  },
  zh: {
    'cap.notDraft': '已发布或已归档的分配版本不能修改',
    'cap.noDemand': '自版本起始周起没有待分配的需求',
    'cap.minShare': '{vendor} 无法达到其在 {group} 的最小份额',
    'cap.shareSum': '{group} 的最小份额合计超过 100%',
    'cap.minShareBreach': '{vendor} 在 {group} 已分配量中占 {share}%，低于其最小份额 {min}%：其余仍已分配',
    'cap.periodInvalid': '期间格式应为月份(2026-10)或季度(2026-Q4)',
    'cap.badMove': '该分配不能从“{from}”变为“{to}”',
    'cap.unknownBrand': '没有名为“{brand}”且将贵公司列为供应商的品牌',
    'cap.unknownGroup': '该品牌没有产能组 {code}',
    'cap.duplicateWeek': '该品牌、产能组和周的产能已录入',
    'cap.orderNotConfirmed': '已取消或已完成的客户订单不能分配',
    'cap.noLineCapacity': '该产线当日没有产线产能',
    'cap.lineOver': '该产线当日只剩 {free} 分钟',
    'cap.processNotAllowed': '该产线当日不允许工序 {code}',
    'cap.nothingToConfirm': '没有需要确认的分配',
    'cap.noLine': '找不到分配行',
    'cap.badCell': '请选择需求行、服务其产能组的供应商和周',
    'cap.badQty': '数量必须是 0 或以上的整数件数',
    'cap.notified': '{brand} 的产能分配版本 {version}：{pieces} 件待您确认',
    'cap.confirmedNote': '{supplier} 已确认其产能分配',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type CapMessageKey = keyof typeof capacityMessages.en;

export function capt(lang: unknown, key: CapMessageKey, params?: MessageParams): string {
  return interpolate(capacityMessages[langOf(lang)][key] ?? capacityMessages.zh[key], params);
}

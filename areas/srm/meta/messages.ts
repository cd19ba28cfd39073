// Texts of the sourcing area beyond core's catalogue (core has the §8 publishing-stage checks,
// 'version number already exists' and the option-score messages).
import { interpolate, langOf, type Label, type MessageParams } from '@seamline/core';

export const srmMessages = {
  en: {
    'srm.tooManyTiers': 'At most 5 tier prices (levels 1 to 5)',
    'srm.tierLevelRange': 'Tier price levels run from 1 to 5',
    'srm.tierLevelDuplicate': 'Each tier price level may be used once',
    'srm.configReadOnly': 'An activated evaluation config can no longer be edited',
    'srm.evaluationConcluded': 'A concluded or confirmed evaluation can no longer be edited',
    'srm.supplierOnly': 'Only the supplier side may fill in and quote',
    'srm.brandOnly': 'Only the company that owns the sourcing project may do this',
    'srm.inquiryClosed': 'The inquiry is closed and takes no new quotations',
    'srm.rfiNotOpen': 'The information request is not open for fill-in',
    'srm.quotationPosted': 'A posted quotation cannot be changed',
    'srm.rfiSubmitted': 'A submitted RFI record cannot be changed',
    'srm.invitationStopped': 'Your invitation to this project was stopped',
    'srm.itemsFrozen': 'RFQ items cannot be changed once the RFQ is published',
    'srm.unknownItem': 'This RFQ item is not part of the project or not active',
    'srm.priceRequired': 'Please quote a unit price for at least one item',
    'srm.vendorNotOnPlatform': 'The vendor is not linked to a company on the platform',
    'srm.alreadyInvited': 'This company is already invited',
    'srm.notEvaluating': 'Quotations can be selected only while the evaluation is running',
    'srm.notReviewer': 'Only the chosen reviewers may score',
    'srm.otherReviewer': 'You may change only your own scores',
    'srm.unknownEvalItem': 'No evaluation item with this code',
    'srm.unknownCurrency': 'Unknown currency',
    'srm.maxBelowMin': 'The maximum must not be below the minimum',
    'srm.noReviewers': 'Please choose at least one reviewer',
    'srm.notify.invited': '{brand} invites you to sourcing project {code} {name}',
    'srm.notify.rfiOpen': '{brand} asks for information on sourcing project {code} {name}',
    'srm.notify.published': '{brand} published the RFQ {code} {name}: please quote',
    'srm.notify.rfiSubmitted': '{supplier} submitted its RFI record for {code} {name}',
    'srm.notify.quoted': '{supplier} posted its quotation for {code} {name}',
    'srm.notify.rfiDecided': 'Your RFI record for {code} {name}: {status}',
    'srm.notify.quotationDecided': 'Your quotation for {code} {name}: {status}',
    'srm.notify.inquiryClosed': 'The RFQ {code} {name} is closed',
    'srm.notify.stopped': '{brand} stopped your invitation to {code} {name}',
    'srm.notify.toScore': 'Please score the admission evaluation {title}',
  },
  zh: {
    'srm.tooManyTiers': '阶梯价最多 5 级（1 到 5 级）',
    'srm.tierLevelRange': '阶梯价级别为 1 到 5',
    'srm.tierLevelDuplicate': '每个阶梯价级别只能使用一次',
    'srm.configReadOnly': '已激活的评估配置不能再修改',
    'srm.evaluationConcluded': '已完成或已确认的评估不能再修改',
    'srm.supplierOnly': '只有供应商方可以填写和报价',
    'srm.brandOnly': '只有寻源项目的所属公司可以执行此操作',
    'srm.inquiryClosed': '询价已关闭，不再接受新的报价',
    'srm.rfiNotOpen': '信息征询未开放填写',
    'srm.quotationPosted': '已提交的报价不能修改',
    'srm.rfiSubmitted': '已提交的 RFI 记录不能修改',
    'srm.invitationStopped': '您对该项目的邀请已被终止',
    'srm.itemsFrozen': '询价发布后不能再修改询价物料',
    'srm.unknownItem': '该询价物料不属于本项目或未激活',
    'srm.priceRequired': '请至少为一个物料报出单价',
    'srm.vendorNotOnPlatform': '该供应商未关联平台上的公司',
    'srm.alreadyInvited': '该公司已被邀请',
    'srm.notEvaluating': '只有在评估进行中才能选择报价',
    'srm.notReviewer': '只有选定的评审人可以评分',
    'srm.otherReviewer': '只能修改自己的评分',
    'srm.unknownEvalItem': '没有该编码的评估项',
    'srm.unknownCurrency': '未知币种',
    'srm.maxBelowMin': '最高分不能低于最低分',
    'srm.noReviewers': '请至少选择一位评审人',
    'srm.notify.invited': '{brand} 邀请您参加寻源项目 {code} {name}',
    'srm.notify.rfiOpen': '{brand} 就寻源项目 {code} {name} 向您征询信息',
    'srm.notify.published': '{brand} 发布了询价 {code} {name}，请报价',
    'srm.notify.rfiSubmitted': '{supplier} 提交了 {code} {name} 的 RFI 记录',
    'srm.notify.quoted': '{supplier} 提交了 {code} {name} 的报价',
    'srm.notify.rfiDecided': '您在 {code} {name} 的 RFI 记录：{status}',
    'srm.notify.quotationDecided': '您在 {code} {name} 的报价：{status}',
    'srm.notify.inquiryClosed': '询价 {code} {name} 已关闭',
    'srm.notify.stopped': '{brand} 终止了您对 {code} {name} 的邀请',
    'srm.notify.toScore': '请为准入评估 {title} 评分',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type SrmMessageKey = keyof typeof srmMessages.en;

export function srmt(lang: unknown, key: SrmMessageKey, params?: MessageParams): string {
  return interpolate(srmMessages[langOf(lang)][key] ?? srmMessages.zh[key], params);
}

export function srmLabel(key: SrmMessageKey, params?: MessageParams): Label {
  return { en: srmt('en', key, params), zh: srmt('zh', key, params) };
}

/** Labels of the states of spec §4 (documents between the companies). */
export const STATE_LABELS: Record<string, Label> = {
  draft: { en: 'Draft', zh: '草稿' },
  posted: { en: 'Awaiting review', zh: '待评审' },
  shortlisted: { en: 'Shortlisted', zh: '入围' },
  selected: { en: 'Selected', zh: '中标' },
  unselected: { en: 'Unselected', zh: '未中标' },
  closed: { en: 'Closed', zh: '已关闭' },
  stopped: { en: 'Stopped', zh: '已终止' },
  submitted: { en: 'Submitted', zh: '已提交' },
  eliminated: { en: 'Eliminated', zh: '已淘汰' },
  awaiting: { en: 'Awaiting evaluation', zh: '待评估' },
};

/** The label a quotation state shows ('posted' reads 'awaiting evaluation' there, spec §4). */
export const quotationStateLabel = (s: string): Label => (s === 'posted' ? STATE_LABELS.awaiting : (STATE_LABELS[s] ?? { en: s, zh: s }));
export const rfiStateLabel = (s: string): Label =>
  s === 'shortlisted' ? { en: 'Shortlisted (approved)', zh: '入围(通过)' } : s === 'eliminated' ? { en: 'Eliminated (rejected)', zh: '淘汰(拒绝)' } : (STATE_LABELS[s] ?? { en: s, zh: s });

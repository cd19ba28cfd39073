// Server texts of the quality area (en + zh): the sampling refusals of ./sampling.ts, the
// inspection's refusals (bookings, transitions, recording) and its notifications.
import { interpolate, langOf, type MessageParams } from '@seamline/core';

const en = {
  'quality.lotSizeInvalid': 'The lot size must be a whole number of at least 2 (got {value})',
  'quality.levelUnknown': 'Unknown inspection level "{value}": use I, II, III or S-1 to S-4',
  'quality.aqlUnknown': 'Unknown AQL "{value}": use 0 or a value of the standard series (0.010 … 1000)',
  'quality.severityUnknown': 'Unknown inspection severity "{value}": use normal, tightened or reduced',
  'quality.defectClassUnknown': 'Unknown defect class "{value}": use critical, major or minor',
  'quality.defectCountInvalid': 'The number of {cls} defects must be a whole number of at least 0 (got {value})',
  'quality.defectsWithoutPlan': '{count} {cls} defects were counted but the inspection has no plan for {cls} defects',
  'quality.noPlans': 'Give a sampling plan for at least one defect class',
  'quality.class.critical': 'critical',
  'quality.class.major': 'major',
  'quality.class.minor': 'minor',
  'quality.badState': '"{action}" is not possible while the inspection is {status}',
  'quality.notYourSide': 'Only {side} may "{action}" this inspection',
  'quality.side.brand': 'the brand that booked it',
  'quality.side.factory': 'the factory',
  'quality.side.inspector': 'the inspector',
  'quality.orderNotFound': 'The customer order does not exist or was not placed by your company on a factory',
  'quality.orderNotOpen': 'Inspections can be booked only on an order in progress or pending acceptance',
  'quality.linesRequired': 'Offer at least one style / colour / size line with a quantity',
  'quality.lineNotOnOrder': 'Line {row}: {style} {colour} {size} is not on the order',
  'quality.lineQtyInvalid': 'Line {row}: the offered quantity must be a whole number of at least 1 and at most the ordered {max}',
  'quality.inspectorCompanyRequired': 'Choose the inspection company that inspects',
  'quality.inspectorNotCompany': 'The chosen company is not an inspection company on the platform',
  'quality.dateRequired': 'Give the inspection date (YYYY-MM-DD)',
  'quality.reasonRequired': 'Give a reason',
  'quality.signatureRequired': 'Sign before finishing the inspection',
  'quality.signatureInvalid': 'The signature must be drawn on the signature pad (a PNG image of at most 400,000 characters)',
  'quality.reasonTooLong': 'The reason may be at most 1000 characters',
  'quality.sampledInvalid': 'Pieces inspected must be a whole number from 0 to the sample size {max}',
  'quality.defectInvalid': 'A defect needs a code, a class (critical, major or minor) and a count of at least 1',
  'quality.photosInvalid': 'Photos must be a list of at most 10 uploaded file ids',
  'quality.readingInvalid': 'A measurement needs a point, a size, a piece number (1 to the sample size) and spec, tolerance and measured values with at most 4 decimals',
  'quality.sampling': '{text}',
  'quality.shipmentBlocked': 'Order {order} cannot ship: its final inspection {code} failed (a re-inspection must pass or the brand must waive it)',
  'quality.sampleIncomplete': 'Inspect all {size} sampled pieces before a pass ({done} so far)',
  'quality.notRecording': 'Defects and measurements can be recorded only while the inspection is in progress',
  'quality.notify.booked': '{company} booked inspection {code} on order {order} for {date}',
  'quality.notify.changed': 'Inspection {code} on order {order}: {state} ({company})',
  'quality.notify.ticket': 'Final inspection {code} on order {order} failed: {failed}',
  'quality.ticket.title': 'Inspection {code} failed — order {order}',
  'quality.ticket.head': 'Inspection {code} ({type}) on order {order} failed: {sampled} pieces inspected; critical {critical}, major {major}, minor {minor}.',
  'quality.ticket.photos': 'Defect photos of inspection {code}',
  'quality.templateNotFound': 'The inspection template does not exist or is not your company\'s',
  'quality.checkInvalid': 'A check needs one of the inspection\'s check codes and a result: pass, fail or not applicable',
};

const zh: Record<keyof typeof en, string> = {
  'quality.lotSizeInvalid': '批量必须是不小于2的整数（当前为{value}）',
  'quality.levelUnknown': '未知的检验水平“{value}”：请使用 I、II、III 或 S-1 至 S-4',
  'quality.aqlUnknown': '未知的AQL“{value}”：请使用0或标准系列中的值（0.010 … 1000）',
  'quality.severityUnknown': '未知的检验严格度“{value}”：请使用正常、加严或放宽',
  'quality.defectClassUnknown': '未知的缺陷类别“{value}”：请使用致命、严重或轻微',
  'quality.defectCountInvalid': '{cls}缺陷数必须是不小于0的整数（当前为{value}）',
  'quality.defectsWithoutPlan': '记录了{count}个{cls}缺陷，但本次检验没有{cls}缺陷的抽样方案',
  'quality.noPlans': '请至少为一个缺陷类别给出抽样方案',
  'quality.class.critical': '致命',
  'quality.class.major': '严重',
  'quality.class.minor': '轻微',
  'quality.badState': '验货单当前为{status}，不能“{action}”',
  'quality.notYourSide': '只有{side}可以“{action}”此验货单',
  'quality.side.brand': '预约的品牌方',
  'quality.side.factory': '工厂',
  'quality.side.inspector': '检验方',
  'quality.orderNotFound': '客户订单不存在，或不是贵公司下给工厂的订单',
  'quality.orderNotOpen': '只能对待接单或进行中的订单预约验货',
  'quality.linesRequired': '请至少报验一行款号/颜色/尺码及数量',
  'quality.lineNotOnOrder': '第{row}行：订单上没有 {style} {colour} {size}',
  'quality.lineQtyInvalid': '第{row}行：报验数量必须是1到订单数量{max}之间的整数',
  'quality.inspectorCompanyRequired': '请选择检验公司',
  'quality.inspectorNotCompany': '所选公司不是平台上的检验公司',
  'quality.dateRequired': '请填写验货日期（YYYY-MM-DD）',
  'quality.reasonRequired': '请填写原因',
  'quality.signatureRequired': '完成验货前请签名',
  'quality.signatureInvalid': '签名须在签名板上书写（PNG 图片，不超过 400,000 个字符）',
  'quality.reasonTooLong': '原因最多1000个字符',
  'quality.sampledInvalid': '已抽检件数必须是0到抽样数{max}之间的整数',
  'quality.defectInvalid': '缺陷需要代码、类别（致命、严重或轻微）和不小于1的数量',
  'quality.photosInvalid': '照片必须是不超过10个已上传文件的列表',
  'quality.readingInvalid': '测量需要部位、尺码、件号（1至抽样数），以及最多4位小数的标准值、公差和实测值',
  'quality.sampling': '{text}',
  'quality.shipmentBlocked': '订单{order}不能出货：尾期验货{code}不合格（须复检合格或由品牌方放行）',
  'quality.sampleIncomplete': '判定合格前须检完全部{size}件样品（已检{done}件）',
  'quality.notRecording': '只有检验中的验货单才能记录缺陷和测量',
  'quality.notify.booked': '{company}预约了订单{order}的验货{code}，日期{date}',
  'quality.notify.changed': '订单{order}的验货{code}：{state}（{company}）',
  'quality.notify.ticket': '订单{order}的尾期验货{code}不合格：{failed}',
  'quality.ticket.title': '验货{code}不合格 — 订单{order}',
  'quality.ticket.head': '订单{order}的验货{code}（{type}）不合格：已检{sampled}件；致命{critical}，严重{major}，轻微{minor}。',
  'quality.ticket.photos': '验货{code}的缺陷照片',
  'quality.templateNotFound': '验货模板不存在或不属于贵公司',
  'quality.checkInvalid': '检查项需要本验货单的检查项代码和结果：合格、不合格或不适用',
};

export const qualityMessages = { en, zh };

export type QualityMessageKey = keyof typeof qualityMessages.en;

export function qualityText(lang: unknown, key: QualityMessageKey, params?: MessageParams): string {
  return interpolate(qualityMessages[langOf(lang)][key] ?? qualityMessages.zh[key], params);
}

/**
 * The text of a refusal whose params name a defect class (`cls`: critical/major/minor): the class
 * is shown in the reader's language.
 */
export function qualityErrorText(lang: unknown, error: { key: QualityMessageKey; params?: MessageParams }): string {
  const params = { ...error.params };
  const cls = params.cls;
  if (cls === 'critical' || cls === 'major' || cls === 'minor') params.cls = qualityText(lang, `quality.class.${cls}`);
  return qualityText(lang, error.key, params);
}

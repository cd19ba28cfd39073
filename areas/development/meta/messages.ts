// Server messages of the development area (English and Chinese), keys 'plm.*'.
export const plmMessages = {
  en: {
    'plm.notFound': 'The document does not exist or you may not see it',
    'plm.brandOnly': 'Only the company that asked for it may do this',
    'plm.supplierOnly': 'Only the supplier asked may do this',
    'plm.badState': 'This cannot be done in the current state',
    'plm.noSupplier': 'Choose a supplier company on the platform',
    'plm.noChart': 'The style has no measurement chart for this size',
    'plm.badNumber': 'Enter a number with at most 4 decimal places',
    'plm.tierLevel': 'Tier levels run from 1 to 5',
    'plm.tierTooMany': 'At most 5 tier prices (levels 1 to 5)',
    'plm.tierDuplicate': 'This tier level is already used',
    'plm.required': 'This field is required',
    'plm.sampleRequested': '{company} asks for a sample of style {style} ({type}) by {due}',
    'plm.sampleMeasured': '{company} has measured sample {code} ({out} out of tolerance)',
    'plm.sampleApproved': '{company} approved sample {code}',
    'plm.sampleRework': '{company} asks for another round of sample {code}',
    'plm.sampleComment': '{company} commented on sample {code}',
    'plm.quoteRequested': '{company} asks for a quote for style {style}',
    'plm.quoteSubmitted': '{company} has quoted style {style}: {price} {currency}',
    'plm.quoteAccepted': '{company} accepted your quote for style {style}',
    'plm.quoteDeclined': '{company} declined your quote for style {style}',
    'plm.nodeAtRisk': 'T&A {plan}: node {node} is now projected for {date} (planned {planned})',
    'plm.nodeLate': 'T&A {plan} (order {order}): node {node} was planned for {planned} and is not done',
    'plm.noStyle': 'Choose a style',
    'plm.configEmpty': 'The follow-node config has no nodes',
    'plm.noBasisDate': 'The order has no date to count the nodes from',
    'plm.copySource': 'Choose the chart to copy from',
    'plm.bomReleased': 'A BOM released to production is frozen: make a new revision to change it',
    'plm.bomNotReleased': 'Only a BOM released to production is revised; change this one directly',
    'plm.supplierCannotAnswer': '{company} cannot answer sample requests or quotes on the platform (its menus for them are switched off)',
  },
  zh: {
    'plm.notFound': '单据不存在或您无权查看',
    'plm.brandOnly': '只有发起方公司可以执行此操作',
    'plm.supplierOnly': '只有被邀请的供应商可以执行此操作',
    'plm.badState': '当前状态下不能执行此操作',
    'plm.noSupplier': '请选择平台上的供应商公司',
    'plm.noChart': '该款式没有此尺码的尺寸表',
    'plm.badNumber': '请输入最多 4 位小数的数字',
    'plm.tierLevel': '阶梯价格等级为 1 到 5',
    'plm.tierTooMany': '阶梯价格最多 5 级(1 到 5)',
    'plm.tierDuplicate': '该阶梯等级已使用',
    'plm.required': '此项必填',
    'plm.sampleRequested': '{company} 请求款式 {style} 的{type}，交期 {due}',
    'plm.sampleMeasured': '{company} 已测量样衣 {code}(超出公差 {out} 处)',
    'plm.sampleApproved': '{company} 已确认样衣 {code}',
    'plm.sampleRework': '{company} 要求样衣 {code} 再做一轮',
    'plm.sampleComment': '{company} 对样衣 {code} 提出了意见',
    'plm.quoteRequested': '{company} 请求款式 {style} 的报价',
    'plm.quoteSubmitted': '{company} 已对款式 {style} 报价：{price} {currency}',
    'plm.quoteAccepted': '{company} 已接受您对款式 {style} 的报价',
    'plm.quoteDeclined': '{company} 已拒绝您对款式 {style} 的报价',
    'plm.nodeAtRisk': 'T&A {plan}：节点 {node} 现预计 {date} 完成(计划 {planned})',
    'plm.nodeLate': 'T&A {plan}(订单 {order})：节点 {node} 计划 {planned} 完成，尚未完成',
    'plm.noStyle': '请选择款式',
    'plm.configEmpty': '跟进节点配置没有节点',
    'plm.noBasisDate': '订单缺少计算节点所用的日期',
    'plm.copySource': '请选择要复制的尺寸表',
    'plm.bomReleased': '已下发生产的 BOM 已冻结：请新建修订版再修改',
    'plm.bomNotReleased': '只有已下发生产的 BOM 需要修订；此 BOM 可直接修改',
    'plm.supplierCannotAnswer': '{company} 在平台上无法答复打样或报价请求(其相关菜单已关闭)',
  },
} as const;

export type PlmMessageKey = keyof (typeof plmMessages)['en'];

/** A message in both languages with {name} placeholders filled (notification contents). */
export function plmText(key: PlmMessageKey, vars: Record<string, string | number | { en: string; zh: string }> = {}): { en: string; zh: string } {
  const fill = (s: string, lang: 'en' | 'zh') =>
    s.replace(/\{(\w+)\}/g, (_m, k: string) => {
      const v = vars[k];
      return typeof v === 'object' && v !== null ? v[lang] : String(v ?? '');
    });
  return { en: fill(plmMessages.en[key], 'en'), zh: fill(plmMessages.zh[key], 'zh') };
}

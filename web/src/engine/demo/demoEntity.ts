// The showcase definition of /superdemo (web only, never stored by the server): every field type,
// every validator of spec §5, defaults with date macros, case and trim, visible and disabled
// conditions on values and on the session, role-gated fields (all / any / inverted / route
// action), a form-only field, a read-only field, a child table with a primary flag, a
// dictionary select and a reference to master-data vendors — so FORM-01..17 can be watched.
import { defineEntity, exactlyOneOf, statusColor, type Label } from '@seamline/core';

const L = (en: string, zh: string): Label => ({ en, zh });

export const DEMO_CATA = 'superdemo';

export const demoOrderEntity = defineEntity({
  name: 'demo-order',
  area: 'superdemo',
  prefix: 'scmapi',
  table: 'demo_order',
  label: L('Demo order', '演示订单'),
  route: { cata: DEMO_CATA, opt: 'demo-order' },
  display: 'code',
  fields: [
    // Text, case and trim (FORM-06)
    {
      name: 'code',
      type: 'string',
      label: L('Order code', '订单编码'),
      required: true,
      upperCase: true,
      trim: true,
      maxLength: 20,
      validators: [{ type: 'capitalEnglish' }],
      hint: L('Upper-cased and trimmed before posting: type " so-9 "', '提交前转大写并去空格：试试输入 " so-9 "'),
    },
    { name: 'title', type: 'string', label: L('Title', '标题'), required: true, trim: true, maxLength: 60, hint: L('Trimmed before posting', '提交前去除首尾空格') },
    {
      name: 'contact_email',
      type: 'string',
      label: L('Contact email', '联系邮箱'),
      lowerCase: true,
      trim: true,
      validators: [{ type: 'email' }],
      hint: L('Lower-cased before posting', '提交前转小写'),
    },
    {
      name: 'status',
      type: 'select',
      label: L('Status', '状态'),
      required: true,
      defaultValue: 'draft',
      options: [
        { value: 'draft', label: L('Draft', '草稿'), color: statusColor('APPR') },
        { value: 'submitted', label: L('Submitted', '已提交'), color: statusColor('PENDING_ARRPOVE') },
        { value: 'approved', label: L('Approved', '已审批'), color: statusColor('APPROVED') },
      ],
      hint: L('Anything but Draft disables the mobile field', '非草稿状态时，手机号不可编辑'),
    },
    {
      name: 'mobile',
      type: 'string',
      label: L('Mobile', '手机'),
      disabledWhen: "status != 'draft'",
      validators: [{ type: 'mobile' }],
      hint: L("Disabled when status != 'draft' (then neither checked nor posted)", "状态不是草稿时禁用（不校验、不提交）"),
    },
    // Choices (FORM-16)
    {
      name: 'priority',
      type: 'select',
      label: L('Priority', '优先级'),
      options: [
        { value: '1', label: L('Open', '普通') },
        { value: '2', label: L('High', '高') },
        { value: '3', label: L('Urgent', '紧急') },
      ],
      defaultValue: '1',
      hint: L("Stores '1', shows 'Open'", "存储 '1'，显示“普通”"),
    },
    {
      name: 'tags',
      type: 'multiselect',
      label: L('Tags', '标签'),
      freeEntry: true,
      hint: L('Pick a tag or type your own', '选择标签或输入自定义标签'),
      options: [
        { value: 'ECO', label: L('Sustainable', '环保') },
        { value: 'REPEAT', label: L('Repeat order', '翻单') },
        { value: 'SAMPLE', label: L('Sample', '样品') },
      ],
    },
    { name: 'grade', type: 'select', label: L('Vendor grade', '供应商等级'), options: { dictionary: 'VENDOR_GRADE' }, hint: L('Options from the system dictionary', '选项来自系统字典') },
    // References (FORM-21): exactly one of vendor or customer reference code
    {
      name: 'vendor_id',
      type: 'reference',
      label: L('Vendor', '供应商'),
      ref: { entity: 'vendor', displayField: 'short_name' },
      hint: L('Search, or pick from the vendor list', '搜索，或从供应商列表中选择'),
    },
    { name: 'customer_ref', type: 'string', label: L('Customer reference', '客户参考号'), trim: true, hint: L('Fill exactly one of vendor and customer reference', '供应商与客户参考号必须且只能填写其一') },
    // Numbers (FORM-17: decimals keep 4 places)
    { name: 'quantity', type: 'integer', label: L('Quantity', '数量'), required: true, defaultValue: 1, validators: [{ type: 'positiveInteger' }] },
    { name: 'spare_qty', type: 'integer', label: L('Spare quantity', '备品数量'), defaultValue: 0, validators: [{ type: 'naturalNumber' }] },
    { name: 'unit_price', type: 'decimal', label: L('Unit price', '单价'), validators: [{ type: 'positiveNumber' }, { type: 'maxDecimals4' }], hint: L('Up to 4 decimal places', '最多 4 位小数') },
    { name: 'discount_rate', type: 'decimal', label: L('Discount rate', '折扣率'), scale: 2, validators: [{ type: 'greaterThanZero' }] },
    { name: 'total_amount', type: 'decimal', label: L('Total amount', '总金额'), readOnly: true, hint: L('Calculated by the server; shown, never posted', '由服务器计算；只显示，不提交') },
    // Dates and defaults (FORM-02..05)
    { name: 'urgent', type: 'boolean', label: L('Urgent', '加急'), defaultValue: false, hint: L('Urgent orders need a remark on each line', '加急订单每行都需填写备注') },
    { name: 'order_date', type: 'date', label: L('Order date', '下单日期'), required: true, defaultValue: '@now' },
    { name: 'delivery_at', type: 'datetime', label: L('Delivery at', '交货时间'), defaultValue: '@now' },
    { name: 'cut_off', type: 'time', label: L('Daily cut-off', '每日截止时间') },
    { name: 'period_month', type: 'string', label: L('Period', '期间'), defaultValue: '@month' },
    { name: 'period_start', type: 'date', label: L('Period start', '期间开始'), defaultValue: '@firstDayOfMonth' },
    { name: 'period_end', type: 'date', label: L('Period end', '期间结束'), defaultValue: '@lastDayOfMonth' },
    { name: 'currency', type: 'string', label: L('Currency', '币种'), defaultValue: 'CNY', upperCase: true, validators: [{ type: 'exactLength', length: 3 }] },
    // Text formats: the remaining validators of spec §5
    { name: 'english_name', type: 'string', label: L('English name', '英文名'), validators: [{ type: 'english' }] },
    { name: 'local_note', type: 'string', label: L('Note without Chinese', '非中文备注'), validators: [{ type: 'noChinese' }] },
    { name: 'ship_date_text', type: 'string', label: L('Ship date (text)', '发货日期（文本）'), validators: [{ type: 'date' }] },
    { name: 'ship_time_text', type: 'string', label: L('Ship time (text)', '发货时刻（文本）'), validators: [{ type: 'time' }] },
    { name: 'eta_text', type: 'string', label: L('ETA (text)', '预计到达（文本）'), validators: [{ type: 'datetime' }] },
    { name: 'tax_code', type: 'string', label: L('Tax code', '税号'), upperCase: true, validators: [{ type: 'exactLength', length: 18 }] },
    {
      name: 'sku_pattern',
      type: 'string',
      label: L('SKU', 'SKU'),
      upperCase: true,
      validators: [{ type: 'regex', pattern: '^[A-Z]{3}-\\d{4}$', message: L('Please enter an SKU like ABC-1234', '请输入形如 ABC-1234 的 SKU') }],
    },
    { name: 'portal_password', type: 'string', label: L('Portal password', '门户密码'), validators: [{ type: 'strongPassword' }] },
    // Conditions on values and on the session (FORM-07, 09, 11)
    {
      name: 'needs_b',
      type: 'select',
      label: L('Needs a B note', '需要 B 备注'),
      defaultValue: 'N',
      options: [
        { value: 'Y', label: L('Yes', '是') },
        { value: 'N', label: L('No', '否') },
      ],
    },
    { name: 'b_note', type: 'string', label: L('B note', 'B 备注'), required: true, visibleWhen: "needs_b == 'Y'", hint: L("Shown only when 'Needs a B note' = Yes; hidden, it is neither required nor posted", '仅当“需要 B 备注”为是时显示；隐藏时不必填也不提交') },
    { name: 'pro_note', type: 'string', label: L('PRO licence note', 'PRO 版备注'), visibleWhen: "session.license_type == 'PRO'", hint: L("Visible when session.license_type = 'PRO'", "会话 license_type 为 'PRO' 时显示") },
    // Role-gated fields (FORM-12..15)
    { name: 'qa_note', type: 'string', label: L('Buyer + QA note', '采购+质检备注'), roles: { all: ['BUYER', 'QA'] }, hint: L('Needs all of BUYER and QA', '需同时具有 BUYER 和 QA 角色') },
    { name: 'approval_note', type: 'string', label: L('Approval note', '审批备注'), roles: { any: ['ADMIN', 'QA'] }, hint: L('Needs ADMIN or QA', '需具有 ADMIN 或 QA 角色') },
    { name: 'public_note', type: 'string', label: L('Non-guest note', '非访客备注'), roles: { any: ['GUEST'], invert: true }, hint: L('Anyone but GUEST', '除 GUEST 外均可编辑') },
    { name: 'edit_only_note', type: 'string', label: L('Edit-route note', '编辑路由备注'), roles: { routeAction: 'edit' }, hint: L("Editable only on the 'edit' route action", "仅在路由动作为 'edit' 时可编辑") },
    // Form-only, files and free data (FORM-08)
    { name: 'confirm_code', type: 'string', label: L('Confirmation code', '确认码'), isNotPost: true, hint: L('isNotPost: checked on screen, never posted', 'isNotPost：仅在页面使用，不提交') },
    { name: 'logo', type: 'image', label: L('Logo', '标志'), image: { width: 200, height: 200 } },
    { name: 'attachment', type: 'file', label: L('Attachment', '附件') },
    { name: 'remark', type: 'text', label: L('Remark', '备注'), trim: true, maxLength: 500 },
    { name: 'extra', type: 'json', label: L('Extra data (JSON)', '扩展数据（JSON）') },
  ],
  children: [
    {
      name: 'lines',
      label: L('Order lines', '订单明细'),
      primaryFlag: 'is_primary',
      fields: [
        { name: 'item', type: 'string', label: L('Item', '物料'), required: true, trim: true, upperCase: true, validators: [{ type: 'capitalEnglish' }] },
        { name: 'qty', type: 'decimal', label: L('Quantity', '数量'), required: true, validators: [{ type: 'greaterThanZero' }] },
        { name: 'is_primary', type: 'boolean', label: L('Primary', '主行'), defaultValue: false },
        { name: 'line_remark', type: 'string', label: L('Remark', '备注'), required: true, visibleWhen: 'parent.urgent == true' },
      ],
    },
  ],
  list: {
    columns: ['code', 'title', 'status', 'priority', 'vendor_id', 'quantity', 'unit_price', 'order_date', 'urgent', 'updated_at'],
    filters: ['code', 'title', 'status', 'priority', 'vendor_id', 'order_date', 'urgent', 'quantity'],
    sort: { field: 'code', order: 'asc' },
  },
  status: {
    field: 'status',
    values: [
      { value: 'draft', label: L('Draft', '草稿'), color: statusColor('APPR') },
      { value: 'submitted', label: L('Submitted', '已提交'), color: statusColor('PENDING_ARRPOVE') },
      { value: 'approved', label: L('Approved', '已审批'), color: statusColor('APPROVED') },
    ],
  },
  transitions: [
    { action: 'submit', label: L('Submit', '提交'), from: ['draft'], to: 'submitted' },
    { action: 'approve', label: L('Approve', '审批'), from: ['submitted'], to: 'approved', roles: { any: ['ADMIN', 'QA'] } },
    { action: 'reopen', label: L('Reopen', '重新打开'), from: ['submitted', 'approved'], to: 'draft' },
  ],
  rules: [exactlyOneOf('vendor_id', 'customer_ref', L('Fill exactly one of vendor and customer reference', '供应商与客户参考号必须且只能填写其一'))],
  permissions: { write: { any: ['ADMIN', 'BUYER', 'QA'] } },
});

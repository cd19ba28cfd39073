// A test-only definition that uses every field type, a child table with a primary flag,
// conditions on values and on the session, a role-gated field and an entity rule.
import { exactlyOneOf } from './businessRules';
import type { EntityDef } from './types';

const L = (en: string, zh = en) => ({ en, zh });

export function testOrderDef(): EntityDef {
  return {
    name: 'test-order',
    area: 'testing',
    prefix: 'scmapi',
    table: 'test_order',
    label: L('Test order', '测试订单'),
    route: { cata: 'scm', opt: 'test-order' },
    display: 'code',
    fields: [
      {
        name: 'code',
        type: 'string',
        label: L('Code', '编码'),
        required: true,
        upperCase: true,
        trim: true,
        maxLength: 10,
        validators: [{ type: 'capitalEnglish' }],
      },
      { name: 'title', type: 'text', label: L('Title', '标题'), trim: true },
      { name: 'email', type: 'string', label: L('Email', '邮箱'), lowerCase: true, trim: true, validators: [{ type: 'email' }] },
      { name: 'qty', type: 'integer', label: L('Quantity', '数量'), validators: [{ type: 'naturalNumber' }] },
      { name: 'amount', type: 'decimal', label: L('Amount', '金额') },
      { name: 'rate', type: 'decimal', label: L('Rate', '比率'), scale: 2 },
      { name: 'urgent', type: 'boolean', label: L('Urgent', '加急') },
      { name: 'order_date', type: 'date', label: L('Order date', '下单日期'), defaultValue: '@now' },
      { name: 'posted_at', type: 'datetime', label: L('Posted at', '过账时间'), defaultValue: '@now' },
      { name: 'cut_off', type: 'time', label: L('Cut-off', '截止时间') },
      {
        name: 'status',
        type: 'select',
        label: L('Status', '状态'),
        defaultValue: 'draft',
        readOnly: true,
        options: [
          { value: 'draft', label: L('Draft', '草稿') },
          { value: 'submitted', label: L('Submitted', '已提交') },
        ],
      },
      {
        name: 'priority',
        type: 'select',
        label: L('Priority', '优先级'),
        options: [
          { value: '1', label: L('Open', '打开') },
          { value: '2', label: L('High', '高') },
        ],
      },
      {
        name: 'tags',
        type: 'multiselect',
        label: L('Tags', '标签'),
        options: [
          { value: 'A', label: L('Alpha', '甲') },
          { value: 'B', label: L('Beta', '乙') },
        ],
      },
      { name: 'season', type: 'select', label: L('Season', '季节'), options: { dictionary: 'SEASON' } },
      { name: 'vendor_id', type: 'reference', label: L('Vendor', '供应商'), ref: { entity: 'vendor', displayField: 'code' } },
      { name: 'customer_id', type: 'reference', label: L('Customer', '客户'), ref: { entity: 'customer', displayField: 'name' } },
      { name: 'currency', type: 'string', label: L('Currency', '币种'), defaultValue: 'CNY' },
      { name: 'logo', type: 'image', label: L('Logo', '标志'), image: { width: 200, height: 200 } },
      { name: 'contract', type: 'file', label: L('Contract', '合同') },
      { name: 'extra', type: 'json', label: L('Extra', '附加') },
      { name: 'has_b', type: 'string', label: L('Has B', '有B'), defaultValue: 'N' },
      { name: 'b_note', type: 'string', label: L('B note', 'B备注'), required: true, visibleWhen: "has_b == 'Y'" },
      { name: 'mobile', type: 'string', label: L('Mobile', '手机'), disabledWhen: "status != 'draft'", validators: [{ type: 'mobile' }] },
      { name: 'pro_note', type: 'string', label: L('Pro note', '专业版备注'), required: true, visibleWhen: "session.license_type == 'PRO'" },
      { name: 'approval_note', type: 'string', label: L('Approval note', '审批备注'), roles: { any: ['ADMIN', 'QA'] } },
      { name: 'confirm_code', type: 'string', label: L('Confirm code', '确认码'), isNotPost: true },
      { name: 'parent_id', type: 'reference', label: L('Parent', '上级'), ref: { entity: 'test-order', displayField: 'code' } },
    ],
    children: [
      {
        name: 'lines',
        label: L('Lines', '明细'),
        primaryFlag: 'is_primary',
        fields: [
          { name: 'item', type: 'string', label: L('Item', '物料'), required: true, trim: true, upperCase: true },
          { name: 'line_qty', type: 'decimal', label: L('Quantity', '数量'), validators: [{ type: 'greaterThanZero' }] },
          { name: 'is_primary', type: 'boolean', label: L('Primary', '主要') },
          { name: 'remark', type: 'string', label: L('Remark', '备注'), required: true, visibleWhen: "parent.urgent == true" },
        ],
      },
    ],
    list: { columns: ['code', 'title', 'status', 'created_at'], filters: ['status', 'vendor_id'], sort: { field: 'created_at', order: 'desc' } },
    status: {
      field: 'status',
      values: [
        { value: 'draft', label: L('Draft', '草稿') },
        { value: 'submitted', label: L('Submitted', '已提交') },
      ],
    },
    transitions: [{ action: 'submit', label: L('Submit', '提交'), from: ['draft'], to: 'submitted' }],
    numbering: { field: 'code', serial: 'TEST_ORDER' },
    tree: { parentField: 'parent_id' },
    rules: [exactlyOneOf('vendor_id', 'customer_id')],
    authorizable: ['status', 'vendor_id', 'amount'],
  };
}

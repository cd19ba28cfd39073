// The out-API area's definitions (spec §3 'Out-API config', §7 'Out-API', §8): the company's
// configs of outside systems it pushes documents to, and the delivery states of the log.
import { defineEntity, entityHead, type EntityDef, type Label, type StatusValue } from '@seamline/core';

export * from './events';

export const L = (en: string, zh: string): Label => ({ en, zh });
export const AREA = 'outapi';
/** Spec §7 names the call zutilsapi/out-api-bus/auto-push; API.md puts it under utilsapi. */
export const PREFIX = 'utilsapi';
export const BUS = 'utilsapi/zutilsapi/out-api-bus';

/** The out-API menus (areas/system seed): the configs, and the delivery log with its test push. */
export const CONFIG_MENU = 'SYS_OUT_API_CONFIG';
export const LOG_MENU = 'SYS_OUT_API_LOG';

export const SEND_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type SendMethod = (typeof SEND_METHODS)[number];

/** MSG_DISPLAY: '1' the pusher sees the result message, '0' only failures show (spec §8). */
export const MSG_DISPLAY = { SHOW: '1', HIDE: '0' } as const;

/** What a config is for: a push target (auto-push) or a before-action enhancement URL. */
export const USAGE = { PUSH: 'push', BEFORE_ACTION: 'before-action', EVENT: 'event' } as const;

/** Delivery states (the log). 'failed' is final after the last retry; a user may retry it. */
export const DELIVERY = { QUEUED: 'queued', RETRYING: 'retrying', DELIVERED: 'delivered', FAILED: 'failed' } as const;
export type DeliveryState = (typeof DELIVERY)[keyof typeof DELIVERY];
export const FINAL_STATES: readonly string[] = [DELIVERY.DELIVERED, DELIVERY.FAILED];

export const DELIVERY_STATES: StatusValue[] = [
  { value: DELIVERY.QUEUED, label: L('Queued', '排队中'), color: 'blue' },
  { value: DELIVERY.RETRYING, label: L('Retrying', '重试中'), color: 'orange' },
  { value: DELIVERY.DELIVERED, label: L('Delivered', '已送达'), color: 'green' },
  { value: DELIVERY.FAILED, label: L('Failed', '失败'), color: 'red' },
];

export const outApiConfigEntity = defineEntity({
  ...entityHead({ area: AREA, prefix: PREFIX, cata: 'sys' }, 'out-api-config', 'outapi_config', L('Out-API config', '外部接口配置')),
  display: 'api_id',
  // Target URLs and headers may carry credentials: only the company's administrators see them.
  permissions: { read: { any: ['ADMIN'] }, write: { any: ['ADMIN'] } },
  fields: [
    {
      name: 'api_id',
      type: 'string',
      label: L('API ID', '接口 ID'),
      required: true,
      unique: true,
      upperCase: true,
      trim: true,
      maxLength: 64,
      validators: [{ type: 'regex', pattern: '^[A-Z0-9_.-]+$', message: L('Letters, digits, _ . - only', '仅限字母、数字和 _ . -') }],
      hint: L('The apiKey a push names, e.g. ERP_PO', '推送时使用的 apiKey，例如 ERP_PO'),
    },
    {
      name: 'usage',
      type: 'select',
      label: L('Used for', '用途'),
      required: true,
      defaultValue: USAGE.PUSH,
      options: [
        { value: USAGE.PUSH, label: L('Push (queued, retried)', '推送(排队、重试)') },
        { value: USAGE.BEFORE_ACTION, label: L('Before-action enhancement', '操作前增强接口') },
        // Issue 27: the API ID names an event type (./events) published to the target as it happens.
        { value: USAGE.EVENT, label: L('Event subscription', '事件订阅') },
      ],
    },
    {
      name: 'send_method',
      type: 'select',
      label: L('Send method', '发送方式'),
      required: true,
      defaultValue: 'POST',
      options: SEND_METHODS.map((m) => ({ value: m, label: L(m, m) })),
    },
    {
      name: 'msg_display',
      type: 'select',
      label: L('Show result message', '显示结果消息'),
      required: true,
      defaultValue: MSG_DISPLAY.SHOW,
      options: [
        { value: MSG_DISPLAY.SHOW, label: L('Show', '显示') },
        { value: MSG_DISPLAY.HIDE, label: L('Hide (failures only)', '隐藏(仅显示失败)') },
      ],
    },
    {
      name: 'target_url',
      type: 'string',
      label: L('Target URL', '目标地址'),
      required: true,
      trim: true,
      maxLength: 1000,
      validators: [{ type: 'regex', pattern: '^https?://[^\\s/?#]+[^\\s]*$', message: L('An http:// or https:// address', '请输入 http:// 或 https:// 地址') }],
    },
    {
      name: 'headers',
      type: 'json',
      label: L('Extra headers', '附加请求头'),
      hint: L('A JSON object of header names to text values, e.g. {"X-Tenant":"A1"}', 'JSON 对象：请求头名称到文本值，例如 {"X-Tenant":"A1"}'),
    },
    { name: 'remarks', type: 'text', label: L('Remarks', '备注'), trim: true, maxLength: 500 },
    {
      name: 'secret',
      type: 'string',
      label: L('Signing secret', '签名密钥'),
      // Write-only (server/hooks.ts): never read back, so only an administrator sets it.
      roles: { any: ['ADMIN'] },
      trim: true,
      maxLength: 200,
      hint: L('Write-only: never shown again. Leave empty to keep the stored one', '只写：保存后不再显示。留空则保留原密钥'),
    },
    { name: 'secret_set', type: 'boolean', label: L('Secret stored', '已设置密钥'), readOnly: true },
  ],
  list: {
    columns: ['api_id', 'usage', 'send_method', 'msg_display', 'target_url', 'secret_set'],
    filters: ['api_id', 'usage'],
    sort: { field: 'api_id', order: 'asc' },
  },
});

export const outApiEntities: EntityDef[] = [outApiConfigEntity];
export * from './messages';

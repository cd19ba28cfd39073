// Server messages of the out-API area (routes, hooks, the delivery log), both languages.
import { interpolate, langOf, type MessageParams } from '@seamline/core';

export const outApiMessages = {
  en: {
    'outapi.unknownKey': 'No push configuration "{key}" exists in your company',
    'outapi.badMethod': 'The send method must be one of POST, PUT, PATCH',
    'outapi.badData': 'DATA must be a JSON list of the items to send',
    'outapi.tooMuch': 'At most {max} items can be sent at once',
    'outapi.badHeaders': 'Headers must be a JSON object of names to text values',
    'outapi.secretRequired': 'A new configuration needs a signing secret',
    'outapi.badTarget': 'The target must be an http:// or https:// address',
    'outapi.unknownEvent': 'An event subscription names an event type as its API ID: {types}',
    'outapi.blockedTarget': 'Sending to a private or local address is not allowed on this server',
    'outapi.configGone': 'The configuration was deleted',
    'outapi.headersInvalid': 'The configured headers are not valid',
    'outapi.privateTarget':
      '{host} is a private or local address ({address}). This server does not send to such addresses (OUTAPI_PRIVATE_TARGETS=deny), so every delivery to it will fail until the operator lists the host in OUTAPI_ALLOW_HOSTS. Save it anyway?',
    'outapi.notFound': 'Delivery not found',
    'outapi.notRetryable': 'Only a failed delivery can be sent again',
    'outapi.thirdNotConfigured': 'The third API service is not configured on this server (THIRD_API_URL)',
    'outapi.thirdFailed': 'The third API service did not answer ({status})',
    'outapi.badPath': 'Give the path of the third API call, e.g. sync/po',
  },
  zh: {
    'outapi.unknownKey': '本公司没有推送配置“{key}”',
    'outapi.badMethod': '发送方式必须是 POST、PUT 或 PATCH',
    'outapi.badData': 'DATA 必须是要发送条目的 JSON 列表',
    'outapi.tooMuch': '一次最多发送 {max} 条',
    'outapi.badHeaders': '请求头必须是名称到文本值的 JSON 对象',
    'outapi.secretRequired': '新配置需要填写签名密钥',
    'outapi.badTarget': '目标必须是 http:// 或 https:// 地址',
    'outapi.unknownEvent': '事件订阅的接口 ID 须为事件类型之一：{types}',
    'outapi.blockedTarget': '本服务器不允许发送到内网或本机地址',
    'outapi.configGone': '该配置已被删除',
    'outapi.headersInvalid': '配置的请求头无效',
    'outapi.privateTarget': '{host} 是内网或本机地址({address})。本服务器不向此类地址发送(OUTAPI_PRIVATE_TARGETS=deny)，在运维人员将该主机加入 OUTAPI_ALLOW_HOSTS 之前，每次投递都会失败。仍要保存吗？',
    'outapi.notFound': '找不到该投递记录',
    'outapi.notRetryable': '只有失败的投递可以重新发送',
    'outapi.thirdNotConfigured': '本服务器未配置第三方接口服务(THIRD_API_URL)',
    'outapi.thirdFailed': '第三方接口服务没有应答({status})',
    'outapi.badPath': '请提供第三方接口路径，例如 sync/po',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type OutApiMessageKey = keyof typeof outApiMessages.en;

export function outt(lang: unknown, key: OutApiMessageKey, params?: MessageParams): string {
  return interpolate(outApiMessages[langOf(lang)][key] ?? outApiMessages.zh[key], params);
}

// Server messages of the e-signing area (errors and the requester's notification), both languages.
import { interpolate, langOf, type MessageParams } from '@seamline/core';

export const esignMessages = {
  en: {
    'esign.notFound': 'This signing code is not valid here',
    'esign.expired': 'This signing code has expired. Ask for a new one on the computer',
    'esign.used': 'This document has already been signed with this code',
    'esign.noImage': 'Please draw your signature first',
    'esign.badImage': 'The signature image is not a PNG picture or is too large',
    'esign.noNode': 'The document\'s approval flow has no node {seq}',
    'esign.signedNote': '{signer} signed {title}',
    'esign.deleted': '(deleted)',
  },
  zh: {
    'esign.notFound': '此签署码在此无效',
    'esign.expired': '此签署码已过期，请在电脑上重新生成',
    'esign.used': '此签署码已使用，文档已签署',
    'esign.noImage': '请先手写签名',
    'esign.badImage': '签名图片不是 PNG 图片或过大',
    'esign.noNode': '单据的审批流程中没有节点 {seq}',
    'esign.signedNote': '{signer} 已签署 {title}',
    'esign.deleted': '（已删除）',
  },
} satisfies { en: Record<string, string>; zh: Record<string, string> };

export type EsignMessageKey = keyof typeof esignMessages.en;

export function esignText(lang: unknown, key: EsignMessageKey, params?: MessageParams): string {
  return interpolate(esignMessages[langOf(lang)][key] ?? esignMessages.zh[key], params);
}

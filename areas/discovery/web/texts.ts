// Labels of the discovery page, English and Chinese.
import { langOf } from '@seamline/core';

const en = {
  intro: 'Find brands, factories and suppliers by their public company cards, and connect with them.',
  directory: 'Companies',
  requests: 'Requests',
  friends: 'Friends',
  keyword: 'Company name, code or city',
  category: 'Category',
  region: 'Region',
  capabilities: 'Capabilities',
  search: 'Search',
  version: 'Card v{v}',
  connect: 'Connect',
  connectTitle: 'Ask {name} to connect',
  message: 'Message (optional)',
  send: 'Send request',
  cancel: 'Cancel',
  sent: 'Request sent',
  self: 'Your company',
  pendingOut: 'Request sent',
  pendingIn: 'Asked to connect',
  isFriend: 'Friends',
  accept: 'Accept',
  reject: 'Reject',
  incoming: 'Asked to connect with you',
  outgoing: 'Waiting for their answer',
  noRequests: 'No open requests',
  noFriends: 'No friends yet: connect with companies in the directory',
  noCompanies: 'No company matches',
  signInToConnect: 'Sign in to connect',
  since: 'Since {date}',
  total: '{n} companies',
};

const zh: typeof en = {
  intro: '通过公开的企业名片查找品牌商、工厂和供应商，并与之建立连接。',
  directory: '企业',
  requests: '请求',
  friends: '好友',
  keyword: '企业名称、编码或城市',
  category: '类别',
  region: '地区',
  capabilities: '能力',
  search: '查询',
  version: '名片 v{v}',
  connect: '连接',
  connectTitle: '请求与 {name} 建立连接',
  message: '留言（选填）',
  send: '发送请求',
  cancel: '取消',
  sent: '请求已发送',
  self: '本公司',
  pendingOut: '已发送请求',
  pendingIn: '对方请求连接',
  isFriend: '好友',
  accept: '接受',
  reject: '拒绝',
  incoming: '请求与贵公司连接',
  outgoing: '等待对方答复',
  noRequests: '暂无待处理请求',
  noFriends: '暂无好友：在企业目录中发起连接',
  noCompanies: '没有符合条件的企业',
  signInToConnect: '登录后可发起连接',
  since: '自 {date}',
  total: '共 {n} 家企业',
};

/** Both catalogues, for checks over every English text. */
export const discoveryTexts = { en, zh };

export type DiscoveryText = keyof typeof en;

export function dt(lang: unknown, key: DiscoveryText, params?: Record<string, string | number>): string {
  let text = (langOf(lang) === 'en' ? en : zh)[key];
  for (const [k, v] of Object.entries(params ?? {})) text = text.replace(`{${k}}`, String(v));
  return text;
}

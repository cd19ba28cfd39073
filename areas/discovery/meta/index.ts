// Friends discovery (spec §1, §2): the public directory of company cards and connection
// requests between companies. Texts in English and Chinese.
import { interpolate, langOf, type MessageParams } from '@seamline/core';
import { CAPABILITY_OPTIONS, COMPANY_TYPE_OPTIONS } from '../../masterdata/meta/company';

export { CAPABILITY_OPTIONS, COMPANY_TYPE_OPTIONS };

/** How the signed-in caller's company stands with a listed company. */
export type ConnectionState = 'SELF' | 'NONE' | 'PENDING_OUT' | 'PENDING_IN' | 'FRIENDS';

/** A listed company's card as the directory's search reads it (server) and shows it (web). */
export interface CompanyCard {
  id: string;
  client_id: string;
  code: string;
  name: string;
  type: string;
  industry: string | null;
  scale: string | null;
  logo: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  capabilities: string[] | null;
  card_version: number | null;
  contact_person: string | null;
}

/** A card in the answer: with how the signed-in caller stands with it (null signed out). */
export interface ListedCard extends CompanyCard {
  connection: ConnectionState | null;
}

export const DISCOVERY_PAGE_MAX = 50;

export const discoveryMessages = {
  en: {
    'discovery.unknownCompany': 'This company is not listed in discovery',
    'discovery.self': 'You cannot connect to your own company',
    'discovery.alreadyFriends': 'Your companies are already connected',
    'discovery.alreadyAsked': 'A request is already waiting for an answer',
    'discovery.theyAsked': 'This company has already asked to connect with you: accept its request',
    'discovery.notPending': 'This request is no longer waiting for an answer',
    'discovery.onlyReceiver.accept': 'Only the company the request was sent to can accept it',
    'discovery.onlyReceiver.reject': 'Only the company the request was sent to can reject it',
    'discovery.messageTooLong': 'At most 500 characters',
    'discovery.notify.request': '{who} of {company} asked to connect with your company',
    'discovery.notify.accepted': '{company} accepted your connection request',
  },
  zh: {
    'discovery.unknownCompany': '该公司未在发现中公开',
    'discovery.self': '不能与本公司建立连接',
    'discovery.alreadyFriends': '两家公司已经是好友',
    'discovery.alreadyAsked': '已有一条请求在等待对方答复',
    'discovery.theyAsked': '对方已向贵公司发出连接请求，请接受该请求',
    'discovery.notPending': '该请求已不在等待答复状态',
    'discovery.onlyReceiver.accept': '只有收到请求的公司才能接受该请求',
    'discovery.onlyReceiver.reject': '只有收到请求的公司才能拒绝该请求',
    'discovery.messageTooLong': '最多 500 个字符',
    'discovery.notify.request': '{company} 的 {who} 请求与贵公司建立连接',
    'discovery.notify.accepted': '{company} 接受了贵公司的连接请求',
  },
} satisfies Record<'en' | 'zh', Record<string, string>>;

export function discoveryMessage(lang: unknown, key: string, params?: MessageParams): string {
  const cat = discoveryMessages[langOf(lang)] as Record<string, string>;
  return interpolate(cat[key] ?? key, params);
}

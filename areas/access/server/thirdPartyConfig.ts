// Which third-party sign-ins a company has (docs/third-party-logins.md): read from the environment
// variable THIRD_PARTY_LOGINS, a JSON object keyed by company code, then by provider type:
//   {"DEMO_BRAND": {"dingtalk": {"issuer": "https://…", "client_id": "…", "client_secret": "…"}}}
// Every adapter speaks OpenID Connect's authorization-code flow (PKCE, state, nonce); the type
// decides which column of the account holds the provider's user id.
import { appUser } from '@seamline/server/api';

export const THIRD_PARTY_TYPES = {
  dingtalk: { name: { en: 'DingTalk', zh: '钉钉' }, column: appUser.ddId, key: 'ddId' },
  wecom: { name: { en: 'WeCom', zh: '企业微信' }, column: appUser.qywxId, key: 'qywxId' },
  wx: { name: { en: 'WeChat', zh: '微信' }, column: appUser.wxId, key: 'wxId' },
} as const;

export type ThirdPartyType = keyof typeof THIRD_PARTY_TYPES;

export interface ProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export const isThirdPartyType = (v: unknown): v is ThirdPartyType => typeof v === 'string' && Object.hasOwn(THIRD_PARTY_TYPES, v);

export const providerName = (type: string, lang: string) =>
  isThirdPartyType(type) ? THIRD_PARTY_TYPES[type].name[lang === 'en' ? 'en' : 'zh'] : type;

type Parsed = Map<string, Partial<Record<ThirdPartyType, ProviderConfig>>>;
let cache: { raw: string; parsed: Parsed } | null = null;

/** Parses THIRD_PARTY_LOGINS; a malformed value throws naming what is wrong (the routes check it at start-up). */
export function parseThirdPartyLogins(raw: string | undefined): Parsed {
  const parsed: Parsed = new Map();
  if (!raw?.trim()) return parsed;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('THIRD_PARTY_LOGINS must be a JSON object keyed by company code');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('THIRD_PARTY_LOGINS must be a JSON object keyed by company code');
  for (const [company, providers] of Object.entries(json as Record<string, unknown>)) {
    const entry: Partial<Record<ThirdPartyType, ProviderConfig>> = {};
    for (const [type, c] of Object.entries((providers ?? {}) as Record<string, Record<string, unknown>>)) {
      if (!isThirdPartyType(type)) throw new Error(`THIRD_PARTY_LOGINS.${company}: unknown provider '${type}' (use ${Object.keys(THIRD_PARTY_TYPES).join(', ')})`);
      const { issuer, client_id: clientId, client_secret: clientSecret, scope } = c ?? {};
      if (typeof issuer !== 'string' || !/^https?:\/\/\S+$/.test(issuer)) throw new Error(`THIRD_PARTY_LOGINS.${company}.${type}.issuer must be an http(s) address`);
      if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret) {
        throw new Error(`THIRD_PARTY_LOGINS.${company}.${type} needs client_id and client_secret`);
      }
      entry[type] = { issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, scope: typeof scope === 'string' && scope ? scope : 'openid' };
    }
    parsed.set(company.toUpperCase(), entry);
  }
  return parsed;
}

/** The adapter of one company and provider, or null when none is configured. */
export function providerConfig(companyCode: string, type: ThirdPartyType, env: Record<string, string | undefined> = process.env): ProviderConfig | null {
  const raw = env.THIRD_PARTY_LOGINS ?? '';
  if (cache?.raw !== raw) cache = { raw, parsed: parseThirdPartyLogins(raw) };
  return cache.parsed.get(companyCode.toUpperCase())?.[type] ?? null;
}

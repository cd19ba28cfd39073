// Where the platform may send (docs/outapi.md 'Target addresses'). Only http and https; private,
// loopback, link-local and metadata addresses are refused unless OUTAPI_PRIVATE_TARGETS=allow
// (the default outside production, where tests and local receivers live on 127.0.0.1) or the host
// is named in OUTAPI_ALLOW_HOSTS. The check runs inside the connection's DNS lookup, so a name
// that resolves differently between a check and the connect (DNS rebinding) cannot slip through.
import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { outt } from '../meta/messages';

export interface TargetPolicy {
  allowPrivate: boolean;
  /** Host names (lower case) allowed even when private addresses are refused. */
  allowHosts: readonly string[];
}

export function targetPolicy(env: Record<string, string | undefined> = process.env): TargetPolicy {
  const flag = env.OUTAPI_PRIVATE_TARGETS;
  if (flag && flag !== 'allow' && flag !== 'deny') throw new Error(`OUTAPI_PRIVATE_TARGETS must be allow or deny, got '${flag}'`);
  const allowPrivate = flag ? flag === 'allow' : env.NODE_ENV !== 'production';
  const allowHosts = (env.OUTAPI_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { allowPrivate, allowHosts };
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1], 'ipv4') : PRIVATE.check(address, 'ipv6');
}

/** The URL if its scheme may be sent to, else null. */
export function parseTarget(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The recorded reason of a failed attempt in the reader's language (issue 23: the SSRF refusal
 * reached a Chinese screen in English). Refusals of ours are stored in English for the log and
 * read back translated; a remote server's or the network's own words stay as they came. */
export function deliveryErrorText(raw: string | null, lang: unknown): string | null {
  if (!raw) return raw;
  if (/^target \S+ resolves to a private address, refused/.test(raw)) return outt(lang, 'outapi.blockedTarget');
  if (raw === CONFIG_GONE) return outt(lang, 'outapi.configGone');
  if (raw === HEADERS_INVALID) return outt(lang, 'outapi.headersInvalid');
  return raw;
}
export const CONFIG_GONE = 'the configuration was deleted';
export const HEADERS_INVALID = 'the configured headers are not valid';

export class BlockedTarget extends Error {
  constructor(host: string) {
    super(`target ${host} resolves to a private address, refused (OUTAPI_PRIVATE_TARGETS)`);
    this.name = 'BlockedTarget';
  }
}

/** A DNS lookup for http.request that refuses private addresses under the policy. */
export function guardedLookup(policy: TargetPolicy, host: string): LookupFunction | undefined {
  if (policy.allowPrivate || policy.allowHosts.includes(host.toLowerCase())) return undefined;
  return ((hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (!list.length || list.some((a) => isPrivateAddress(a.address))) return callback(new BlockedTarget(hostname), '');
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;
}

/** A target URL as the log shows it: a user name and password (https://user:pw@host/…) become '***'. */
export function maskCredentials(raw: string): string {
  const url = parseTarget(raw);
  if (!url) return raw.replace(/\/\/[^/?#@\s]*@/, '//***@');
  if (!url.username && !url.password) return raw;
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  return url.href;
}

/**
 * The private address a target would be refused for when sent (the check of guardedLookup, at save
 * time): an IP literal, else what its name resolves to now (any private address refuses it). Null
 * when the policy lets it through, the name does not resolve, or the lookup takes over `timeoutMs`.
 */
export async function refusedAddress(policy: TargetPolicy, raw: string, timeoutMs = 3000): Promise<string | null> {
  const url = parseTarget(raw);
  if (!url) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.allowPrivate || policy.allowHosts.includes(host.toLowerCase())) return null;
  if (isIP(host)) return isPrivateAddress(host) ? host : null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      dns.lookup(host, { all: true }),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('lookup timed out')), timeoutMs))),
    ]);
    return found.find((a) => isPrivateAddress(a.address))?.address ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

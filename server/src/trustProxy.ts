// TRUST_PROXY: which peers may name the client's address in X-Forwarded-For (docs/server.md,
// docs/security.md 'Client addresses'). The address decides the per-address sign-in lock, the
// per-address limits and the IP stored with an e-signature, so the client must never choose it:
// only the entries our own proxies appended count, read from the right.
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * false: the connection's own address (no proxy); n: n proxy hops in front of the server (the
 * n-th address from the right, counting the connection, is the client); a list: the proxies'
 * addresses or CIDR ranges (the right-most address that is not one of them is the client).
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for ranges: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (NAMED_RANGES.has(entry) || isIP(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  return extra === undefined && family !== 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= (family === 4 ? 32 : 128);
};

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  // 'true' trusted every hop: the left-most X-Forwarded-For entry, which the client writes itself.
  if (value === 'true') {
    throw new Error("TRUST_PROXY=true would let every client choose its own address; give the number of proxies in front of the server (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.5)");
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length) throw new Error(`TRUST_PROXY must be a number of proxy hops or a list of proxy addresses or CIDR ranges (also loopback, linklocal, uniquelocal), got '${bad.join("', '")}'`);
  return entries;
}

/**
 * Fastify's trustProxy for a TrustProxy. A hop count becomes proxy-addr's (address, hop) → hop < n
 * (Fastify ignores a plain number: it cannot tell a proxy from a direct client, and neither can
 * this; hence the addresses for a server that clients can also reach directly).
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}

import type { IncomingHttpHeaders } from 'node:http';
import net from 'node:net';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
// IPv4 loopback as a dual-stack socket reports it (::ffff:127.0.0.1).
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** True for a loopback address: 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.x.x). */
export function isLoopbackAddress(ip: string): boolean {
  const family = net.isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Every address a request names: its socket's, then each X-Forwarded-For entry (as written, whoever wrote it). Only
 * for a check that must hold for all of them; the client's address is `request.ip` (trusted hops only).
 */
export function claimedAddresses(socketAddress: string | undefined, headers: IncomingHttpHeaders): string[] {
  const forwarded = [headers['x-forwarded-for'] ?? []].flat().flatMap((v) => v.split(','));
  return [socketAddress ?? '', ...forwarded.map((a) => a.trim())];
}

/**
 * Which proxies in front are trusted to report the client's address (TRUST_PROXY): none, the nearest `hops` (whoever
 * connects is taken for the first), or the listed addresses and CIDRs. The client is the right-most untrusted address.
 */
export type TTrustProxy = false | { hops: number } | { proxies: string[] };

/** Named ranges that Fastify's trust list (proxy-addr) expands: 127.0.0.1/8 + ::1; 169.254/16 + fe80::/10; RFC 1918 + fc00::/7. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** A hop count beyond any real chain of proxies (CDN, load balancer, ingress). */
const MAX_PROXY_HOPS = 10;
const FORMS = 'a hop count (TRUST_PROXY=1) or the proxies’ addresses/CIDRs (TRUST_PROXY=10.0.0.0/8,127.0.0.1)';

/** True for an IP address, a CIDR (address/prefix length) or a named range proxy-addr knows. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY: unset, `false` or `0` (no proxy), a hop count, or a comma-separated list of addresses/CIDRs.
 * `true` (trust every hop: any client could name its own address) is refused. Returns the setting or the problem.
 */
export function parseTrustProxy(value: string): { trust: TTrustProxy } | { problem: string } {
  const v = value.trim();
  if (v === 'false' || v === '0') return { trust: false };
  if (v === 'true') {
    return {
      problem: `"true" trusted every hop, so any client could choose its own address with X-Forwarded-For; name the proxies instead: ${FORMS}`,
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_PROXY_HOPS
      ? { trust: { hops } }
      : { problem: `at most ${MAX_PROXY_HOPS} hops; expected ${FORMS}` };
  }
  const proxies = v.split(',').map((p) => p.trim());
  const wrong = proxies.filter((p) => !isProxyEntry(p));
  if (wrong.length > 0) {
    return { problem: `${wrong.map((p) => JSON.stringify(p)).join(', ')}: not an address or CIDR; expected ${FORMS}` };
  }
  return { trust: { proxies } };
}

/**
 * Fastify's `trustProxy` option for a TRUST_PROXY setting. A list goes to Fastify as it is (proxy-addr). A hop count
 * becomes proxy-addr's hop function (hop 0 is the socket): Fastify 5.12 turns a plain number into "trust nothing".
 */
export function fastifyTrustProxy(trust: TTrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!trust) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.proxies;
}

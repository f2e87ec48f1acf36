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

/** True when a request says it was relayed by a proxy (its socket address is then the proxy's, not the client's). */
export function isForwarded(headers: IncomingHttpHeaders): boolean {
  return headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
}

import { isIP } from 'node:net';

/**
 * A client address truncated before it is stored (GDPR data minimisation): IPv4 → `a.b.c.0/24`, IPv6 → its first
 * 48 bits as `x:y:z::/48`; an IPv4-mapped IPv6 address is treated as IPv4. Anything unparsable gives null.
 */
export function ipPrefix(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) {
    const [a, b, c] = address.split('.');
    return `${Number(a)}.${Number(b)}.${Number(c)}.0/24`;
  }
  if (family !== 6) return null;
  const groups = expandIpv6(address);
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail is converted). */
function expandIpv6(address: string): number[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

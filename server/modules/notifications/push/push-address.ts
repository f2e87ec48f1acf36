import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Push endpoints come from the browser, that is from anyone: the server must never be made to connect to its own
// network (SSRF). An endpoint may name only public addresses: checked when it is stored (IP literals,
// already normalised by the WHATWG URL parser: 2130706433, 0x7f.1 and 127.1 all read 127.0.0.1) and again on every
// connection, where the host name is resolved here and the socket goes to the address that was checked (no DNS
// rebinding between the check and the connection).

/** Whether push endpoints may name loopback addresses (the tests' local push service); never in production. */
export interface TPushAddressPolicy {
  allowLoopback: boolean;
}

/** The error code of a connection refused because its address is not public. */
export const PUSH_ADDRESS_REFUSED = 'EPUSHADDRESS';

/** Resolves a host name to all its addresses (dns.lookup's form); tests stub it. */
export type TPushResolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as any connection would use). */
export const systemResolver: TPushResolver = (hostname, family) =>
  dns.promises.lookup(hostname, { all: true, family: family === 4 || family === 6 ? family : 0 });

/** Whether one IP address may be the target of a push: public unicast (or loopback when the policy allows it). */
export function isAllowedPushAddress(address: string, policy: TPushAddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() reads an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it is.
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

/**
 * Why an endpoint URL may not be stored, or null when it may: https, and a host that is a public IP address or a
 * name (names are checked when connecting). `localhost` and `*.localhost` always mean loopback (RFC 6761).
 */
export function pushEndpointProblem(endpoint: string, policy: TPushAddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'https only';
  if (url.username || url.password) return 'no credentials in the URL';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(host)) return isAllowedPushAddress(host, policy) ? null : 'not a public address';
  if (host === 'localhost' || host.endsWith('.localhost')) return policy.allowLoopback ? null : 'not a public address';
  if (!host.includes('.')) return 'not a public host name';
  return null;
}

type TLookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the push agent's sockets: resolves the name, refuses the connection (`EPUSHADDRESS`) when any of
 * its addresses is not allowed, else hands the checked addresses to the socket (which connects to nothing else).
 */
export function guardedLookup(policy: TPushAddressPolicy, resolve: TPushResolver = systemResolver) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: TLookupCallback): void => {
    resolve(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        const refused = addresses.filter((a) => !isAllowedPushAddress(a.address, policy));
        if (addresses.length === 0 || refused.length > 0) {
          const err: NodeJS.ErrnoException = new Error(`push host ${hostname} resolves to a non-public address`);
          err.code = PUSH_ADDRESS_REFUSED;
          callback(err, []);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}

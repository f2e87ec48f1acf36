import type { FastifyRequest } from 'fastify';
import { normaliseHost } from '../modules/sites/sites.service.ts';

/**
 * Hosts that always mean "this machine" (RFC 6761 `localhost` and `*.localhost`, 127.0.0.0/8, [::1]), with an
 * optional port. Nobody but the member's own machine answers there, so echoing such a Host into a link cannot send
 * anyone elsewhere (no Host-header injection), while the demo keeps working on whatever loopback address it was opened.
 */
const LOOPBACK_HOST =
  /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/;
const PORT = /:(\d{1,5})$/;

/** True for a Host header that names this machine (localhost, *.localhost, 127.0.0.0/8, [::1]), with a port or not. */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host.trim().toLowerCase());
}

/** The Host header as `host[:port]` in lower case, or null when it is not a plain host with an optional port. */
function plainHost(request: FastifyRequest): string | null {
  const host = request.headers.host?.trim().toLowerCase();
  if (!host || !/^[a-z0-9.[\]:-]+$/.test(host)) return null;
  const port = PORT.exec(host)?.[1];
  return port !== undefined && Number(port) > 65_535 ? null : host;
}

/**
 * The origin for links that lead a member back to the site (emails, a payment's return and webhook): where the member
 * is. On the site's own domain: the request's scheme, host and port. The default site with `PUBLIC_URL` (a
 * deployment): that URL. On a loopback address (the demo, e.g. http://127.0.0.1:3000 or http://localhost:3000): the
 * request's scheme, host and port. Otherwise `https://<site domain>`. Any other Host never reaches a link.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  const host = plainHost(request);
  if (host && normaliseHost(host) === request.site.domain) return `${request.protocol}://${host}`;
  if (publicUrl && request.site.isDefault) return publicUrl.replace(/\/$/, '');
  if (host && LOOPBACK_HOST.test(host)) return `${request.protocol}://${host}`;
  return `https://${request.site.domain}`;
}

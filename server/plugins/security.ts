import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_REQUEST_HEADER } from '#common/constants.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A Host header as `host[:port]`: letters, digits, dots, hyphens, an IPv6 literal in brackets, a port. */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * The origin a request was sent to: its scheme, Host and port. The scheme is the request's own (`https` over TLS, or
 * the X-Forwarded-Proto of a proxy TRUST_PROXY names; a client's own X-Forwarded-Proto counts for nothing), the
 * same that decides the cookies' Secure flag and HSTS. Null for a Host that is not a plain host[:port].
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  const scheme = request.protocol;
  if (!host || !PLAIN_HOST.test(host) || (scheme !== 'http' && scheme !== 'https')) return null;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * True when the Origin (or Referer) of a request is the origin it was sent to: same scheme, host and port
 * (`Origin: https://<host>` on an http site, or another port of the same host, is another site).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  const own = requestOrigin(request);
  if (!source || !own) return false;
  try {
    return new URL(source).origin === own;
  } catch {
    return false;
  }
}

/** The origin of a site's CDN prefix (`https://cdn.example/x` → `https://cdn.example`), or null when it has none. */
function cdnOrigin(cdnPrefix: string | undefined, scheme: string): string | null {
  if (!cdnPrefix) return null;
  try {
    const url = new URL(cdnPrefix.startsWith('//') ? `${scheme}:${cdnPrefix}` : cdnPrefix);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of an answer. Every source is a named origin: the site itself, its realtime socket
 * (ws/wss of the same host and port) and its CDN prefix when set; data: and blob: images for inline icons and photo
 * previews. No bare scheme (`https:`, `wss:`), which would allow every host.
 */
export function contentSecurityPolicy(request: FastifyRequest, nonce: string): string {
  const own = requestOrigin(request);
  const socket = own ? own.replace(/^http/, 'ws') : null;
  const cdn = cdnOrigin(request.site?.cdnPrefix, request.protocol);
  const directives: Record<string, (string | null)[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', cdn],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socket],
    'media-src': ["'self'", cdn],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources.filter((v) => v !== null)].join(' '))
    .join(';');
}

/**
 * Warns once per process when a request says it came through a proxy while TRUST_PROXY is off: every client then
 * shares the proxy's address, so per-IP limits (30 bad logins) block the whole site at once, and a TLS-terminating
 * proxy's https is not believed (the origin check then refuses the browsers' https Origin).
 */
function warnOnceAboutUntrustedProxy(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    const forwarded = request.headers['x-forwarded-for'] ?? request.headers['x-forwarded-proto'];
    if (warned || forwarded === undefined) return;
    warned = true;
    // The proxy's address only: the header's client addresses are personal data.
    request.log.warn(
      { proxyAddress: request.ip },
      'Requests carry X-Forwarded-For or X-Forwarded-Proto but TRUST_PROXY is off: every client shares the proxy address, so per-IP limits (logins, signups) block everyone at once, and an https site behind it is taken for http (the origin check refuses browsers). Name the proxies in front: TRUST_PROXY=1 (a hop count) or their addresses/CIDRs (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    );
  });
}

/** Security headers (CSP with a per-request nonce, frame-ancestors, referrer policy, HSTS behind https) and the mutation origin check. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { warnUntrustedProxy?: boolean }) => {
    if (opts.warnUntrustedProxy) warnOnceAboutUntrustedProxy(app);
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64');
    });
    await app.register(helmet, {
      global: true,
      hsts: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Written when the answer goes (below): its sources depend on the site (CDN prefix), resolved after this hook.
      contentSecurityPolicy: false,
    });
    app.addHook('onSend', async (request, reply) => {
      // A route with a policy of its own (the API explorer) keeps it.
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', contentSecurityPolicy(request, reply.scriptNonce));
      }
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      reply.header('x-request-id', request.id);
      const route = request.routeOptions.url ?? request.url;
      // API answers carry personal data: no browser or proxy keeps a copy (a shared computer's back button, a proxy
      // serving one member's answer to another). Routes of public reference data set their own policy over this.
      if (route.startsWith('/api/')) reply.header('cache-control', 'no-store');
      // Keyed on the route that matched, not the raw URL: the router decodes `/%61pi/chat.php` to /api/chat.php.
      if (MUTATING.has(request.method) && request.routeOptions.url?.startsWith('/api/')) {
        const fromOurClient = request.headers[CLIENT_REQUEST_HEADER] !== undefined;
        const origin = request.headers.origin;
        if (origin ? !isSameOrigin(request) : !fromOurClient) throw new AppError('origin_rejected');
      }
    });
  },
  { name: 'security' },
);

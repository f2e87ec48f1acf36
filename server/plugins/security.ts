import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_REQUEST_HEADER } from '../../common/constants.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the Origin (or Referer) of a request names the host it was sent to. */
export function isSameOrigin(headers: Record<string, string | string[] | undefined>): boolean {
  const source = (headers.origin ?? headers.referer) as string | undefined;
  if (!source) return false;
  try {
    return new URL(source).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * Warns once per process when a request says it came through a proxy while TRUST_PROXY is off: every client then
 * shares the proxy's address, so per-IP limits (30 bad logins) block the whole site at once.
 */
function warnOnceAboutUntrustedProxy(app: FastifyInstance) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    // The proxy's address only: the header's client addresses are personal data.
    request.log.warn(
      { proxyAddress: request.ip },
      'Requests carry X-Forwarded-For but TRUST_PROXY is off: every client shares the proxy address, so per-IP limits (logins, signups) block everyone at once. Set TRUST_PROXY=true behind a reverse proxy or load balancer.',
    );
  });
}

/** Security headers (CSP with a per-request nonce, frame-ancestors, referrer policy, HSTS behind https) and the mutation origin check. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { dev: boolean; warnUntrustedProxy?: boolean }) => {
    if (opts.warnUntrustedProxy) warnOnceAboutUntrustedProxy(app);
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64');
      // helmet's CSP directive function reads the nonce from the raw response object.
      (reply.raw as unknown as { scriptNonce: string }).scriptNonce = reply.scriptNonce;
    });
    await app.register(helmet, {
      global: true,
      hsts: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as unknown as { scriptNonce?: string }).scriptNonce ?? ''}'`,
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: opts.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'", 'wss:'],
          mediaSrc: ["'self'", 'https:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
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
        if (origin ? !isSameOrigin(request.headers) : !fromOurClient) throw new AppError('origin_rejected');
      }
    });
  },
  { name: 'security' },
);

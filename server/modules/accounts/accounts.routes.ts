import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_REQUEST_HEADER, TRACKING_KEYS } from '../../../common/constants.ts';
import {
  ZLanguageRequest,
  ZLoginRequest,
  ZSignupBody,
  ZSignupResponse,
  ZUserResponse,
} from '../../../common/wire/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitOperation } from '../../lib/rate-limit.ts';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth.ts';
import { isSameOrigin } from '../../plugins/security.ts';
import type { TServices } from '../../services.ts';
import { siteOrigin } from '../../lib/site-origin.ts';

/** Whether the visitor arrived with a traffic source (tracking query or stored tracking cookie). */
function hasTrafficSource(request: FastifyRequest, tracking: Record<string, string> | undefined): boolean {
  return Boolean(request.cookies.tracking) || TRACKING_KEYS.some((k) => tracking?.[k]);
}

/**
 * Login, current user, language, logout, signup and new activation emails (spec §7, accounts issue). The emailed
 * link's page `/activate` is a web page: its GET only asks, its form POST activates (web/pages/activate).
 */
export async function accountsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = services;

  const current = async (request: FastifyRequest) =>
    accounts.userForSession(request.cookies[SESSION_COOKIE] ?? undefined, request.site.cdnPrefix);

  r.post(
    '/api/user.php',
    {
      preHandler: limitOperation(services.rateLimits, 'login'),
      schema: { tags: ['account'], summary: 'Log in', body: ZLoginRequest, response: { 200: ZUserResponse } },
    },
    async (request, reply) => {
      const { session } = await accounts.login(request.site, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        country: request.geoCountry,
        currentSession: request.cookies[SESSION_COOKIE],
      });
      setSessionCookie(request, reply, session);
      return { user: await accounts.userForSession(session.token, request.site.cdnPrefix) };
    },
  );

  r.get(
    '/api/user.php',
    { schema: { tags: ['account'], summary: 'The logged-in member', response: { 200: ZUserResponse } } },
    async (request) => ({ user: requireUser(request) }),
  );

  r.put(
    '/api/user.php',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the interface language',
        body: ZLanguageRequest,
        response: { 200: ZUserResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await accounts.setLanguage(user.id, request.body.language);
      return { user: await current(request) };
    },
  );

  r.get(
    '/api/logout.php',
    { schema: { tags: ['account'], summary: 'Log out', response: { 204: z.null() } } },
    async (request, reply) => {
      // A GET that ends a session: only from our own client, never from a cross-site link or image.
      if (request.headers[CLIENT_REQUEST_HEADER] === undefined && !isSameOrigin(request)) {
        throw new AppError('origin_rejected');
      }
      await accounts.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/signup.php',
    {
      preHandler: limitOperation(services.rateLimits, 'signup'),
      schema: {
        tags: ['account'],
        summary: 'Sign up (starts no session: the member logs in; the same answer for an address that has an account)',
        body: ZSignupBody,
        response: { 200: ZSignupResponse },
      },
    },
    async (request) => {
      const body = request.body as Parameters<typeof accounts.signup>[0];
      // The same answer for a new address and one that has an account (whose owner is emailed instead): issue 28.
      return accounts.signup(body, {
        site: request.site,
        locale: request.locale,
        country: services.siteSettings.selectedCountry(request.site, request.geoCountry, request.cookies.country),
        origin: siteOrigin(request, services.config.publicUrl),
        userAgent: request.headers['user-agent'] ?? null,
        hasTrafficSource: hasTrafficSource(request, body.tracking),
        geoCountry: request.geoCountry,
        ip: request.ip,
      });
    },
  );

  r.post(
    '/api/activation.php',
    {
      preHandler: limitOperation(services.rateLimits, 'activation_email'),
      schema: { tags: ['account'], summary: 'Send a new activation email', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accounts.resendActivation(user.id, request.site, siteOrigin(request, services.config.publicUrl));
      return reply.status(204).send(null);
    },
  );
}

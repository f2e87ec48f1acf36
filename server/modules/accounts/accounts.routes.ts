import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_REQUEST_HEADER, TRACKING_KEYS } from '#common/constants.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { AppError } from '#server/lib/app-error.ts';
import { limitOperation } from '#server/lib/rate-limit-hooks.ts';
import { route } from '#server/lib/route.ts';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '#server/plugins/auth.ts';
import { isSameOrigin } from '#server/plugins/security.ts';
import type { TServices } from '#server/services.ts';
import { siteOrigin } from '#server/lib/site-origin.ts';

/** Whether the visitor arrived with a traffic source (tracking query or stored tracking cookie). */
function hasTrafficSource(request: FastifyRequest, tracking: Record<string, string> | undefined): boolean {
  return Boolean(request.cookies.tracking) || TRACKING_KEYS.some((k) => tracking?.[k]);
}

/**
 * Login, current user, language, logout, signup and new activation emails (spec §7, accounts issue). The emailed
 * link's page `/activate` is a web page: its GET only asks, its form POST activates (web/pages/activate).
 */
export async function accountsRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'accounts' | 'rateLimits' | 'siteSettings' | 'config'> },
) {
  const { accounts } = services;

  const current = async (request: FastifyRequest) =>
    accounts.userForSession(request.cookies[SESSION_COOKIE] ?? undefined, request.site.cdnPrefix);

  route(
    app,
    accountsApi.login,
    { preHandler: limitOperation(services.rateLimits, 'login') },
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

  route(app, accountsApi.current, {}, async (request) => ({ user: requireUser(request) }));

  route(app, accountsApi.setLanguage, {}, async (request) => {
    const user = requireUser(request);
    await accounts.setLanguage(user.id, request.body.language);
    return { user: await current(request) };
  });

  route(app, accountsApi.logout, {}, async (request, reply) => {
    // A GET that ends a session: only from our own client, never from a cross-site link or image.
    if (request.headers[CLIENT_REQUEST_HEADER] === undefined && !isSameOrigin(request)) {
      throw new AppError('origin_rejected');
    }
    await accounts.logout(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
  });

  route(app, accountsApi.signup, { preHandler: limitOperation(services.rateLimits, 'signup') }, async (request) => {
    const body = request.body as Parameters<typeof accounts.signup>[0];
    // The same answer for a new address and one that has an account (whose owner is emailed instead).
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
  });

  const activationLimit = { preHandler: limitOperation(services.rateLimits, 'activation_email') };
  route(app, accountsApi.resendActivation, activationLimit, async (request) => {
    const user = requireUser(request);
    await accounts.resendActivation(user.id, request.site, siteOrigin(request, services.config.publicUrl));
  });
}

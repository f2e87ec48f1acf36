import type { FastifyInstance } from 'fastify';
import { accountChangesApi } from '#common/wire/accounts.ts';
import { limitOperation } from '#server/lib/rate-limit-hooks.ts';
import { route } from '#server/lib/route.ts';
import { requireUser, SESSION_COOKIE, setSessionCookie } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';
import { siteOrigin } from '#server/lib/site-origin.ts';

/**
 * Password reset, password and email changes, invisible mode, deletion and reactivation emails. The emailed links'
 * pages (`/reset-password/do`, `/mail-change/do`, `/reactivate`) are web pages: a GET only shows, a form POST acts.
 */
export async function accountChangesRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'accounts' | 'accountChanges' | 'config' | 'rateLimits'> },
) {
  const { accounts, accountChanges } = services;
  const origin = (request: Parameters<typeof siteOrigin>[0]) => siteOrigin(request, services.config.publicUrl);

  const limit = (operation: Parameters<typeof limitOperation>[1]) => limitOperation(services.rateLimits, operation);

  route(app, accountChangesApi.requestPasswordReset, { preHandler: limit('password_reset_email') }, async (request) => {
    await accountChanges.requestPasswordReset(request.site, request.body.email, origin(request));
  });

  route(app, accountChangesApi.resetPassword, { preHandler: limit('password_reset') }, async (request, reply) => {
    const userId = await accountChanges.resetPassword({
      site: request.site,
      origin: origin(request),
      token: request.body.token,
      password: request.body.password,
      confirmation: request.body.password_confirmation,
    });
    const session = await accounts.startSessionFor(userId, {
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip,
      country: request.geoCountry,
    });
    setSessionCookie(request, reply, session);
    return { user: await accounts.userForSession(session.token, request.site.cdnPrefix) };
  });

  route(app, accountChangesApi.changePassword, { preHandler: limit('password_change') }, async (request) => {
    const user = requireUser(request);
    await accountChanges.changePassword({
      site: request.site,
      origin: origin(request),
      userId: user.id,
      input: request.body,
      currentSessionToken: request.cookies[SESSION_COOKIE],
    });
  });

  route(app, accountChangesApi.requestMailChange, { preHandler: limit('mail_change') }, async (request) => {
    const user = requireUser(request);
    await accountChanges.requestEmailChange({
      site: request.site,
      origin: origin(request),
      userId: user.id,
      input: request.body,
    });
  });

  route(app, accountChangesApi.setInvisible, {}, async (request) => {
    const user = requireUser(request);
    await accountChanges.setInvisible(user.id, request.body.invisible);
    return { user: await accounts.userForSession(request.cookies[SESSION_COOKIE], request.site.cdnPrefix) };
  });

  route(app, accountChangesApi.claimRetentionOffer, {}, async (request) => {
    const user = requireUser(request);
    const row = await accountChanges.claimRetentionOffer(request.site, user.id);
    return { code: row.code, value_percentage: row.valuePercentage, expires: row.expires.toISOString() };
  });

  route(app, accountChangesApi.deleteAccount, { preHandler: limit('account_delete') }, async (request, reply) => {
    const user = requireUser(request);
    await accountChanges.deleteAccount({
      site: request.site,
      origin: origin(request),
      userId: user.id,
      input: request.body,
    });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  route(app, accountChangesApi.requestReactivation, { preHandler: limit('reactivation_email') }, async (request) => {
    await accountChanges.requestReactivation(request.site, request.body.email, origin(request));
  });
}

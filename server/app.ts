import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isLocale } from '#common/locales.ts';
import type { TStaffAccess } from '#common/staff.ts';
import { preferredLocale } from './lib/accept-language.ts';
import { fastifyTrustProxy } from './lib/client-address.ts';
import { serverT } from './lib/i18n.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from './lib/unavailable.ts';
import { accountChangesRoutes } from './modules/accounts/account-changes.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { notificationsRoutes } from './modules/notifications/switches/switches.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { devCreditsRoutes } from './dev/dev-credits.routes.ts';
import { geocodeRoutes } from './modules/geo/geocode.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { blocksRoutes } from './modules/profiles/blocks.routes.ts';
import { mediaRoutes } from './modules/photos/media.routes.ts';
import { photosRoutes } from './modules/photos/photos.routes.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { realtimeRoutes } from './realtime/ws.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { dataExportRoutes } from './modules/privacy/data-export.routes.ts';
import { myProfileRoutes } from './modules/profiles/my-profile.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { pushRoutes } from './modules/notifications/push/push.routes.ts';
import { swPushRoutes } from './modules/notifications/push/sw-push.routes.ts';
import { emailStatusRoutes } from './modules/notifications/email/email-status.routes.ts';
import { mailWebhookRoutes } from './modules/notifications/email/mail-webhook.routes.ts';
import { unsubscribeRoutes } from './modules/notifications/email/unsubscribe.routes.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin, isPageRequest, sendErrorPage } from './plugins/errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { staffAuthPlugin } from './plugins/staff-auth.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { siteAdminRoutes } from './modules/sites/site-admin.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { memberAdminRoutes } from './modules/member-admin/member-admin.routes.ts';
import { hostsRoutes } from './modules/hosts/hosts.routes.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import type { TServices } from './services.ts';

export interface TAppOptions {
  services: TServices;
  /** Serve the server-rendered web app from `build/` (off in API-only tests). */
  web?: boolean;
  /** Log through the services' logger (default); false silences Fastify's own request logs. */
  logger?: boolean;
}

export { serializeRequest } from './lib/logger.ts';

/** A registered route, kept for tests that enumerate the API. */
export interface TRouteInfo {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  /** Who may call a console endpoint (`/api/admin/…`). */
  staff?: TStaffAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: TRouteInfo[];
  }
}

/** Builds the Fastify application (no listen), registering every route explicitly. */
export async function buildApp({ services, web = true, logger = true }: TAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    // pino's Logger is Fastify's base logger with more fields; widening keeps the app's own types.
    loggerInstance: (logger ? services.log : services.log.child({}, { level: 'silent' })) as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    // A URL the router cannot decode (`/media/%ED%A0%80`) or an over-long parameter: our error model, not Fastify's
    // default body (which echoes the path back).
    frameworkErrors: (err, request, reply) => {
      const lng = /(?:^|;\s*)i18n_redirected=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
      const t = serverT(lng && isLocale(lng) ? lng : 'en');
      void (reply as unknown as FastifyReply)
        .status(err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ error: 'invalid_request', message: t('errors.invalid_request') });
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  });
  // Every route with its schema, so a test can enumerate the endpoints that take an id (access checks).
  const routeCatalog: TRouteInfo[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeCatalog.push({ method, url: route.url, schema: route.schema, staff: route.config?.staff });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // After a shutdown's drain, every request still arriving is refused at once, before any other hook (no database,
  // no session): a complete 503 that says when to come back, and the connection ends with it (server/main.ts).
  app.addHook('onRequest', async (request, reply) => {
    if (!services.lifecycle.refusing) return;
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).header('connection', 'close');
    if (isPageRequest(request))
      return sendErrorPage(request, reply, { status: 503, knownSiteOf: services.sites.lastKnown });
    const t = serverT(preferredLocale(request.headers['accept-language']) ?? 'en');
    return reply.status(503).send({ error: 'service_unavailable', message: t('errors.service_unavailable') });
  });
  await app.register(cookie);
  await app.register(compressionPlugin, { enabled: config.compression });
  await app.register(errorsPlugin, { knownSiteOf: services.sites.lastKnown });
  await app.register(securityPlugin, { warnUntrustedProxy: config.isProduction && !config.trustProxy });
  // Per-route limits count through the site's one limiter (Redis across processes when configured).
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    allowList: () => !config.rateLimits,
    store: services.rateLimits.routeStore(),
  });
  await app.register(requestContextPlugin, { sites: services.sites, geoip: services.geoip });
  await app.register(authPlugin, { accounts: services.accounts });
  await app.register(staffAuthPlugin, { staffAuth: services.staffAuth });
  await app.register(swagger, {
    openapi: { info: { title: 'Amora API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // The full map of the API helps an attacker more than a member: not in production unless API_DOCS=true.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { services });
  await app.register(sitesRoutes, { services });
  await app.register(referenceRoutes);
  await app.register(geocodeRoutes);
  await app.register(analyticsRoutes, { services });
  await app.register(mediaRoutes, { services });
  await app.register(accountsRoutes, { services });
  await app.register(accountChangesRoutes, { services });
  await app.register(sessionsRoutes, { services });
  await app.register(notificationsRoutes, { services });
  await app.register(searchRoutes, { services });
  await app.register(blocksRoutes, { services });
  await app.register(reportsRoutes, { services });
  await app.register(photosRoutes, { services });
  await app.register(likesRoutes, { services });
  await app.register(chatRoutes, { services });
  await app.register(realtimeRoutes, { services });
  await app.register(paymentsRoutes, { services });
  await app.register(sandboxRoutes, { services });
  await app.register(myProfileRoutes, { services });
  await app.register(consentsRoutes, { services });
  await app.register(dataExportRoutes, { services });
  await app.register(emailStatusRoutes, { services });
  await app.register(unsubscribeRoutes, { services });
  await app.register(mailWebhookRoutes, { services });
  await app.register(pushRoutes, { services });
  await app.register(swPushRoutes);
  await app.register(staffRoutes, { services });
  await app.register(siteAdminRoutes, { services });
  await app.register(opsRoutes, { services });
  await app.register(moderationRoutes, { services });
  await app.register(memberAdminRoutes, { services });
  await app.register(hostsRoutes, { services });
  if (config.devMailbox) await app.register(devMailboxRoutes, { services });
  // Free credits for tests and local development, never in production.
  if (!config.isProduction) await app.register(devCreditsRoutes, { services });

  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 60, timeWindow: '1 minute' }) }, async (request, reply) => {
    const t = serverT(request.locale ?? 'en');
    return reply.status(404).send({ error: 'not_found', message: t('errors.not_found') });
  });

  if (web) await app.register(webPlugin, { services });
  return app;
}

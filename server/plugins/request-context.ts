import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type TLocale } from '#common/locales.ts';
import { AppError } from '../lib/app-error.ts';
import { serverT } from '../lib/i18n.ts';
import { UNAVAILABLE_RETRY_AFTER_S } from '../lib/unavailable.ts';
import type { TGeoIpService } from '../modules/geo/geoip.service.ts';
import { normaliseHost, setupSite, type TSite, type TSitesService } from '../modules/sites/sites.service.ts';
import { isPageRequest, sendErrorPage } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    site: TSite;
    locale: TLocale;
    geoCountry: string | null;
  }
}

/** Resolves a request's locale: cookie, then the site's domain_language, then en (spec §1). */
export function resolveLocale(cookieValue: string | undefined, site: TSite): TLocale {
  if (isLocale(cookieValue)) return cookieValue;
  if (isLocale(site.domainLanguage)) return site.domainLanguage;
  return DEFAULT_LOCALE;
}

/**
 * Routes that serve files or probes and read no site, locale or session. Keyed on the matched route, not the raw URL:
 * a prefix test on the URL also skipped `/favicon.png` or `/healthz.php`, which then reached the page router without
 * a site and answered 500.
 */
export const CONTEXT_FREE_ROUTES = new Set(['/assets/*', '/media/*', '/cdn/*', '/healthz', '/readyz', '/favicon.ico']);

/**
 * What still works before the first site exists: the console and its API (the owner sets the company and the first
 * site up there) and React Router's route discovery for its pages.
 */
const WITHOUT_SITE = /^\/(admin|api\/admin)(\/|\?|\.data|$)|^\/__manifest(\?|$)/;

/** Whether a request may be served by the stand-in site while no site exists (the console). */
export function servedWithoutSite(url: string): boolean {
  return WITHOUT_SITE.test(url);
}

/** Decorates every page and API request with its site, locale and GeoIP country. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance, opts: { sites: TSitesService; geoip: TGeoIpService }) => {
    app.decorateRequest('site', null as unknown as TSite);
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('geoCountry', null);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (CONTEXT_FREE_ROUTES.has(request.routeOptions.url ?? '')) return;
      try {
        request.site = await opts.sites.resolve(request.headers.host);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'site_not_configured')) throw err;
        if (!servedWithoutSite(request.url)) return notSetUp(request, reply);
        request.site = setupSite(normaliseHost(request.headers.host));
      }
      request.locale = resolveLocale(request.cookies[LOCALE_COOKIE], request.site);
      request.geoCountry = opts.geoip.countryFor(request.ip, request.headers);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

/**
 * The answer while no site exists yet (a fresh production database, nothing seeded): a page request gets the localized
 * "this site is being set up" page, an API request `site_not_configured`; both 503 with Retry-After, never cached.
 */
function notSetUp(request: FastifyRequest, reply: FastifyReply) {
  if (isPageRequest(request)) return sendErrorPage(request, reply, { status: 503, kind: 'setup' });
  const locale = resolveLocale(request.cookies[LOCALE_COOKIE], setupSite(null));
  return reply
    .status(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: 'site_not_configured', message: serverT(locale)('errors.site_not_configured') });
}

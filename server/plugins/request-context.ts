import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type TLocale } from '#common/locales.ts';
import type { TGeoIpService } from '../modules/geo/geoip.service.ts';
import type { TSite, TSitesService } from '../modules/sites/sites.service.ts';

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

/** Decorates every page and API request with its site, locale and GeoIP country. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance, opts: { sites: TSitesService; geoip: TGeoIpService }) => {
    app.decorateRequest('site', null as unknown as TSite);
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('geoCountry', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (CONTEXT_FREE_ROUTES.has(request.routeOptions.url ?? '')) return;
      request.site = await opts.sites.resolve(request.headers.host);
      request.locale = resolveLocale(request.cookies[LOCALE_COOKIE], request.site);
      request.geoCountry = opts.geoip.countryFor(request.ip, request.headers);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

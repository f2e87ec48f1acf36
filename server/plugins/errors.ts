import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorBody } from '#common/errors.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from '#common/locales.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { preferredLocale } from '../lib/accept-language.ts';
import { AppError } from '../lib/app-error.ts';
import { errorChain } from '../lib/error-chain.ts';
import { serverT } from '../lib/i18n.ts';
import { isUnavailableError, UNAVAILABLE_RETRY_AFTER_S } from '../lib/unavailable.ts';
import type { TKnownSite } from '../modules/sites/sites.service.ts';
import { renderStaticErrorPage } from '../web/error-page.ts';

/**
 * SQLSTATEs of a value the database cannot hold: a number beyond its integer range (22003), text where a number or
 * uuid goes (22P02), text too long for its column (22001), a date out of range (22007, 22008), a NUL byte or a byte
 * sequence that is not UTF-8 (22021 character_not_in_repertoire), a character the encoding cannot translate or a
 * \u0000 in JSON (22P05 untranslatable_character).
 */
const BAD_INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * The SQLSTATE of bad input that the route's schema let through to the database (so a 400 rather than a 500), else
 * null. Drizzle wraps the driver's error in `cause`.
 */
export function badInputSqlState(err: unknown): string | null {
  for (const e of errorChain(err, 3)) {
    if (typeof e.code === 'string' && BAD_INPUT_SQLSTATES.has(e.code)) return e.code;
  }
  return null;
}

/** Paths that never answer with a page: the API, files, probes, and React Router's data requests. */
const NOT_A_PAGE = /^\/(api|assets|media|cdn)\/|^\/(healthz|readyz)(\?|$)|\.data(\?|$)/;

/** Whether a request asked for a page (a browser's navigation), which must get HTML even when it fails. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (NOT_A_PAGE.test(request.url)) return false;
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/** The site of a Host header as last read from the database, for a page answered without it (sites.lastKnown). */
export type TKnownSiteOf = (host: string | undefined) => TKnownSite | undefined;

/**
 * The error page's language: the visitor's language cookie, else the browser's best match among the 11
 * (`Accept-Language`: the page is often the first one a visitor without a cookie sees of a site that is down), else
 * the site's language, else English.
 */
function errorPageLocale(request: FastifyRequest, site: TKnownSite | undefined): string {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const accepted = preferredLocale(request.headers['accept-language']);
  if (accepted) return accepted;
  return isLocale(site?.domainLanguage) ? site.domainLanguage : DEFAULT_LOCALE;
}

/**
 * Sends the site's self-contained error page (spec §2) with a 500 or 503 status. The site is the request's, or when
 * it could not be resolved (the database is down) the one the host named when last read.
 */
export function sendErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    status,
    kind = 'error',
    knownSiteOf = () => undefined,
  }: { status: 500 | 503; kind?: 'error' | 'setup'; knownSiteOf?: TKnownSiteOf },
) {
  if (status === 503) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  const site = request.site ?? knownSiteOf(request.headers.host);
  const html = renderStaticErrorPage({
    status,
    kind,
    locale: errorPageLocale(request, site),
    siteName: site?.name ?? null,
    retryPath: safeRedirect(request.url, 'http://x', '/'),
  });
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The code (errno or SQLSTATE) of an unavailable-database error or the errors it wraps, for the log. */
function unavailableCode(err: unknown): string | undefined {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** One error model for the whole API: `{ error, message, data }` with a stable code and a localised message. */
export const errorsPlugin = fp(
  async (app: FastifyInstance, opts: { knownSiteOf?: TKnownSiteOf }) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const t = serverT(request.locale ?? 'en');
      let body: TErrorBody;
      let status: number;
      if (err instanceof AppError) {
        status = err.status;
        const vars = err.data && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : {};
        body = { error: err.code, message: t(`errors.${err.code}`, vars), data: err.data };
        // A limit says when it opens again (rate limits, daily caps): clients and proxies read it from the header too.
        if (typeof vars.retry_after === 'number') reply.header('retry-after', String(vars.retry_after));
      } else if (hasZodFastifySchemaValidationErrors(err)) {
        status = 400;
        // Dotted paths ("interests.0"), as the services report them, rather than JSON pointers ("/interests/0").
        const issues = err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message,
        }));
        body = { error: 'invalid_request', message: t('errors.invalid_request'), data: { issues } };
      } else if (badInputSqlState(err)) {
        // A schema should have refused it (zText, bounded numbers): logged, without the value, so the gap gets closed.
        request.log.warn({ sqlState: badInputSqlState(err) }, 'input refused by the database');
        status = 400;
        body = { error: 'invalid_request', message: t('errors.invalid_request') };
      } else if (err.statusCode === 429) {
        status = 429;
        body = { error: 'rate_limited', message: t('errors.rate_limited') };
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        status = err.statusCode;
        body = { error: 'invalid_request', message: t('errors.invalid_request') };
      } else if (isUnavailableError(err)) {
        // The database went away: a short, expected condition during a restart or failover, not a bug. One warning
        // line with the cause's code only (no query, no parameters).
        request.log.warn({ code: unavailableCode(err) }, 'database unavailable');
        if (isPageRequest(request))
          return sendErrorPage(request, reply, { status: 503, knownSiteOf: opts.knownSiteOf });
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
        status = 503;
        body = { error: 'service_unavailable', message: t('errors.service_unavailable') };
      } else {
        request.log.error({ err }, 'unhandled error');
        if (isPageRequest(request))
          return sendErrorPage(request, reply, { status: 500, knownSiteOf: opts.knownSiteOf });
        status = 500;
        body = { error: 'error_occurred', message: t('errors.error_occurred') };
      }
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);

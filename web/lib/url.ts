/**
 * The web's link builder: `url(name, params, query)` is common/routes.ts's `pagePath`, so the web, `web/routes.ts` and
 * the server's emailed links read the one table of page paths.
 */
export { pagePath as url } from '#common/routes.ts';

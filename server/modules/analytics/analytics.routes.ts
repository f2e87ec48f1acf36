import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '#common/wire/analytics.ts';
import { route } from '#server/lib/route.ts';
import type { TServices } from '#server/services.ts';

/**
 * Beacons one IP address may send per minute: a browser sends one each time a tab is hidden, so this leaves room for a
 * busy household behind one address while stopping a script from filling the page_events table.
 */
export const PAGE_HIDDEN_PER_MINUTE = 60;

/** The page-hidden beacon (spec §7): records a page bounce for the page it was sent from. */
export async function analyticsRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'analytics'> }) {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const options = { bodyLimit: 1024, config: { rateLimit: { max: PAGE_HIDDEN_PER_MINUTE, timeWindow: '1 minute' } } };
  route(app, analyticsApi.pageHidden, options, async (request) => {
    await services.analytics.recordPageHidden(request.site.id, request.headers.referer, request.headers.host);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageHiddenRequest } from '../../../common/wire/analytics.ts';
import type { TServices } from '../../services.ts';

/**
 * Beacons one IP address may send per minute: a browser sends one each time a tab is hidden, so this leaves room for a
 * busy household behind one address while stopping a script from filling the page_events table.
 */
export const PAGE_HIDDEN_PER_MINUTE = 60;

/** The page-hidden beacon (spec §7): records a page bounce for the page it was sent from. */
export async function analyticsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/page-hidden.php',
    {
      bodyLimit: 1024,
      config: { rateLimit: { max: PAGE_HIDDEN_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary: 'Page became hidden (beacon)',
        body: ZPageHiddenRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await services.analytics.recordPageHidden(request.site.id, request.headers.referer, request.headers.host);
      return reply.status(204).send(null);
    },
  );
}

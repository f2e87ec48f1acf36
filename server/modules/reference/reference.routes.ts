import type { FastifyInstance } from 'fastify';
import { referenceApi } from '#common/wire/settings-api.ts';
import { route } from '#server/lib/route.ts';
import { listInterests, listRegions } from './reference.service.ts';

/** Reference data loaded once and cached by clients (spec §7). */
export async function referenceRoutes(app: FastifyInstance) {
  const cache = 'public, max-age=3600';

  route(app, referenceApi.interests, {}, async (request, reply) => {
    reply.header('cache-control', cache).header('vary', 'cookie');
    return listInterests(request.locale);
  });

  route(app, referenceApi.regions, {}, async (request, reply) => {
    reply.header('cache-control', cache).header('vary', 'cookie');
    return listRegions(request.locale);
  });
}

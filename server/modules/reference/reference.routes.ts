import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZInterestList, ZRegionList } from '../../../common/wire/settings.ts';
import { listInterests, listRegions } from './reference.service.ts';

/** Reference data loaded once and cached by clients (spec §7). */
export async function referenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = 'public, max-age=3600';

  r.get(
    '/api/interests.php',
    { schema: { tags: ['reference'], summary: 'The 50 interests with icons', response: { 200: ZInterestList } } },
    async (request, reply) => {
      reply.header('cache-control', cache).header('vary', 'cookie');
      return listInterests(request.locale);
    },
  );

  r.get(
    '/api/regions.php',
    {
      schema: {
        tags: ['reference'],
        summary: 'Regions of the served countries with their region label',
        response: { 200: ZRegionList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cache).header('vary', 'cookie');
      return listRegions(request.locale);
    },
  );
}

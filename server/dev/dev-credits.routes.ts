import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../services.ts';
import { createDevCreditsService } from './dev-credits.service.ts';

/**
 * Development only (never registered in production, see app.ts): grants credits to the request site's account with
 * that email, with its ledger row, so journeys can try paid features before a purchase exists; a negative amount takes
 * credits away (never below 0), e.g. to try what a member without credits sees.
 */
export async function devCreditsRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'database' | 'realtime'> },
) {
  // Built here rather than in services.ts: it exists only where this route is registered.
  const devCredits = createDevCreditsService({ db: services.database.db, realtime: services.realtime });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/credits.json',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.email(), credits: z.number().int().min(-100_000).max(100_000) }),
        response: { 200: z.object({ credits: z.number().int() }) },
      },
    },
    async (request) => ({
      credits: await devCredits.grant(request.site.id, request.body.email, request.body.credits),
    }),
  );
}

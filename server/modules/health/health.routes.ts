import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../services.ts';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness probes for the load balancer. */
export async function healthRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: ZHealth } } }, async () => ({ status: 'ok' as const }));
  r.get('/readyz', { schema: { hide: true, response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
    if (services.lifecycle.shuttingDown) return reply.status(503).send({ status: 'unavailable' });
    try {
      await Promise.all([services.database.ping(), services.realtime.ping()]);
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

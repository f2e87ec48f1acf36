import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '#server/services.ts';

/** Longest wait for one dependency's answer: /readyz answers within a second whatever its dependencies do. */
export const READY_CHECK_TIMEOUT_MS = 800;

const ZCheck = z.enum(['ok', 'timeout', 'error']);
type TCheck = z.infer<typeof ZCheck>;

const ZLive = z.object({ status: z.literal('ok') });
/**
 * `unavailable` (503): shutting down, or the database fails — take this process out of the pool. `degraded` (200):
 * only Redis fails — requests (sends included) still work and are stored, live delivery waits for Redis, so the
 * process stays in the pool (a shared Redis outage must not take every process out at once).
 */
const ZReady = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({ database: ZCheck, realtime: ZCheck }).optional(),
});

/** One dependency's answer within the timeout: ok, timeout or error (never waits longer, never throws). */
async function check(probe: () => Promise<void>): Promise<TCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<TCheck>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_CHECK_TIMEOUT_MS);
  });
  const answer = Promise.resolve()
    .then(probe)
    .then(
      () => 'ok' as const,
      () => 'error' as const,
    );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness probes for the load balancer. */
export async function healthRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'database' | 'lifecycle' | 'realtime'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: ZLive } } }, async () => ({ status: 'ok' as const }));
  r.get('/readyz', { schema: { hide: true, response: { 200: ZReady, 503: ZReady } } }, async (_request, reply) => {
    if (services.lifecycle.shuttingDown) return reply.status(503).send({ status: 'unavailable' });
    const [database, realtime] = await Promise.all([
      check(() => services.database.ping()),
      check(() => services.realtime.ping()),
    ]);
    const checks = { database, realtime };
    if (database !== 'ok') return reply.status(503).send({ status: 'unavailable', checks });
    return { status: realtime === 'ok' ? ('ok' as const) : ('degraded' as const), checks };
  });
}

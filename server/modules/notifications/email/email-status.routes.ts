import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '#common/wire/notifications.ts';
import { route } from '#server/lib/route.ts';
import { siteOrigin } from '#server/lib/site-origin.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** Turning notification email back on: `POST /api/notifications.php?reenable=1`. */
export async function emailStatusRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'emailStatus' | 'config'> },
) {
  const options = { config: { rateLimit: { max: 10, timeWindow: '1 hour' } } };
  route(app, notificationsApi.reenableEmail, options, async (request) => {
    const user = requireUser(request);
    return services.emailStatus.reenable(user.id, request.site, siteOrigin(request, services.config.publicUrl));
  });
}

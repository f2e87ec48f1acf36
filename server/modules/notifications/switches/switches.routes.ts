import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '#common/wire/notifications.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** `GET/PUT /api/notifications.php`: the member's notification switches. */
export async function notificationsRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'notifications'> },
) {
  route(app, notificationsApi.settings, {}, async (request) =>
    services.notifications.settings(requireUser(request).id),
  );
  route(app, notificationsApi.set, {}, async (request) =>
    services.notifications.set(requireUser(request).id, request.body, { locale: request.locale, ip: request.ip }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZNotificationSettings, ZSetNotification } from '../../../common/wire/notifications.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** `GET/PUT /api/notifications.php`: the member's notification switches (issue 14). */
export async function notificationsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/notifications.php',
    {
      schema: {
        tags: ['notifications'],
        summary: "The member's notification switches per kind and channel, why email is off, push devices",
        response: { 200: ZNotificationSettings },
      },
    },
    async (request) => services.notifications.settings(requireUser(request).id),
  );
  r.put(
    '/api/notifications.php',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn one kind on or off on one channel (saved at once)',
        body: ZSetNotification,
        response: { 200: ZNotificationSettings },
      },
    },
    async (request) =>
      services.notifications.set(requireUser(request).id, request.body, { locale: request.locale, ip: request.ip }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZReenableEmailResponse } from '../../../common/wire/notifications.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** Turning notification email back on (issue 14): `POST /api/notifications.php?reenable=1`. */
export async function emailStatusRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/notifications.php',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Turn notification email back on: after listunsubscribe or fbl at once; after bounce a confirmation link is emailed',
        querystring: z.object({ reenable: z.literal('1') }),
        response: { 200: ZReenableEmailResponse },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request) => {
      const user = requireUser(request);
      return services.emailStatus.reenable(user.id, request.site, siteOrigin(request, services.config.publicUrl));
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBlockRequest } from '../../../common/wire/profiles.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** Block and unblock a member (spec §6). */
export async function blocksRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/block.php',
    { schema: { tags: ['profiles'], summary: 'Block a member', body: ZBlockRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await services.blocks.block(user.profile.id, request.body.profile_id);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/block.php',
    { schema: { tags: ['profiles'], summary: 'Unblock a member', body: ZBlockRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await services.blocks.unblock(user.profile.id, request.body.profile_id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

const ZBlockBody = z.object({ profile_id: z.number().int().positive() });

/** Block and unblock a member (spec §6). */
export async function blocksRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/block.php',
    { schema: { tags: ['profiles'], summary: 'Block a member', body: ZBlockBody, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await services.blocks.block(user.profile.id, request.body.profile_id);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/block.php',
    { schema: { tags: ['profiles'], summary: 'Unblock a member', body: ZBlockBody, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await services.blocks.unblock(user.profile.id, request.body.profile_id);
      return reply.status(204).send(null);
    },
  );
}

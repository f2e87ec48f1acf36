import type { FastifyInstance } from 'fastify';
import { profilesApi } from '#common/wire/profiles.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** Block and unblock a member (spec §6). */
export async function blocksRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'blocks'> }) {
  route(app, profilesApi.block, {}, async (request) => {
    const user = requireUser(request);
    await services.blocks.block(user.profile.id, request.body.profile_id);
  });
  route(app, profilesApi.unblock, {}, async (request) => {
    const user = requireUser(request);
    await services.blocks.unblock(user.profile.id, request.body.profile_id);
  });
}

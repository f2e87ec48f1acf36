import type { FastifyInstance } from 'fastify';
import { profilesApi } from '#common/wire/profiles.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** The logged-in member's own profile (spec §2 profile settings); nobody else's can be named. */
export async function myProfileRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'myProfile'> }) {
  route(app, profilesApi.mine, {}, async (request) => ({
    profile: await services.myProfile.load(requireUser(request).id),
  }));
  route(app, profilesApi.save, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const user = requireUser(request);
    await services.myProfile.save(user.id, request.body);
    return { profile: await services.myProfile.load(user.id) };
  });
}

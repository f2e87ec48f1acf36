import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMyProfileResponse, ZProfileUpdate } from '../../../common/wire/profiles.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** The logged-in member's own profile (spec §2 profile settings); nobody else's can be named. */
export async function myProfileRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/profile.php',
    { schema: { tags: ['profiles'], summary: 'My profile', response: { 200: ZMyProfileResponse } } },
    async (request) => ({ profile: await services.myProfile.load(requireUser(request).id) }),
  );
  r.put(
    '/api/profile.php',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Save my profile attributes, about-me, interests and location',
        body: ZProfileUpdate,
        response: { 200: ZMyProfileResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      await services.myProfile.save(user.id, request.body);
      return { profile: await services.myProfile.load(user.id) };
    },
  );
}

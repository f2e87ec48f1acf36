import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProfileUpdate } from '../../../common/profile-edit.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

const ZMyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  birth_date: z.string(),
  gender: z.string(),
  sexuality: z.string(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  about_me: z.string(),
  interests: z.array(z.string()),
  country: z.string(),
  region_code: z.string(),
  city: z.string(),
});

/** The logged-in member's own profile (spec §2 profile settings); nobody else's can be named. */
export async function myProfileRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/profile.php',
    { schema: { tags: ['profiles'], summary: 'My profile', response: { 200: z.object({ profile: ZMyProfile }) } } },
    async (request) => ({ profile: await services.myProfile.load(requireUser(request).id) }),
  );
  r.put(
    '/api/profile.php',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Save my profile attributes, about-me, interests and location',
        body: ZProfileUpdate,
        response: { 200: z.object({ profile: ZMyProfile }) },
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

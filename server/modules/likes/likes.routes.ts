import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAutoLike,
  ZLikeAnswer,
  ZLikeRequest,
  ZLikesResponse,
  ZSwipeAnswer,
  ZSwipeCards,
  ZSwipeRequest,
} from '../../../common/wire/likes.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** Likes and matches (spec §3/§7): like, unlike, the likes lists, auto-like and the swipe game. */
export async function likesRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/likes.php',
    {
      schema: {
        tags: ['likes'],
        summary: 'Everyone in a like with me, and who liked me',
        response: { 200: ZLikesResponse },
      },
    },
    async (request) => services.likes.list(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  r.post(
    '/api/like.php',
    {
      schema: {
        tags: ['likes'],
        summary: 'Like a member; answers whether it is a match (daily cap: daily_limit_reached)',
        body: ZLikeRequest,
        response: { 200: ZLikeAnswer },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      return services.likes.like({ profileId: user.profile.id, isPremium: user.paid_user }, request.body.profile_id);
    },
  );
  r.delete(
    '/api/like.php',
    { schema: { tags: ['likes'], summary: 'Take a like back', body: ZLikeRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await services.likes.unlike(requireUser(request).profile.id, request.body.profile_id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/api/swipe.php',
    {
      schema: {
        tags: ['likes'],
        summary: 'The next cards of the swipe game and the likes left today (null: unlimited)',
        response: { 200: ZSwipeCards },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return services.likes.swipeCards(
        { profileId: user.profile.id, isPremium: user.paid_user },
        request.site.cdnPrefix,
      );
    },
  );
  r.post(
    '/api/swipe.php',
    {
      schema: {
        tags: ['likes'],
        summary: 'Like or pass in the swipe game (free members: 4 likes a day)',
        body: ZSwipeRequest,
        response: { 200: ZSwipeAnswer },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      return services.likes.swipe(
        { profileId: user.profile.id, isPremium: user.paid_user },
        request.body.profile_id,
        request.body.action,
      );
    },
  );
  r.get(
    '/api/auto-like.php',
    {
      schema: {
        tags: ['likes'],
        summary: 'A member who likes me, for the match modal (spec §4 auto-like)',
        response: { 200: ZAutoLike },
      },
    },
    async (request) => ({
      profile: await services.likes.autoLike(requireUser(request).profile.id, request.site.cdnPrefix),
    }),
  );
}

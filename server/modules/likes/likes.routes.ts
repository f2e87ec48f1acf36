import type { FastifyInstance } from 'fastify';
import { likesApi } from '#common/wire/likes.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** Likes and matches (spec §3/§7): like, unlike, the likes lists, auto-like and the swipe game. */
export async function likesRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'likes'> }) {
  const perMinute = { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };
  route(app, likesApi.list, {}, async (request) =>
    services.likes.list(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  route(app, likesApi.like, perMinute, async (request) => {
    const user = requireUser(request);
    return services.likes.like({ profileId: user.profile.id, isPremium: user.paid_user }, request.body.profile_id);
  });
  route(app, likesApi.unlike, {}, async (request) => {
    await services.likes.unlike(requireUser(request).profile.id, request.body.profile_id);
  });
  route(app, likesApi.swipeCards, {}, async (request) => {
    const user = requireUser(request);
    return services.likes.swipeCards({ profileId: user.profile.id, isPremium: user.paid_user }, request.site.cdnPrefix);
  });
  route(app, likesApi.swipe, perMinute, async (request) => {
    const user = requireUser(request);
    return services.likes.swipe(
      { profileId: user.profile.id, isPremium: user.paid_user },
      request.body.profile_id,
      request.body.action,
    );
  });
  route(app, likesApi.newMatches, {}, async (request) =>
    services.likes.newMatches(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  route(app, likesApi.matchSeen, {}, async (request) => {
    // Only the viewer's own new-like flag of that member is cleared: nothing of anyone else's is touched.
    await services.likes.markSeen(requireUser(request).profile.id, request.body.profile_id);
  });
  route(app, likesApi.landerLikes, perMinute, async (request) => {
    const user = requireUser(request);
    return services.likes.landerLikes(
      { profileId: user.profile.id, isPremium: user.paid_user },
      request.body.profile_ids,
    );
  });
  route(app, likesApi.autoLike, {}, async (request) => ({
    profile: await services.likes.autoLike(requireUser(request).profile.id, request.site.cdnPrefix),
  }));
}

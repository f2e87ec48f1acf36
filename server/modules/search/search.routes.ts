import type { FastifyInstance } from 'fastify';
import { searchApi } from '#common/wire/search.ts';
import { canSearch } from '#common/visibility.ts';
import { AppError } from '#server/lib/app-error.ts';
import { limitReads } from '#server/lib/rate-limit-hooks.ts';
import { route } from '#server/lib/route.ts';
import type { TServices } from '#server/services.ts';

/** Member search (spec §3 search state, §4 logged-out visibility). */
export async function searchRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'search' | 'rateLimits'> },
) {
  route(app, searchApi.search, { preHandler: limitReads(services.rateLimits, 'search_read') }, async (request) => {
    const { site, user } = request;
    const query = new URL(request.url, 'http://x').searchParams;
    const visible = canSearch(site, { loggedIn: Boolean(user), query, trackingCookie: request.cookies.tracking });
    if (!visible) throw new AppError('authentication_required');
    return services.search.search(request.query, { cdnPrefix: site.cdnPrefix, excludeProfileId: user?.profile.id });
  });
}

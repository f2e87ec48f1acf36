import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '#common/wire/notifications.ts';
import { limitOperation } from '#server/lib/rate-limit-hooks.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

type TConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type TRouteHandler = NonNullable<ReturnType<ReturnType<TConstraintStrategy['storage']>['get']>>;

/** The router constraint that tells `?push=1` requests to `/api/user.php` from login and account deletion. */
const PUSH_CONSTRAINT = 'pushQuery';

/**
 * Derives `push` from the query string, so that `POST|DELETE /api/user.php?push=1` are routes of their own beside
 * login and deletion on the same path (spec §7 names both URLs); without `push` those keep their routes untouched.
 */
const pushQueryStrategy: TConstraintStrategy = {
  name: PUSH_CONSTRAINT,
  storage() {
    const handlers = new Map<string, TRouteHandler>();
    return {
      get: (value: string) => handlers.get(value) ?? null,
      set: (value: string, handler: TRouteHandler) => {
        handlers.set(value, handler);
      },
    };
  },
  deriveConstraint(req) {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if (q === -1 || !url.includes('push=', q)) return undefined;
    return new URLSearchParams(url.slice(q + 1)).get('push') ?? undefined;
  },
  mustMatchWhenDerived: false,
};

/**
 * `POST /api/user.php?push=1` stores the browser's push subscription for the logged-in member (a member may have
 * several devices); `DELETE` forgets one of the member's own.
 */
export async function pushRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'push' | 'rateLimits'> },
) {
  if (!app.hasConstraintStrategy(PUSH_CONSTRAINT)) app.addConstraintStrategy(pushQueryStrategy);
  const constraints = { [PUSH_CONSTRAINT]: '1' };

  const subscribe = { constraints, preHandler: limitOperation(services.rateLimits, 'push_subscribe') };
  route(app, notificationsApi.subscribePush, subscribe, async (request) => {
    const user = requireUser(request);
    await services.push.subscribe(user.id, request.body, request.headers['user-agent'] ?? null);
    return { ok: true as const };
  });

  route(app, notificationsApi.unsubscribePush, { constraints }, async (request) => {
    const user = requireUser(request);
    await services.push.unsubscribe(user.id, request.body.endpoint);
    return { ok: true as const };
  });
}

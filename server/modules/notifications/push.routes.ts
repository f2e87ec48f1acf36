import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPushAnswer, ZPushSubscription, ZPushUnsubscribe } from '../../../common/wire/notifications.ts';
import { limitOperation } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

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

/** Browsers only ever send https endpoints and base64url keys of a P-256 point and a 16-byte secret. */
const ZPushSubscribeBody = ZPushSubscription.extend({
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Invalid key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Invalid key'),
  }),
});
const ZPushUnsubscribeBody = ZPushUnsubscribe.extend({ endpoint: ZPushSubscription.shape.endpoint });
const ZPushQuery = z.object({ push: z.literal('1') });

/**
 * `POST /api/user.php?push=1` stores the browser's push subscription for the logged-in member (a member may have
 * several devices); `DELETE` forgets one of the member's own. Hidden from /api/docs: OpenAPI has one operation per
 * method and path, and these share theirs with login and deletion (the contract is common/wire/notifications.ts).
 */
export async function pushRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  if (!app.hasConstraintStrategy(PUSH_CONSTRAINT)) app.addConstraintStrategy(pushQueryStrategy);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const constraints = { [PUSH_CONSTRAINT]: '1' };

  r.post(
    '/api/user.php',
    {
      constraints,
      preHandler: limitOperation(services.rateLimits, 'push_subscribe'),
      schema: {
        hide: true,
        tags: ['notifications'],
        summary: 'Store this browser’s push subscription (?push=1)',
        querystring: ZPushQuery,
        body: ZPushSubscribeBody,
        response: { 200: ZPushAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await services.push.subscribe(user.id, request.body, request.headers['user-agent'] ?? null);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/user.php',
    {
      constraints,
      schema: {
        hide: true,
        tags: ['notifications'],
        summary: 'Forget one of my push subscriptions (?push=1)',
        querystring: ZPushQuery,
        body: ZPushUnsubscribeBody,
        response: { 200: ZPushAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await services.push.unsubscribe(user.id, request.body.endpoint);
      return { ok: true as const };
    },
  );
}

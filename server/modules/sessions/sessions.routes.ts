import type { FastifyInstance } from 'fastify';
import { sessionsApi } from '#common/wire/sessions.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { clearSessionCookie, requireUser, SESSION_COOKIE } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** The member's active sessions: list, end one, end all others. */
export async function sessionsRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'sessions'> }) {
  const { sessions } = services;

  route(app, sessionsApi.list, {}, async (request) => {
    const user = requireUser(request);
    return { sessions: await sessions.list(user.id, request.cookies[SESSION_COOKIE], request.locale) };
  });

  route(app, sessionsApi.end, {}, async (request, reply) => {
    const user = requireUser(request);
    const token = request.cookies[SESSION_COOKIE];
    const { id, others } = request.query;
    if (others) {
      await sessions.endOthers(user.id, token);
    } else if (id) {
      const { wasCurrent } = await sessions.end(user.id, id, token);
      if (wasCurrent) {
        clearSessionCookie(reply);
        return { sessions: [] };
      }
    } else {
      throw new AppError('invalid_request');
    }
    return { sessions: await sessions.list(user.id, token, request.locale) };
  });
}

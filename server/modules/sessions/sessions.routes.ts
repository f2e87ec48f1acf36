import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEndSessionsQuery, ZSessionsResponse } from '../../../common/wire/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSessionCookie, requireUser, SESSION_COOKIE } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** The member's active sessions (issue 23 §6): list, end one, end all others. */
export async function sessionsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = services;

  r.get(
    '/api/sessions.php',
    {
      schema: {
        tags: ['account'],
        summary: "The member's active sessions (browser, country, last active, this device marked)",
        response: { 200: ZSessionsResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { sessions: await sessions.list(user.id, request.cookies[SESSION_COOKIE], request.locale) };
    },
  );

  r.delete(
    '/api/sessions.php',
    {
      schema: {
        tags: ['account'],
        summary: 'Log out one session (?id=) or every other session (?others=1); answers the sessions left',
        querystring: ZEndSessionsQuery,
        response: { 200: ZSessionsResponse },
      },
    },
    async (request, reply) => {
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
    },
  );
}

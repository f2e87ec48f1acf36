import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TUser } from '#common/wire/user.ts';
import { pagePath } from '#common/routes.ts';
import { AppError } from '../lib/app-error.ts';
import type { TAccountsService } from '../modules/accounts/accounts.service.ts';
import { CONTEXT_FREE_ROUTES } from './request-context.ts';

export { SESSION_COOKIE } from '#common/session-cookie.ts';
import { SESSION_COOKIE } from '#common/session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: TUser | null;
    /** The browser's session was ended by a ban or suspension: its pages show the access-ban page (issue 30). */
    accessBanned: boolean;
  }
}

/** Sets the session cookie after login or signup. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; maxAge: number },
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: session.maxAge,
  });
}

/** Clears the session cookie. */
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The logged-in member of a request, or 403 authentication_required. */
export function requireUser(request: FastifyRequest): TUser {
  if (!request.user && request.accessBanned) throw new AppError('account_banned');
  if (!request.user) throw new AppError('authentication_required');
  return request.user;
}

/** Resolves the logged-in member of every page and API request from the session cookie. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { accounts: TAccountsService }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('accessBanned', false);
    app.addHook('onRequest', async (request, reply) => {
      if (CONTEXT_FREE_ROUTES.has(request.routeOptions.url ?? '')) return;
      const token = request.cookies[SESSION_COOKIE];
      request.user = await opts.accounts.userForSession(token, request.site.cdnPrefix);
      if (request.user || !token) return;
      // A session a ban ended: every page leads to the access-ban page until it was shown once; then the cookie goes.
      const onBanPage = request.url.split('?')[0] === pagePath('pages-ban');
      request.accessBanned = await opts.accounts.endedByBan(token, { take: onBanPage });
      if (onBanPage && request.accessBanned) clearSessionCookie(reply);
    });
  },
  { name: 'auth', dependencies: ['request-context'] },
);

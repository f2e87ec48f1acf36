import { redirect } from 'react-router';
import type { TRequestContext } from '../../../server/web/request-context.ts';

/** The logged-in member of a page, or a redirect to /login and back afterwards (ROUTES.md). */
export function requireMember(ctx: TRequestContext, request: Request) {
  if (ctx.user) return ctx.user;
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname.replace(/\.data$/, '') + url.search)}`);
}

import { redirect } from 'react-router';
import type { TRequestContext } from '#server/web/request-context.ts';
import { url } from './url.ts';

/** The logged-in member of a page, or a redirect to /login and back afterwards (ROUTES.md). */
export function requireMember(ctx: TRequestContext, request: Request) {
  if (ctx.user) return ctx.user;
  if (ctx.accessBanned) throw redirect(url('pages-ban'));
  const address = new URL(request.url);
  throw redirect(url('login', {}, { redirect: address.pathname.replace(/\.data$/, '') + address.search }));
}

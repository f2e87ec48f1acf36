import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleAllowed, STAFF_COOKIE, type TStaffAccess, type TStaffActor } from '#common/staff.ts';
import { AppError } from '../lib/app-error.ts';
import type { TStaffAuthService, TStaffMe } from '../modules/staff/staff-auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of a console request (`/admin…`, `/api/admin/…`), else null. */
    staff: TStaffMe | null;
  }
}

/** Whether a request is one of the console's (its pages and its API): only these read the staff cookie. */
export function isConsoleUrl(url: string): boolean {
  return url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?') || url.startsWith('/api/admin/');
}

/** Sets the console session cookie: HttpOnly, SameSite=Strict, a session cookie (the server ends it after 12 h idle). */
export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function clearStaffCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, { path: '/' });
}

/** The staff member of a console request, or 403 authentication_required. */
export function requireStaff(request: FastifyRequest): TStaffActor {
  if (!request.staff) throw new AppError('authentication_required');
  return request.staff;
}

/** Whether a staff member may act on a site (not limited, or limited to sites including it). */
export function mayAccessSite(staff: TStaffActor, siteId: number): boolean {
  return staff.siteIds === null || staff.siteIds.includes(siteId);
}

/**
 * Refuses (403 forbidden) a request about something of a site the staff member is not limited to. Call it for every
 * site-scoped id a console request names, after looking up that thing's site.
 */
export function assertSiteAccess(staff: TStaffActor, siteId: number): void {
  if (!mayAccessSite(staff, siteId)) throw new AppError('forbidden');
}

/**
 * The sites a console list may show: the one asked for (refused when not allowed), else the staff member's sites
 * (null = every site).
 */
export function staffSiteFilter(staff: TStaffActor, siteId: number | undefined): number[] | null {
  if (siteId !== undefined) {
    assertSiteAccess(staff, siteId);
    return [siteId];
  }
  return staff.siteIds;
}

/**
 * The check `route()` puts before every console endpoint's handler: a staff session, and a role the endpoint allows.
 * Runs on request, before the body is read: a visitor, a member or staff without the role get 403 and nothing else.
 */
export function staffGuard(access: TStaffAccess) {
  return async (request: FastifyRequest) => {
    if (access.roles === 'public') return;
    const staff = requireStaff(request);
    if (!roleAllowed(staff.role, access)) throw new AppError('forbidden');
  };
}

/** Resolves the staff member of console requests from the console cookie (other requests never read it). */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance, opts: { staffAuth: TStaffAuthService }) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request) => {
      if (!isConsoleUrl(request.url)) return;
      request.staff = await opts.staffAuth.staffForSession(request.cookies[STAFF_COOKIE]);
    });
  },
  { name: 'staff-auth' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a console endpoint (set by `route()` from the endpoint; the access test reads it). */
    staff?: TStaffAccess;
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_COOKIE } from '#common/staff.ts';
import { adminStaffApi, AUDIT_PAGE } from '#common/wire/admin/staff.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { assertStrongPassword } from '#server/lib/passwords.ts';
import { clearStaffCookie, requireStaff, setStaffCookie } from '#server/plugins/staff-auth.ts';
import type { TServices } from '#server/services.ts';
import type { TStaffMe } from './staff-auth.service.ts';

/** Login steps per address: generous for a team behind one office address, tight for a guesser. */
const loginLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Console login, enrolment, the staff list and the audit log. */
export async function staffRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'staffAuth' | 'staff'> },
) {
  const { staffAuth, staff } = services;
  const meOf = async (me: TStaffMe) => ({ ...me, sites: await staff.siteOptions(me.siteIds) });
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  route(app, adminStaffApi.login, { config: loginLimit }, async (request) =>
    staffAuth.login(request.body, client(request)),
  );

  route(app, adminStaffApi.enrolment, { config: loginLimit }, async (request) => {
    const enrolment = await staffAuth.enrolment(request.query.token);
    if (!enrolment) throw new AppError('link_invalid');
    return enrolment;
  });

  route(app, adminStaffApi.enrol, { config: loginLimit }, async (request) => {
    const enrolment = await staffAuth.enrolment(request.body.token);
    assertStrongPassword(request.body.password, [enrolment?.email, enrolment?.name]);
    return staffAuth.enrol(request.body);
  });

  route(app, adminStaffApi.verify, { config: loginLimit }, async (request, reply) => {
    const started = await staffAuth.verify(request.body, client(request));
    // The session the browser came with (another staff member's) ends with this login.
    await staffAuth.logout(request.cookies[STAFF_COOKIE]);
    setStaffCookie(request, reply, started.token);
    return { staff: await meOf(started.staff), recoveryCodes: started.recoveryCodes };
  });

  route(app, adminStaffApi.logout, {}, async (request, reply) => {
    await staffAuth.logout(request.cookies[STAFF_COOKIE]);
    clearStaffCookie(reply);
  });

  route(app, adminStaffApi.me, {}, async (request) => {
    requireStaff(request);
    return meOf(request.staff as TStaffMe);
  });

  route(app, adminStaffApi.list, {}, async () => {
    const list = await staff.list();
    return { staff: list.map((s) => ({ ...s, lastLoginAt: iso(s.lastLoginAt) })) };
  });

  route(app, adminStaffApi.invite, {}, async (request) => staff.invite(requireStaff(request), request.body));

  route(app, adminStaffApi.update, {}, async (request) => {
    await staff.update(requireStaff(request), request.body);
  });

  route(app, adminStaffApi.resetAccess, {}, async (request) =>
    staff.resetAccess(requireStaff(request), request.body.staffId),
  );

  route(app, adminStaffApi.audit, {}, async (request) => {
    const viewer = requireStaff(request);
    const entries = await staff.audit({ ...request.query, siteIds: viewer.siteIds, limit: AUDIT_PAGE });
    return {
      entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })),
      nextBefore: entries.length === AUDIT_PAGE ? (entries.at(-1)?.id ?? null) : null,
    };
  });
}

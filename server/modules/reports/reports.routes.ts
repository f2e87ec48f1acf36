import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMPLAINTS_PER_HOUR, REPORTS_PER_HOUR } from '#common/reports.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** Reports count per member when logged in (members behind one IP do not share a budget), else per IP. */
const memberOrIp = (request: FastifyRequest) =>
  request.user ? `member:${request.user.profile.id}` : `ip:${request.ip}`;

/** Reports of profiles and photos, and the complaint form. */
export async function reportsRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'reports'> }) {
  const { reports } = services;

  const reportLimit = { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour', keyGenerator: memberOrIp } };
  route(app, reportsApi.report, { config: reportLimit }, async (request) => {
    const user = requireUser(request);
    await reports.report(user.profile.id, request.body);
  });

  const complaintLimit = { rateLimit: { max: COMPLAINTS_PER_HOUR, timeWindow: '1 hour' } };
  route(app, reportsApi.complaint, { config: complaintLimit }, async (request) => {
    const { id, mailErrors } = await reports.fileComplaint(request.body, {
      site: request.site,
      locale: request.locale,
      userId: request.user?.id ?? null,
      accountEmail: request.user?.email ?? null,
    });
    for (const err of mailErrors)
      request.log.error({ err, complaintId: id }, 'complaint email failed; queued for retry');
    return { id };
  });
}

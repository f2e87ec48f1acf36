import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPLAINTS_PER_HOUR, REPORTS_PER_HOUR } from '../../../common/reports.ts';
import { ZComplaintRequest, ZComplaintResponse, ZReportRequest } from '../../../common/wire/reports.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** Reports count per member when logged in (members behind one IP do not share a budget), else per IP. */
const memberOrIp = (request: FastifyRequest) =>
  request.user ? `member:${request.user.profile.id}` : `ip:${request.ip}`;

/** Reports of profiles and photos, and the complaint form (issue 4). */
export async function reportsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = services;

  r.post(
    '/api/report.php',
    {
      config: { rateLimit: { max: REPORTS_PER_HOUR, timeWindow: '1 hour', keyGenerator: memberOrIp } },
      schema: {
        tags: ['profiles'],
        summary: 'Report a profile or one of its photos',
        body: ZReportRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await reports.report(user.profile.id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/complaint.php',
    {
      config: { rateLimit: { max: COMPLAINTS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['support'],
        summary: 'Send a complaint to customer service',
        body: ZComplaintRequest,
        response: { 201: ZComplaintResponse },
      },
    },
    async (request, reply) => {
      const { id, mailErrors } = await reports.fileComplaint(request.body, {
        site: request.site,
        locale: request.locale,
        userId: request.user?.id ?? null,
        accountEmail: request.user?.email ?? null,
      });
      for (const err of mailErrors)
        request.log.error({ err, complaintId: id }, 'complaint email failed; queued for retry');
      return reply.status(201).send({ id });
    },
  );
}

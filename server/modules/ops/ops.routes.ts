import type { FastifyInstance } from 'fastify';
import { adminOpsApi, FAILED_JOBS_PAGE } from '#common/wire/admin/ops.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { assertSiteAccess, requireStaff, staffSiteFilter } from '#server/plugins/staff-auth.ts';
import type { TServices } from '#server/services.ts';

/**
 * The console's operations (issue 30, "Jobs"): HTTP only. Lists are filtered to the staff member's sites; a job named
 * by id is checked against its member's site (a job about no member is the platform's: staff of every site only).
 */
export async function opsRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'ops'> }) {
  const { ops } = services;

  route(app, adminOpsApi.queue, {}, async (request) => {
    const siteIds = staffSiteFilter(requireStaff(request), request.query.siteId);
    return { kinds: await ops.queue(siteIds) };
  });

  route(app, adminOpsApi.failed, {}, async (request) => {
    const { siteId, kind, page } = request.query;
    const siteIds = staffSiteFilter(requireStaff(request), siteId);
    const answer = await ops.failedJobs({ siteIds, kind, page, pageSize: FAILED_JOBS_PAGE });
    return {
      total: answer.total,
      pageSize: FAILED_JOBS_PAGE,
      jobs: answer.jobs.map((j) => ({
        ...j,
        failedAt: j.failedAt.toISOString(),
        createdAt: j.createdAt.toISOString(),
      })),
    };
  });

  route(app, adminOpsApi.retry, {}, async (request) => {
    const staff = requireStaff(request);
    const { jobId } = request.body;
    const siteId = await ops.failedJobSite(jobId);
    if (siteId === null) {
      if (staff.siteIds !== null) throw new AppError('forbidden');
    } else assertSiteAccess(staff, siteId);
    await ops.retryJob(staff.id, jobId);
  });

  route(app, adminOpsApi.sends, {}, async (request) => {
    const siteIds = staffSiteFilter(requireStaff(request), request.query.siteId);
    return { sends: await ops.sends(siteIds) };
  });

  route(app, adminOpsApi.audience, {}, async (request) => {
    assertSiteAccess(requireStaff(request), request.query.siteId);
    return ops.audience(request.query.siteId, request.query.kind);
  });

  route(app, adminOpsApi.preview, {}, async (request) => {
    const { siteId, kind, messages } = request.body;
    assertSiteAccess(requireStaff(request), siteId);
    return { previews: await ops.preview(siteId, kind, messages) };
  });

  route(app, adminOpsApi.broadcast, {}, async (request) => {
    const staff = requireStaff(request);
    assertSiteAccess(staff, request.body.siteId);
    return ops.sendBroadcast(staff.id, request.body);
  });
}
